#include "tables/yaml_mistakes.h"

#include <map>
#include <vector>

#include <fmt/format.h>

#include "tables/yaml_file.h"

namespace rulecraft::yaml {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

// Whether a character outside quotes may open or close one, a bracket or a comment: the only
// ones the scan of a line's characters acts on.
bool MaySteer(char c) {
  return c == '"' || c == '\'' || c == '#' || c == '[' || c == ']' || c == '{' || c == '}';
}

// What a line of block layout starts with.
enum class Kind {
  kItem,      // "- …": a list item
  kKey,       // "name: …" or "name:": a mapping key
  kDashWord,  // "-name: …": a list item missing its space (or a strange key)
  kColonWord, // "name:value": a key missing the space after ':'
  kOther,     // a scalar's continuation, a flow collection, …
};

// One line of block layout (outside quotes, brackets and block scalars).
struct LayoutLine {
  int number = 0;        // 1-based
  uint32_t offset = 0;   // of the line's first byte
  size_t indent = 0;     // spaces before the content
  Kind kind = Kind::kOther;
  bool opens = false;    // ends with "key:" or "-" alone: what follows is nested deeper
  size_t inner = 0;      // kItem: the column of the content after "- " (a mapping inside the item)
  bool inner_key = false;  // kItem: that content is "key: …"
  bool inner_opens = false;
};

// Where a quote or bracket opened.
struct Opening {
  char c = 0;
  uint32_t offset = 0;
  int line = 0;
  size_t indent = 0;  // of the line it opened on
};

// Whether the content at `i` starts like "key:" followed by a space or the end: the key's end.
std::optional<size_t> KeyEnd(std::string_view line, size_t i) {
  if (i >= line.size()) return std::nullopt;
  if (line[i] == '"' || line[i] == '\'') {
    size_t close = line.find(line[i], i + 1);
    if (close == std::string_view::npos || close + 1 >= line.size() || line[close + 1] != ':') return std::nullopt;
    if (close + 2 < line.size() && !IsBlank(line[close + 2]) && line[close + 2] != '\r') return std::nullopt;
    return close + 1;
  }
  if (std::string_view("-[{#&*!|>%@`,?").find(line[i]) != std::string_view::npos) return std::nullopt;
  for (size_t j = i; j < line.size(); ++j) {
    if (line[j] == '#' && IsBlank(line[j - 1])) return std::nullopt;
    if (line[j] == ':' && (j + 1 == line.size() || IsBlank(line[j + 1]) || line[j + 1] == '\r')) return j;
  }
  return std::nullopt;
}

// Whether nothing but blanks or a comment follows position `i`.
bool RestIsEmpty(std::string_view line, size_t i) {
  while (i < line.size() && (IsBlank(line[i]) || line[i] == '\r')) ++i;
  return i == line.size() || line[i] == '#';
}

// "name:value" with a lower_snake_case name and no space: a key missing its space (never a
// scalar a rulecraft file means).
bool IsColonWord(std::string_view line, size_t i) {
  size_t j = i;
  while (j < line.size() && (std::islower(static_cast<unsigned char>(line[j])) || line[j] == '_' ||
                             std::isdigit(static_cast<unsigned char>(line[j])))) {
    ++j;
  }
  return j > i && j + 1 < line.size() && line[j] == ':' && !IsBlank(line[j + 1]) && line[j + 1] != ':' &&
         line[j + 1] != '/' && line[j + 1] != '\r';
}

std::string Spaces(size_t n) { return fmt::format("{} space{}", n, n == 1 ? "" : "s"); }

const char* Closer(char open) { return open == '[' ? "]" : "}"; }

class Scanner {
 public:
  Scanner(const SourceFile& file, bool only_sure) : file_(file), text_(file.text()), only_sure_(only_sure) {}

  std::optional<Diagnostic> Run() {
    size_t start = 0;
    int number = 0;
    while (start < text_.size() && !found_) {
      size_t end = text_.find('\n', start);
      if (end == std::string_view::npos) end = text_.size();
      ++number;
      Line(text_.substr(start, end - start), static_cast<uint32_t>(start), number);
      start = end + 1;
    }
    if (!found_ && quote_.c != 0) Unclosed(quote_, "the quote", "never closed: the quoted text runs to the end of the file");
    if (!found_ && !flow_.empty() && !only_sure_) {
      Unclosed(flow_.back(), fmt::format("the '{}'", flow_.back().c),
               fmt::format("never closed: expected '{}' before the end of the file", Closer(flow_.back().c)));
    }
    return found_;
  }

 private:
  void Report(uint32_t begin, uint32_t end, std::string message) {
    if (found_) return;
    found_ = Diagnostic{Severity::kError, "yaml-syntax", {file_.path(), begin, std::max(end, begin + 1)},
                        std::move(message), {}};
  }

  void Unclosed(const Opening& open, const std::string& what, const std::string& how) {
    Report(open.offset, open.offset + 1, fmt::format("{} opened here is {}", what, how));
  }

  void Line(std::string_view line, uint32_t offset, int number) {
    size_t indent = 0;
    while (indent < line.size() && line[indent] == ' ') ++indent;
    size_t first = indent;
    while (first < line.size() && IsBlank(line[first])) ++first;
    bool blank = first == line.size() || line[first] == '#' || line[first] == '\r';
    if (block_scalar_ && quote_.c == 0 && (blank || indent > *block_scalar_)) return;
    block_scalar_.reset();
    // A line that starts a new entry while a quote or bracket is still open: it was never closed.
    if (!blank && (quote_.c != 0 || !flow_.empty())) {
      const Opening& open = quote_.c != 0 ? quote_ : flow_.back();
      bool entry = KeyEnd(line, first).has_value() || (line[first] == '-' && first + 1 < line.size() && line[first + 1] == ' ');
      if (indent <= open.indent && entry) {
        if (quote_.c != 0) {
          Unclosed(quote_, "the quote", fmt::format("not closed on its line: the quoted text runs on into line {}", number));
        } else if (!only_sure_) {
          Unclosed(open, fmt::format("the '{}'", open.c),
                   fmt::format("not closed: expected '{}' before line {} starts a new entry", Closer(open.c), number));
        }
        return;
      }
    }
    if (quote_.c == 0 && flow_.empty() && !blank) Layout(line, offset, number, indent, first);
    if (found_) return;
    Characters(line, offset, number, first);
  }

  // Quotes and brackets of one line.
  void Characters(std::string_view line, uint32_t offset, int number, size_t first) {
    size_t content_end = line.size();
    for (size_t i = first; i < line.size(); ++i) {
      char c = line[i];
      if (quote_.c != 0) {
        if (quote_.c == '"' && c == '\\') {
          ++i;
        } else if (c == quote_.c) {
          if (quote_.c == '\'' && i + 1 < line.size() && line[i + 1] == '\'') {
            ++i;
          } else {
            quote_.c = 0;
          }
        }
        continue;
      }
      if (!MaySteer(c)) continue;  // plain text, most of a line
      if (c == '#' && (i == 0 || IsBlank(line[i - 1]))) {
        content_end = i;
        break;
      }
      // A quote or bracket opens only where a value starts: first on the line, or after ':', '-',
      // '?' and, inside brackets, '[', '{' or ','. Elsewhere it is part of plain text.
      size_t before = i;
      while (before > first && IsBlank(line[before - 1])) --before;
      char previous = before > first ? line[before - 1] : 0;
      bool spaced = before < i;
      bool starts = previous == 0 || (spaced && (previous == ':' || previous == '-' || previous == '?')) ||
                    (!flow_.empty() && (previous == '[' || previous == '{' || previous == ','));
      if ((c == '"' || c == '\'') && starts) {
        quote_ = {c, offset + static_cast<uint32_t>(i), number, indent_of_line_};
      } else if ((c == '[' || c == '{') && starts) {
        flow_.push_back({c, offset + static_cast<uint32_t>(i), number, indent_of_line_});
      } else if ((c == ']' || c == '}') && !flow_.empty()) {
        Opening open = flow_.back();
        flow_.pop_back();
        if (*Closer(open.c) != c && !only_sure_) {
          LineColumn at = file_.Locate(open.offset);
          Report(offset + static_cast<uint32_t>(i), offset + static_cast<uint32_t>(i) + 1,
                 fmt::format("this '{}' closes the '{}' opened at line {}, column {}; expected '{}'", c, open.c,
                             at.line, at.column, Closer(open.c)));
          return;
        }
      }
    }
    if (quote_.c == 0 && flow_.empty()) {
      std::string_view content = line.substr(0, content_end);
      while (!content.empty() && (IsBlank(content.back()) || content.back() == '\r')) content.remove_suffix(1);
      size_t end = content.size();
      while (end > 0 && (content[end - 1] == '-' || content[end - 1] == '+' ||
                         (content[end - 1] >= '1' && content[end - 1] <= '9'))) {
        --end;
      }
      if (end > 0 && (content[end - 1] == '|' || content[end - 1] == '>') &&
          (end == 1 || IsBlank(content[end - 2]))) {
        block_scalar_ = indent_of_line_;
      }
    }
  }

  // The block layout of a line that starts outside quotes and brackets.
  void Layout(std::string_view line, uint32_t offset, int number, size_t indent, size_t first) {
    indent_of_line_ = indent;
    LayoutLine here;
    here.number = number;
    here.offset = offset;
    here.indent = indent;
    if (first != indent && !only_sure_) {  // a tab among the leading blanks
      Report(offset + static_cast<uint32_t>(indent), offset + static_cast<uint32_t>(first),
             fmt::format("this line is indented with a tab; YAML indents with spaces only{}",
                         levels_.empty() || levels_.back().indent == 0
                             ? ""
                             : fmt::format(" (the {} above uses {})", Name(levels_.back().kind),
                                           Spaces(levels_.back().indent))));
      return;
    }
    if (line[first] == '-' && (first + 1 == line.size() || IsBlank(line[first + 1]) || line[first + 1] == '\r')) {
      here.kind = Kind::kItem;
      size_t inner = first + 1;
      while (inner < line.size() && line[inner] == ' ') ++inner;
      here.opens = RestIsEmpty(line, inner);
      here.inner = inner;
      if (auto key = KeyEnd(line, inner)) {
        here.inner_key = true;
        here.inner_opens = RestIsEmpty(line, *key + 1);
      }
    } else if (line[first] == '-' && first + 1 < line.size() &&
               (std::isalpha(static_cast<unsigned char>(line[first + 1])) || line[first + 1] == '_' ||
                line[first + 1] == '"' || line[first + 1] == '{' || line[first + 1] == '[')) {
      here.kind = Kind::kDashWord;
    } else if (auto key = KeyEnd(line, first)) {
      here.kind = Kind::kKey;
      here.opens = RestIsEmpty(line, *key + 1);
    } else if (IsColonWord(line, first)) {
      here.kind = Kind::kColonWord;
    }
    Check(here, line, first);
    previous_ = here;
  }

  struct Level {
    size_t indent;
    Kind kind;  // kItem or kKey
  };

  static const char* Name(Kind kind) { return kind == Kind::kItem ? "list" : "mapping"; }

  void Check(const LayoutLine& here, std::string_view line, size_t first) {
    uint32_t begin = here.offset + static_cast<uint32_t>(here.indent);
    uint32_t end = here.offset + static_cast<uint32_t>(line.size());
    // Close the levels deeper than this line; remember the nearest one closed.
    std::optional<Level> closed;
    while (!levels_.empty() && levels_.back().indent > here.indent) {
      closed = levels_.back();
      levels_.pop_back();
    }
    bool deeper_allowed = previous_ && previous_->opens;
    bool same = !levels_.empty() && levels_.back().indent == here.indent;
    if (here.kind == Kind::kDashWord && same && levels_.back().kind == Kind::kItem) {
      Report(begin, begin + 1,
             fmt::format("'-' needs a space after it to start a list item: write '- {}'", line.substr(first + 1)));
      return;
    }
    if (here.kind == Kind::kColonWord && (same || levels_.empty()) && (levels_.empty() || levels_.back().kind == Kind::kKey)) {
      size_t colon = line.find(':', first);
      Report(here.offset + static_cast<uint32_t>(colon), here.offset + static_cast<uint32_t>(colon) + 1,
             fmt::format("a key needs a space after ':': write '{}: {}'", line.substr(first, colon - first),
                         line.substr(colon + 1)));
      return;
    }
    if (here.kind == Kind::kColonWord && only_sure_) return;
    if (here.kind != Kind::kItem && here.kind != Kind::kKey) {
      if (!only_sure_ && !same && !deeper_allowed && closed) Misplaced(here, *closed, begin, end);
      return;
    }
    if (same) {
      Level& level = levels_.back();
      if (level.kind != here.kind) {
        // "key:" followed by its list at the key's own indentation is YAML's compact form.
        if (here.kind == Kind::kItem && level.kind == Kind::kKey && deeper_allowed) {
          levels_.push_back({here.indent, Kind::kItem});
        } else if (here.kind == Kind::kKey && level.kind == Kind::kItem && levels_.size() > 1 &&
                   levels_[levels_.size() - 2].indent == here.indent) {
          levels_.pop_back();  // the compact list ends; this key continues its mapping
        } else if (!only_sure_) {
          Report(begin, end,
                 here.kind == Kind::kKey
                     ? fmt::format("this line is a key at the indentation of the list items above ({}); a level "
                                   "holds either list items or keys, not both",
                                   Spaces(level.indent))
                     : fmt::format("this line is a list item at the indentation of the mapping's keys above ({}); "
                                   "a level holds either list items or keys, not both",
                                   Spaces(level.indent)));
          return;
        }
      }
    } else if (levels_.empty() || deeper_allowed) {
      levels_.push_back({here.indent, here.kind});
    } else if (!only_sure_) {
      Misplaced(here, closed ? *closed : levels_.back(), begin, end);
      return;
    }
    if (here.kind == Kind::kItem && here.inner_key) {
      levels_.push_back({here.inner, Kind::kKey});
      if (here.inner_opens) {
        LayoutLine inner = here;
        inner.opens = true;
        previous_ = inner;
      }
    }
  }

  void Misplaced(const LayoutLine& here, const Level& level, uint32_t begin, uint32_t end) {
    Report(begin, end,
           fmt::format("this line is indented {}; the {} above uses {}", Spaces(here.indent), Name(level.kind),
                       Spaces(level.indent)));
  }

  const SourceFile& file_;
  std::string_view text_;
  bool only_sure_;
  std::optional<Diagnostic> found_;
  Opening quote_;
  std::vector<Opening> flow_;
  std::optional<size_t> block_scalar_;
  size_t indent_of_line_ = 0;
  std::vector<Level> levels_;
  std::optional<LayoutLine> previous_;
};

}  // namespace

std::optional<Diagnostic> FindLayoutMistake(const SourceFile& file, bool only_sure) {
  return Scanner(file, only_sure).Run();
}

namespace {

template <typename YamlNode>
void CheckDuplicateKeysOf(const SourceFile& file, const YamlNode& document, Diagnostics& diagnostics) {
  std::vector<YamlNode> pending = {document};
  size_t visited = 0;
  while (!pending.empty() && visited < 4'000'000) {
    YamlNode node = pending.back();
    pending.pop_back();
    ++visited;
    if (node.IsSequence()) {
      for (const auto& item : node) pending.push_back(item);
    } else if (node.IsMap()) {
      // The scalar keys so far, each first given; a small mapping is searched in a row.
      std::vector<YamlNode> keys;
      std::map<std::string, YamlNode> seen;
      bool small = node.size() <= 32;
      for (const auto& entry : node) {
        pending.push_back(entry.second);
        if (!entry.first.IsScalar()) continue;
        const YamlNode* first = nullptr;
        if (small) {
          const auto& key = entry.first.Scalar();
          for (const YamlNode& earlier : keys) {
            if (earlier.Scalar() == key) {
              first = &earlier;
              break;
            }
          }
          if (first == nullptr) keys.push_back(entry.first);
        } else {
          auto [found, fresh] = seen.emplace(std::string(entry.first.Scalar()), entry.first);
          if (!fresh) first = &found->second;
        }
        if (first == nullptr) continue;
        LineColumn at = file.Locate(SpanOf(file, *first).begin);
        Diagnostic& error = diagnostics.Error(
            "duplicate-key", SpanOf(file, entry.first),
            fmt::format("key '{}' is given twice in this mapping: at line {} and here", entry.first.Scalar(), at.line));
        error.notes.push_back({SpanOf(file, *first), "first given here"});
      }
    }
  }
}

}  // namespace

void CheckDuplicateKeys(const SourceFile& file, const YAML::Node& document, Diagnostics& diagnostics) {
  CheckDuplicateKeysOf(file, document, diagnostics);
}

void CheckDuplicateKeys(const SourceFile& file, const Node& document, Diagnostics& diagnostics) {
  CheckDuplicateKeysOf(file, document, diagnostics);
}

}  // namespace rulecraft::yaml
