#include "tables/yaml_limits.h"

#include <vector>

#include <fmt/format.h>

#include "base/limits.h"
#include "tables/yaml_file.h"

namespace rulecraft::yaml {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

// Whether a character outside quotes may open or close one, a bracket or a comment: the only
// ones the scan acts on.
bool MaySteer(char c) {
  return c == '"' || c == '\'' || c == '#' || c == '[' || c == ']' || c == '{' || c == '}';
}

// Whether a quote or a bracket at `i` starts a token (YAML allows them mid-word in plain text;
// inside `[` or `{`, right after `[`, `{` or `,` too).
bool StartsToken(std::string_view line, size_t i, bool in_flow) {
  if (i == 0) return true;
  char before = line[i - 1];
  if (in_flow && (before == '[' || before == '{' || before == ',')) return true;
  return IsBlank(before) || before == ':' || before == '-' || before == '?';
}

// Whether a line's content (comment removed) ends in a block scalar header: `|`, `>-`, `|2` …
bool OpensBlockScalar(std::string_view content) {
  while (!content.empty() && IsBlank(content.back())) content.remove_suffix(1);
  size_t end = content.size();
  while (end > 0 && (content[end - 1] == '-' || content[end - 1] == '+' ||
                     (content[end - 1] >= '1' && content[end - 1] <= '9'))) {
    --end;
  }
  if (end == 0 || (content[end - 1] != '|' && content[end - 1] != '>')) return false;
  return end == 1 || IsBlank(content[end - 2]) || content[end - 2] == ':' || content[end - 2] == '-';
}

}  // namespace

std::optional<size_t> TooDeepAt(std::string_view text, size_t max_depth) {
  std::vector<size_t> indents;        // the block levels open: their indentation
  size_t flow = 0;                    // open `[` and `{`
  char quote = 0;                     // the quote a scalar is open in
  std::optional<size_t> block_scalar; // the indentation a block scalar's lines exceed
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    size_t indent = 0;
    while (indent < line.size() && line[indent] == ' ') ++indent;
    bool blank = indent == line.size() || line[indent] == '#' || line[indent] == '\r';
    if (block_scalar && (blank || indent > *block_scalar) && quote == 0) {
      start = end + 1;
      continue;
    }
    block_scalar.reset();
    size_t i = indent;
    if (quote == 0 && flow == 0 && !blank) {
      while (!indents.empty() && indents.back() >= indent) indents.pop_back();
      indents.push_back(indent);
    }
    size_t depth = indents.size() + flow;
    if (quote == 0 && flow == 0 && !blank) {
      // `- - x`, `? - x`: each indicator opens a level on the same line.
      while (i + 1 < line.size() && (line[i] == '-' || line[i] == '?' || line[i] == ':') && IsBlank(line[i + 1])) {
        ++depth;
        i += 2;
        while (i < line.size() && IsBlank(line[i])) ++i;
      }
    }
    if (depth > max_depth) return start + i;
    size_t content_end = line.size();
    for (; i < line.size(); ++i) {
      char c = line[i];
      if (quote == 0 && !MaySteer(c)) continue;  // plain text, most of a line
      if (quote != 0) {
        if (quote == '"' && c == '\\') {
          ++i;
        } else if (c == quote) {
          if (quote == '\'' && i + 1 < line.size() && line[i + 1] == '\'') {
            ++i;
          } else {
            quote = 0;
          }
        }
        continue;
      }
      if (c == '#' && (i == 0 || IsBlank(line[i - 1]))) {
        content_end = i;
        break;
      }
      if ((c == '"' || c == '\'') && StartsToken(line, i, flow > 0)) {
        quote = c;
      } else if ((c == '[' || c == '{') && StartsToken(line, i, flow > 0)) {
        ++flow;
        if (++depth > max_depth) return start + i;
      } else if ((c == ']' || c == '}') && flow > 0) {
        --flow;
        --depth;
      }
    }
    if (quote == 0 && flow == 0 && OpensBlockScalar(line.substr(0, content_end))) block_scalar = indent;
    start = end + 1;
  }
  return std::nullopt;
}

namespace {

template <typename YamlNode>
bool CheckDocumentOf(const SourceFile& file, const YamlNode& document, Diagnostics& diagnostics) {
  struct Pending {
    YamlNode node;
    size_t depth;
  };
  std::vector<Pending> pending{{document, 1}};
  size_t nodes = 0;
  while (!pending.empty()) {
    Pending next = std::move(pending.back());
    pending.pop_back();
    const YamlNode& node = next.node;
    if (!node.IsDefined()) continue;
    if (++nodes > limits::kMaxYamlNodes) {
      diagnostics.Error("too-large", SpanOf(file, node),
                        fmt::format("this document expands to more than {} values (limits::kMaxYamlNodes); "
                                    "are aliases repeating aliases?",
                                    limits::kMaxYamlNodes));
      return false;
    }
    if (next.depth > limits::kMaxYamlDepth) {
      diagnostics.Error("too-deep", SpanOf(file, node),
                        fmt::format("values nest deeper than {} levels here (limits::kMaxYamlDepth); is an "
                                    "alias inside its own anchor?",
                                    limits::kMaxYamlDepth));
      return false;
    }
    if (node.IsScalar() && node.Scalar().size() > limits::kMaxYamlScalarBytes) {
      diagnostics.Error("too-large", SpanOf(file, node),
                        fmt::format("this value is {} bytes long, more than {} (limits::kMaxYamlScalarBytes)",
                                    node.Scalar().size(), limits::kMaxYamlScalarBytes));
      return false;
    }
    const std::string& tag = node.Tag();
    if (!tag.empty() && tag != "?" && tag != "!") {
      diagnostics.Error("yaml-tag", SpanOf(file, node),
                        fmt::format("expected a plain value, found the YAML tag '{}' (rulecraft reads no tags)", tag));
      return false;
    }
    if (node.IsSequence()) {
      for (const auto& item : node) pending.push_back({item, next.depth + 1});
    } else if (node.IsMap()) {
      for (const auto& entry : node) {
        if (!entry.first.IsScalar()) {
          diagnostics.Error("bad-key", SpanOf(file, entry.first),
                            fmt::format("expected a name as a key, found {}", Describe(entry.first)));
          return false;
        }
        pending.push_back({entry.first, next.depth + 1});
        pending.push_back({entry.second, next.depth + 1});
      }
    }
  }
  return true;
}

}  // namespace

bool CheckDocument(const SourceFile& file, const YAML::Node& document, Diagnostics& diagnostics) {
  return CheckDocumentOf(file, document, diagnostics);
}

bool CheckDocument(const SourceFile& file, const Node& document, Diagnostics& diagnostics) {
  return CheckDocumentOf(file, document, diagnostics);
}

}  // namespace rulecraft::yaml
