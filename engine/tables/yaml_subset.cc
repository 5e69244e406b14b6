#include "tables/yaml_subset.h"

#include <array>
#include <bit>
#include <cstdint>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <yaml-cpp/mark.h>

#include "base/text_bytes.h"

namespace rulecraft::yaml {
namespace {

// Thrown where the text leaves the subset; the caller then lets yaml-cpp read it all.
struct Outside {};

// The bytes a block plain scalar's scan stops at or notes (kStops), and those that may steer
// the text checks before reading (yaml_limits.h's TooDeepAt, yaml_mistakes.h's
// FindLayoutMistake) when they stand inside a plain scalar (kSteers).
// Also the bytes no plain scalar starts with (kIndicator), those a flow plain scalar ends at
// (kFlowStops), those after which a quote or opening bracket opens one for the text checks
// (kOpensAfter), and those a one-line quoted scalar's scan stops at (kQuoteStops): one lookup a
// byte where a search of a short list of characters would be a call.
constexpr uint8_t kStops = 1;
constexpr uint8_t kSteers = 2;
constexpr uint8_t kIndicator = 4;
constexpr uint8_t kFlowStops = 8;
constexpr uint8_t kOpensAfter = 16;
constexpr uint8_t kQuoteStops = 32;
constexpr std::array<uint8_t, 256> kPlainBytes = [] {
  std::array<uint8_t, 256> bytes{};
  auto mark = [&](std::string_view chars, uint8_t kind) {
    for (char c : chars) bytes[static_cast<unsigned char>(c)] |= kind;
  };
  mark("\n:#", kStops);
  mark("'\"[]{}|>", kSteers);
  mark(",[]{}#&*!|>'\"%@`?:", kIndicator);
  mark(",?[]{}:", kFlowStops);
  mark(" \n:-?,[{", kOpensAfter);
  mark("\n\\'\"", kQuoteStops);
  return bytes;
}();

bool Is(char c, uint8_t kind) { return (kPlainBytes[static_cast<unsigned char>(c)] & kind) != 0; }

bool IsBlank(char c) { return c == ' ' || c == '\n'; }

// Well-formed UTF-8 with no control character but the line feed, and none of the characters
// YAML reads as a line break, byte order mark or non-printable (U+0080-U+009F, U+2028,
// U+2029, U+FEFF), which the subset leaves to yaml-cpp.
bool PlainCharacters(std::string_view text) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  size_t size = text.size();
  for (size_t i = 0; i < size;) {
    i = EndOfPlainAscii(text, i);  // printable ASCII and line feeds, most of any text
    // A run of other characters, each read in place, with a single printable ASCII byte between
    // them (a space between words) read here too.
    while (i < size) {
      unsigned char c = bytes[i];
      if (c < 0x80) {
        if (!((c >= 0x20 && c < 0x7F) || c == '\n')) return false;  // a control character or DEL
        ++i;
        if (i < size && bytes[i] < 0x80) break;
        continue;
      }
      size_t length = MultiByteLength(text, i);
      if (length == 0) return false;
      if (c == 0xC2 && bytes[i + 1] <= 0x9F) return false;                                   // U+0080-U+009F
      if (c == 0xE2 && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)) return false;  // U+2028/9
      if (c == 0xEF && bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF) return false;             // U+FEFF
      i += length;
    }
  }
  return true;
}

// The same answer as PlainCharacters for a text known to be well-formed UTF-8 with no control
// character but tab, line feed and carriage return: only tabs, carriage returns and the
// characters U+0080-U+009F, U+2028, U+2029 and U+FEFF are left to look for, by the bytes that
// start them (0x09, 0x0D, 0xC2, 0xE2, 0xEF), sixteen at a time where the machine can.
bool PlainCheckedCharacters(std::string_view text) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  size_t size = text.size();
  // Whether the character at `at` is refused. A lead byte of a well-formed text is followed by
  // the continuation bytes of its sequence.
  auto refused = [&](size_t at) {
    unsigned char c = bytes[at];
    if (c == '\t' || c == '\r') return true;
    if (c == 0xC2) return bytes[at + 1] <= 0x9F;
    if (c == 0xE2) return bytes[at + 1] == 0x80 && (bytes[at + 2] == 0xA8 || bytes[at + 2] == 0xA9);
    if (c == 0xEF) return bytes[at + 1] == 0xBB && bytes[at + 2] == 0xBF;
    return false;
  };
  size_t at = 0;
#if defined(__SSE2__)
  const __m128i tab = _mm_set1_epi8('\t');
  const __m128i carriage_return = _mm_set1_epi8('\r');
  const __m128i lead_c2 = _mm_set1_epi8(static_cast<char>(0xC2));
  const __m128i lead_e2 = _mm_set1_epi8(static_cast<char>(0xE2));
  const __m128i lead_ef = _mm_set1_epi8(static_cast<char>(0xEF));
  for (; at + 16 <= size; at += 16) {
    __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + at));
    __m128i hits = _mm_or_si128(_mm_cmpeq_epi8(chunk, tab), _mm_cmpeq_epi8(chunk, carriage_return));
    hits = _mm_or_si128(hits, _mm_cmpeq_epi8(chunk, lead_c2));
    hits = _mm_or_si128(hits, _mm_or_si128(_mm_cmpeq_epi8(chunk, lead_e2), _mm_cmpeq_epi8(chunk, lead_ef)));
    for (auto mask = static_cast<unsigned>(_mm_movemask_epi8(hits)); mask != 0; mask &= mask - 1) {
      if (refused(at + static_cast<size_t>(std::countr_zero(mask)))) return false;
    }
  }
#endif
  for (; at < size; ++at) {
    if (refused(at)) return false;
  }
  return true;
}

bool IsNullText(std::string_view text) {
  return text == "~" || text == "null" || text == "Null" || text == "NULL";
}

// Reads the subset line by line into a tree; every method throws Outside where the text
// leaves it.
class Reader {
 public:
  Reader(std::string_view text, bool checked_text, Tree& tree) : text_(text), checked_text_(checked_text), tree_(tree) {}

  void Read() {
    if (!(checked_text_ ? PlainCheckedCharacters(text_) : PlainCharacters(text_))) throw Outside{};
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

  SubsetNotes Notes() const { return {steering_, deepest_}; }

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

  // A plain scalar: null for the texts YAML reads as null.
  void AddPlain(size_t begin, size_t end) {
    std::string_view value = text_.substr(begin, end - begin);
    if (IsNullText(value)) {
      tree_.AddNull(MarkAt(begin));
    } else {
      tree_.AddScalar(MarkAt(begin), false, value);
    }
  }

  // Notes a plain scalar holding a byte the text checks may act on: '|' or '>' (a block
  // scalar's header at a line's end), or a quote, '[' or '{' where they would open one (after a
  // blank, ':', '-', '?', ',', '[' or '{', or first on the line); a closing bracket they act on
  // only inside brackets, where a plain scalar holds none.
  void NoteSteering(size_t begin, size_t end) {
    for (size_t at = begin; at < end && !steering_; ++at) {
      char c = text_[at];
      if (!(kPlainBytes[static_cast<unsigned char>(c)] & kSteers)) continue;
      if (c == '|' || c == '>') {
        steering_ = true;
      } else if (c == '\'' || c == '"' || c == '[' || c == '{') {
        char before = at > 0 ? text_[at - 1] : '\n';
        if (Is(before, kOpensAfter)) steering_ = true;
      }
    }
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

  // Whether the byte at `at` cannot start a plain scalar: a blank, an indicator, or "- ".
  bool CannotStartPlain(size_t at) const {
    char first = At(at);
    return IsBlank(first) || Is(first, kIndicator) || (first == '-' && IsBlank(At(at + 1)));
  }

  // The end of a block plain scalar starting at `begin`: the first ': ', ' #' or line end.
  // `steers`, when given, is set to whether a byte NoteSteering looks at stands before it.
  size_t ScanBlockPlain(size_t begin, bool* steers = nullptr) const {
    if (CannotStartPlain(begin)) throw Outside{};
    size_t at = begin;
    bool steering_byte = false;
    for (; at < text_.size(); ++at) {
      char c = text_[at];
      uint8_t kind = kPlainBytes[static_cast<unsigned char>(c)];
      if (kind == 0) continue;
      if (!(kind & kStops)) {
        steering_byte = true;
        continue;
      }
      if (c == '\n') break;
      if (c == ':' && IsBlank(At(at + 1))) break;
      if (c == '#' && text_[at - 1] == ' ') break;
    }
    if (steers != nullptr) *steers = steering_byte;
    return at;
  }

  // The end of a flow plain scalar starting at `begin`: the first of ',?[]{}:'.
  // `steers` is set to whether a byte NoteSteering looks at stands before it.
  size_t ScanFlowPlain(size_t begin, bool& steers) const {
    if (CannotStartPlain(begin)) throw Outside{};
    size_t at = begin;
    bool steering_byte = false;
    for (; at < text_.size(); ++at) {
      char c = text_[at];
      uint8_t kind = kPlainBytes[static_cast<unsigned char>(c)];
      if (!(kind & (kFlowStops | kStops | kSteers))) continue;  // ':' is both of the first
      if (kind & kFlowStops) break;  // '[', ']', '{', '}' steer too, but end the scalar first
      if (kind & kSteers) {
        steering_byte = true;
        continue;
      }
      if (c == '\n' || (c == '#' && text_[at - 1] == ' ')) throw Outside{};
    }
    if (at >= text_.size()) throw Outside{};
    steers = steering_byte;
    return at;
  }

  size_t TrimEnd(size_t begin, size_t end) const {
    while (end > begin && text_[end - 1] == ' ') --end;
    return end;
  }

  // Whether the line from pos_ starts with a plain key and ': ' (or ':' at the line's end).
  bool LooksLikeKey() const {
    if (CannotStartPlain(pos_)) return false;
    size_t end = ScanBlockPlain(pos_);
    return end < text_.size() && text_[end] == ':';
  }

  // A block mapping whose keys start at column `indent`; pos_ is at its first key. Returns at
  // the first content line indented less, or at the end of the text.
  void BlockMap(size_t indent) {
    Deeper();
    tree_.Open(true, MarkAt(pos_), false);
    while (true) {
      bool steers = false;
      size_t end = ScanBlockPlain(pos_, &steers);
      if (end >= text_.size() || text_[end] != ':' || end - pos_ > 1000) throw Outside{};
      size_t key_end = TrimEnd(pos_, end);
      // A key starting a line may be read by the layout check as "-name:" or "name:value".
      if (text_[pos_] == '-' || text_.substr(pos_, key_end - pos_).find(':') != std::string_view::npos) {
        steering_ = true;
      }
      if (steers) NoteSteering(pos_, key_end);  // else it has no byte to note
      AddPlain(pos_, key_end);
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
    tree_.Close();
    --depth_;
  }

  // A block sequence whose entries' '-' stand at column `indent`; pos_ is at the first one.
  // `indentless`: the value of a mapping's key at the same column, which a key ends.
  void BlockSequence(size_t indent, bool indentless) {
    Deeper();
    tree_.Open(false, MarkAt(pos_), false);
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
    tree_.Close();
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
      bool steers = false;
      size_t end = ScanBlockPlain(pos_, &steers);
      if (end < text_.size() && text_[end] == ':') throw Outside{};  // "a: b: c"
      size_t value_end = TrimEnd(pos_, end);
      if (steers) NoteSteering(pos_, value_end);  // else it has no byte to note
      AddPlain(pos_, value_end);
      pos_ = end;
    }
  }

  // The first byte from `at` on that a quoted scalar's scan stops at (kQuoteStops), or the
  // text's size; sixteen bytes at a time where the machine can.
  size_t NextQuoteStop(size_t at) const {
#if defined(__SSE2__)
    const __m128i line_feed = _mm_set1_epi8('\n');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i single_quote = _mm_set1_epi8('\'');
    const __m128i double_quote = _mm_set1_epi8('"');
    for (; at + 16 <= text_.size(); at += 16) {
      __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text_.data() + at));
      __m128i hits = _mm_or_si128(_mm_cmpeq_epi8(chunk, line_feed), _mm_cmpeq_epi8(chunk, backslash));
      hits = _mm_or_si128(hits, _mm_or_si128(_mm_cmpeq_epi8(chunk, single_quote), _mm_cmpeq_epi8(chunk, double_quote)));
      auto mask = static_cast<unsigned>(_mm_movemask_epi8(hits));
      if (mask != 0) return at + static_cast<size_t>(std::countr_zero(mask));
    }
#endif
    while (at < text_.size() && !Is(text_[at], kQuoteStops)) ++at;
    return at;
  }

  // A one-line quoted scalar without escapes (but '' in single quotes).
  void Quoted() {
    char quote = text_[pos_];
    size_t begin = pos_;
    bool doubled = false;
    size_t at = pos_ + 1;
    for (;; ++at) {
      at = NextQuoteStop(at);
      char c = At(at);
      if (c == '\n' || (quote == '"' && c == '\\')) throw Outside{};
      if (c != quote) continue;
      if (quote == '\'' && At(at + 1) == '\'') {
        doubled = true;
        ++at;
        continue;
      }
      break;
    }
    std::string_view inside = text_.substr(begin + 1, at - begin - 1);
    if (doubled) {
      std::string unquoted;
      unquoted.reserve(inside.size());
      for (size_t i = 0; i < inside.size(); ++i) {
        unquoted += inside[i];
        if (inside[i] == '\'') ++i;  // the second of ''
      }
      tree_.AddOwnedScalar(MarkAt(begin), true, std::move(unquoted));
    } else {
      tree_.AddScalar(MarkAt(begin), true, inside);
    }
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
    if (depth_ > deepest_) deepest_ = depth_;
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
      bool steers = false;
      size_t end = ScanFlowPlain(pos_, steers);
      if (text_[end] == ':' || text_[end] == '?') throw Outside{};
      size_t value_end = TrimEnd(pos_, end);
      if (steers) NoteSteering(pos_, value_end);  // else it has no byte to note
      AddPlain(pos_, value_end);
      pos_ = end;
    }
  }

  void FlowSequence() {
    Deeper();
    tree_.Open(false, MarkAt(pos_), true);
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
    tree_.Close();
    --depth_;
  }

  void FlowMap() {
    Deeper();
    tree_.Open(true, MarkAt(pos_), true);
    ++pos_;
    SkipFlowSpaces();
    if (text_[pos_] != '}') {
      while (true) {
        if (At(pos_) == '"' || At(pos_) == '\'') {  // a quoted key (a map legend's "."), ": " right after it
          Quoted();
          if (At(pos_) != ':' || At(pos_ + 1) != ' ') throw Outside{};
          ++pos_;
        } else {
          bool steers = false;
          size_t end = ScanFlowPlain(pos_, steers);
          if (text_[end] != ':' || At(end + 1) != ' ') throw Outside{};
          size_t key_end = TrimEnd(pos_, end);
          if (steers) NoteSteering(pos_, key_end);  // else it has no byte to note
          AddPlain(pos_, key_end);
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
    tree_.Close();
    --depth_;
  }

  std::string_view text_;
  bool checked_text_;  // see ReadYamlSubset
  size_t pos_ = 0;
  size_t line_ = 0;
  size_t line_start_ = 0;
  bool eof_ = false;
  size_t flow_floor_ = 0;  // the column of the block holding the flow collection being read
  size_t depth_ = 0;
  size_t deepest_ = 0;     // the most collections open at once
  bool steering_ = false;  // some plain scalar may steer the text checks
  static constexpr size_t kMostDepth = 64;
  Tree& tree_;
};

}  // namespace

bool ReadYamlSubset(std::string_view text, Tree& tree, SubsetNotes* notes, bool checked_text) {
  // A guess from the size (the bundled tables hold a node in 7 to 20 bytes, comments included);
  // the arrays grow past it if need be.
  tree.Reserve(text.size() / 7 + 8);
  tree.MarksAreOffsets();
  Reader reader(text, checked_text, tree);
  try {
    reader.Read();
  } catch (const Outside&) {
    tree = Tree();
    return false;
  }
  if (notes != nullptr) *notes = reader.Notes();
  return true;
}

bool ReadYamlSubset(std::string_view text, YAML::EventHandler& handler) {
  Tree tree;
  if (!ReadYamlSubset(text, tree)) return false;
  tree.Replay(handler);
  return true;
}

}  // namespace rulecraft::yaml
