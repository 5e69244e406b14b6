#include "tables/yaml_subset.h"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include <yaml-cpp/mark.h>

#include "base/text_bytes.h"

namespace rulecraft::yaml {
namespace {

// Thrown where the text leaves the subset; the caller then lets yaml-cpp read it all.
struct Outside {};

enum class Kind : uint8_t { kScalar, kNull, kSequenceStart, kSequenceEnd, kMapStart, kMapEnd };

// One parser event, held until the whole text is known to be inside the subset.
struct Event {
  Kind kind = Kind::kNull;
  bool quoted = false;                                         // a scalar's tag: "!" if quoted, else "?"
  YAML::EmitterStyle::value style = YAML::EmitterStyle::Block;  // a collection's
  YAML::Mark mark;
  std::string_view value;  // a scalar's text (into the text, or into Reader::unquoted_)
};

bool IsBlank(char c) { return c == ' ' || c == '\n'; }

// Well-formed UTF-8 with no control character but the line feed, and none of the characters
// YAML reads as a line break, byte order mark or non-printable (U+0080-U+009F, U+2028,
// U+2029, U+FEFF), which the subset leaves to yaml-cpp.
bool PlainCharacters(std::string_view text) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  size_t size = text.size();
  for (size_t i = 0; i < size;) {
    i = EndOfPlainAscii(text, i);  // printable ASCII and line feeds, most of any text
    if (i >= size) break;
    unsigned char c = bytes[i];
    if (c < 0x80) return false;  // a control character other than the line feed, or DEL
    size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    if (length == 0 || c > 0xF4 || i + length > size) return false;
    uint32_t point = c & (0x3F >> (length - 1));
    for (size_t k = 1; k < length; ++k) {
      if ((bytes[i + k] & 0xC0) != 0x80) return false;
      point = (point << 6) | (bytes[i + k] & 0x3F);
    }
    const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (point < least[length] || point > 0x10FFFF || (point >= 0xD800 && point <= 0xDFFF)) return false;
    if (point <= 0x9F || point == 0x2028 || point == 0x2029 || point == 0xFEFF) return false;
    i += length;
  }
  return true;
}

bool IsNullText(std::string_view text) {
  return text == "~" || text == "null" || text == "Null" || text == "NULL";
}

// Reads the subset line by line into events; every method throws Outside where the text
// leaves it.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  void Read() {
    if (!PlainCharacters(text_)) throw Outside{};
    if (!SkipToContent()) return;  // no document at all
    size_t indent = Indent();
    if (IsSequenceEntry()) {
      BlockSequence(indent, false);
    } else if (LooksLikeKey()) {
      BlockMap(indent);
    } else {
      throw Outside{};
    }
    if (!eof_) throw Outside{};
  }

  void Replay(YAML::EventHandler& handler) const {
    if (events_.empty()) return;
    handler.OnDocumentStart(events_.front().mark);
    std::string value;
    for (const Event& event : events_) {
      switch (event.kind) {
        case Kind::kScalar:
          value.assign(event.value);
          handler.OnScalar(event.mark, event.quoted ? "!" : "?", YAML::NullAnchor, value);
          break;
        case Kind::kNull:
          handler.OnNull(event.mark, YAML::NullAnchor);
          break;
        case Kind::kSequenceStart:
          handler.OnSequenceStart(event.mark, "?", YAML::NullAnchor, event.style);
          break;
        case Kind::kSequenceEnd:
          handler.OnSequenceEnd();
          break;
        case Kind::kMapStart:
          handler.OnMapStart(event.mark, "?", YAML::NullAnchor, event.style);
          break;
        case Kind::kMapEnd:
          handler.OnMapEnd();
          break;
      }
    }
    handler.OnDocumentEnd();
  }

 private:
  char At(size_t at) const { return at < text_.size() ? text_[at] : '\n'; }
  size_t Indent() const { return pos_ - line_start_; }

  YAML::Mark MarkAt(size_t at) const {
    YAML::Mark mark;
    mark.pos = static_cast<int>(at);
    mark.line = static_cast<int>(line_);
    mark.column = static_cast<int>(at - line_start_);
    return mark;
  }

  void Emit(Kind kind, size_t at, YAML::EmitterStyle::value style = YAML::EmitterStyle::Block) {
    Event event;
    event.kind = kind;
    event.mark = MarkAt(at);
    event.style = style;
    events_.push_back(event);
  }

  // A plain scalar's event: null for the texts YAML reads as null.
  void EmitPlain(size_t begin, size_t end) {
    std::string_view value = text_.substr(begin, end - begin);
    Event event;
    event.kind = IsNullText(value) ? Kind::kNull : Kind::kScalar;
    event.mark = MarkAt(begin);
    event.value = value;
    events_.push_back(event);
  }

  void NewLine() {  // pos_ is just past a line feed
    ++line_;
    line_start_ = pos_;
  }

  // From the start of a line, skips blank and comment lines to the next line's first
  // character; false (and eof_) at the end of the text.
  bool SkipToContent() {
    while (true) {
      size_t at = pos_;
      while (at < text_.size() && text_[at] == ' ') ++at;
      if (at >= text_.size()) {
        pos_ = at;
        eof_ = true;
        return false;
      }
      if (text_[at] == '#') {
        at = text_.find('\n', at);
        if (at == std::string_view::npos) {
          pos_ = text_.size();
          eof_ = true;
          return false;
        }
      }
      if (text_[at] == '\n') {
        pos_ = at + 1;
        NewLine();
        continue;
      }
      if (at == line_start_ && (text_[at] == '%' || text_.substr(at, 3) == "---" || text_.substr(at, 3) == "...")) {
        throw Outside{};
      }
      pos_ = at;
      return true;
    }
  }

  // After a line's content: spaces, an optional comment after a space, the line's end.
  void EndLine() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
    if (pos_ >= text_.size()) return;
    if (text_[pos_] == '#' && (pos_ == line_start_ || text_[pos_ - 1] == ' ')) {
      size_t end = text_.find('\n', pos_);
      pos_ = end == std::string_view::npos ? text_.size() : end;
      if (pos_ >= text_.size()) return;
    }
    if (text_[pos_] != '\n') throw Outside{};
    ++pos_;
    NewLine();
  }

  // Whether nothing but spaces and a comment is left on the line.
  bool AtLineEnd() {
    size_t at = pos_;
    while (at < text_.size() && text_[at] == ' ') ++at;
    return at >= text_.size() || text_[at] == '\n' || (text_[at] == '#' && text_[at - 1] == ' ');
  }

  bool IsSequenceEntry() const { return At(pos_) == '-' && IsBlank(At(pos_ + 1)); }

  // The end of a block plain scalar starting at `begin`: the first ': ', ' #' or line end.
  size_t ScanBlockPlain(size_t begin) const {
    char first = At(begin);
    if (IsBlank(first) || std::string_view(",[]{}#&*!|>'\"%@`?:").find(first) != std::string_view::npos ||
        (first == '-' && IsBlank(At(begin + 1)))) {
      throw Outside{};
    }
    size_t at = begin;
    for (; at < text_.size(); ++at) {
      char c = text_[at];
      if (c == '\n') break;
      if (c == ':' && IsBlank(At(at + 1))) break;
      if (c == '#' && text_[at - 1] == ' ') break;
    }
    return at;
  }

  // The end of a flow plain scalar starting at `begin`: the first of ',?[]{}:'.
  size_t ScanFlowPlain(size_t begin) const {
    char first = At(begin);
    if (IsBlank(first) || std::string_view(",[]{}#&*!|>'\"%@`?:").find(first) != std::string_view::npos ||
        (first == '-' && IsBlank(At(begin + 1)))) {
      throw Outside{};
    }
    size_t at = begin;
    for (; at < text_.size(); ++at) {
      char c = text_[at];
      if (c == '\n' || (c == '#' && text_[at - 1] == ' ')) throw Outside{};
      if (std::string_view(",?[]{}:").find(c) != std::string_view::npos) break;
    }
    if (at >= text_.size()) throw Outside{};
    return at;
  }

  size_t TrimEnd(size_t begin, size_t end) const {
    while (end > begin && text_[end - 1] == ' ') --end;
    return end;
  }

  // Whether the line from pos_ starts with a plain key and ': ' (or ':' at the line's end).
  bool LooksLikeKey() const {
    char first = At(pos_);
    if (IsBlank(first) || std::string_view(",[]{}#&*!|>'\"%@`?:").find(first) != std::string_view::npos ||
        (first == '-' && IsBlank(At(pos_ + 1)))) {
      return false;
    }
    size_t end = ScanBlockPlain(pos_);
    return end < text_.size() && text_[end] == ':';
  }

  // A block mapping whose keys start at column `indent`; pos_ is at its first key. Returns at
  // the first content line indented less, or at the end of the text.
  void BlockMap(size_t indent) {
    Deeper();
    Emit(Kind::kMapStart, pos_);
    while (true) {
      size_t end = ScanBlockPlain(pos_);
      if (end >= text_.size() || text_[end] != ':' || end - pos_ > 1000) throw Outside{};
      EmitPlain(pos_, TrimEnd(pos_, end));
      pos_ = end + 1;
      if (AtLineEnd()) {
        EndLine();
        if (!SkipToContent()) throw Outside{};  // an empty value
        size_t inner = Indent();
        if (inner > indent) {
          BlockNode(inner);
        } else if (inner == indent && IsSequenceEntry()) {
          BlockSequence(indent, true);
        } else {
          throw Outside{};  // an empty value
        }
      } else {
        while (At(pos_) == ' ') ++pos_;
        flow_floor_ = indent;
        InlineValue();
        EndLine();
        SkipToContent();
      }
      if (eof_) break;
      size_t next = Indent();
      if (next > indent || (next == indent && IsSequenceEntry())) throw Outside{};
      if (next < indent) break;
    }
    Emit(Kind::kMapEnd, pos_);
    --depth_;
  }

  // A block sequence whose entries' '-' stand at column `indent`; pos_ is at the first one.
  // `indentless`: the value of a mapping's key at the same column, which a key ends.
  void BlockSequence(size_t indent, bool indentless) {
    Deeper();
    Emit(Kind::kSequenceStart, pos_);
    while (true) {
      ++pos_;  // the '-'
      if (AtLineEnd()) {
        EndLine();
        if (!SkipToContent() || Indent() <= indent) throw Outside{};  // an empty entry
        BlockNode(Indent());
      } else {
        while (At(pos_) == ' ') ++pos_;
        if (IsSequenceEntry()) throw Outside{};  // "- - a"
        if (LooksLikeKey()) {
          BlockMap(Indent());
        } else {
          flow_floor_ = indent;
          InlineValue();
          EndLine();
          SkipToContent();
        }
      }
      if (eof_) break;
      size_t next = Indent();
      if (next > indent) throw Outside{};
      if (next < indent) break;
      if (!IsSequenceEntry()) {
        if (indentless) break;
        throw Outside{};
      }
    }
    Emit(Kind::kSequenceEnd, pos_);
    --depth_;
  }

  // A block collection on its own lines at column `indent`.
  void BlockNode(size_t indent) {
    if (IsSequenceEntry()) {
      BlockSequence(indent, false);
    } else if (LooksLikeKey()) {
      BlockMap(indent);
    } else {
      throw Outside{};  // a scalar on the next line, which may go on over several
    }
  }

  // A value on the key's or the '-''s line: a flow collection, a quoted or a plain scalar.
  void InlineValue() {
    char c = At(pos_);
    if (c == '[' || c == '{') {
      FlowNode();
    } else if (c == '"' || c == '\'') {
      Quoted();
    } else {
      size_t end = ScanBlockPlain(pos_);
      if (end < text_.size() && text_[end] == ':') throw Outside{};  // "a: b: c"
      EmitPlain(pos_, TrimEnd(pos_, end));
      pos_ = end;
    }
  }

  // A one-line quoted scalar without escapes (but '' in single quotes).
  void Quoted() {
    char quote = text_[pos_];
    size_t begin = pos_;
    std::string unquoted;
    bool doubled = false;
    size_t at = pos_ + 1;
    for (;; ++at) {
      char c = At(at);
      if (c == '\n' || (quote == '"' && c == '\\')) throw Outside{};
      if (c != quote) {
        unquoted += c;
        continue;
      }
      if (quote == '\'' && At(at + 1) == '\'') {
        unquoted += '\'';
        doubled = true;
        ++at;
        continue;
      }
      break;
    }
    Event event;
    event.kind = Kind::kScalar;
    event.quoted = true;
    event.mark = MarkAt(begin);
    if (doubled) {
      event.value = unquoted_.emplace_back(std::move(unquoted));
    } else {
      event.value = text_.substr(begin + 1, at - begin - 1);
    }
    events_.push_back(event);
    pos_ = at + 1;
  }

  // Skips spaces and line breaks between a flow collection's parts. A line it goes on to must
  // be indented deeper than the block holding the collection, and hold more than a comment.
  void SkipFlowSpaces() {
    while (true) {
      while (At(pos_) == ' ') ++pos_;
      if (pos_ >= text_.size() || text_[pos_] != '\n') break;
      ++pos_;
      NewLine();
      size_t at = pos_;
      while (At(at) == ' ') ++at;
      if (at - line_start_ <= flow_floor_ || At(at) == '\n' || At(at) == '#') throw Outside{};
    }
    if (pos_ >= text_.size() || text_[pos_] == '#') throw Outside{};
  }

  // Counts one more level of nesting, refusing more than yaml-cpp's reading may take.
  void Deeper() {
    if (++depth_ > kMostDepth) throw Outside{};
  }

  // A node inside a flow collection (or the collection at a block value).
  void FlowNode() {
    char c = At(pos_);
    if (c == '[') {
      FlowSequence();
    } else if (c == '{') {
      FlowMap();
    } else if (c == '"' || c == '\'') {
      Quoted();
    } else {
      size_t end = ScanFlowPlain(pos_);
      if (text_[end] == ':' || text_[end] == '?') throw Outside{};
      EmitPlain(pos_, TrimEnd(pos_, end));
      pos_ = end;
    }
  }

  void FlowSequence() {
    Deeper();
    Emit(Kind::kSequenceStart, pos_, YAML::EmitterStyle::Flow);
    ++pos_;
    SkipFlowSpaces();
    if (text_[pos_] != ']') {
      while (true) {
        FlowNode();
        SkipFlowSpaces();
        char c = text_[pos_];
        if (c == ']') break;
        if (c != ',') throw Outside{};
        ++pos_;
        SkipFlowSpaces();
        if (text_[pos_] == ']') throw Outside{};  // a trailing ','
      }
    }
    ++pos_;
    Emit(Kind::kSequenceEnd, pos_);
    --depth_;
  }

  void FlowMap() {
    Deeper();
    Emit(Kind::kMapStart, pos_, YAML::EmitterStyle::Flow);
    ++pos_;
    SkipFlowSpaces();
    if (text_[pos_] != '}') {
      while (true) {
        if (At(pos_) == '"' || At(pos_) == '\'') {  // a quoted key (a map legend's "."), ": " right after it
          Quoted();
          if (At(pos_) != ':' || At(pos_ + 1) != ' ') throw Outside{};
          ++pos_;
        } else {
          size_t end = ScanFlowPlain(pos_);
          if (text_[end] != ':' || At(end + 1) != ' ') throw Outside{};
          EmitPlain(pos_, TrimEnd(pos_, end));
          pos_ = end + 1;
        }
        SkipFlowSpaces();
        if (text_[pos_] == ',' || text_[pos_] == '}') throw Outside{};  // an empty value
        FlowNode();
        SkipFlowSpaces();
        char c = text_[pos_];
        if (c == '}') break;
        if (c != ',') throw Outside{};
        ++pos_;
        SkipFlowSpaces();
        if (text_[pos_] == '}') throw Outside{};  // a trailing ','
      }
    }
    ++pos_;
    Emit(Kind::kMapEnd, pos_);
    --depth_;
  }

  std::string_view text_;
  size_t pos_ = 0;
  size_t line_ = 0;
  size_t line_start_ = 0;
  bool eof_ = false;
  size_t flow_floor_ = 0;  // the column of the block holding the flow collection being read
  size_t depth_ = 0;
  static constexpr size_t kMostDepth = 64;
  std::vector<Event> events_;
  std::deque<std::string> unquoted_;  // single-quoted scalars with '' in them, unescaped
};

}  // namespace

bool ReadYamlSubset(std::string_view text, YAML::EventHandler& handler) {
  Reader reader(text);
  try {
    reader.Read();
  } catch (const Outside&) {
    return false;
  }
  reader.Replay(handler);
  return true;
}

}  // namespace rulecraft::yaml
