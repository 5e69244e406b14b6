#include "cli/json_output.h"

#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rulecraft::cli {
namespace {

constexpr size_t kShortStrings = 60;
// The text is gathered in a buffer of this many bytes before it is written to the stream.
constexpr size_t kFlushBytes = size_t{1} << 16;
// Room for any number, literal or JSON escape of one byte.
constexpr size_t kTokenBytes = 32;

bool IsScalar(const nlohmann::json& value) { return !value.is_object() && !value.is_array(); }

// Arrays of numbers (a square, a grid row) stay on one line; so do arrays of strings that are
// short together (a map's overlay rows go one per line, under each other).
bool OnOneLine(const nlohmann::json::array_t& array) {
  size_t text = 0;
  for (const nlohmann::json& element : array) {
    if (!IsScalar(element)) return false;
    if (element.is_string() && (text += element.get_ref<const std::string&>().size() + 4) > kShortStrings) return false;
  }
  return true;
}

// Whether a byte is written as it is inside quotes: printable ASCII but '"' and '\\'.
constexpr bool IsPlain(unsigned char byte) { return byte >= 0x20 && byte < 0x7f && byte != '"' && byte != '\\'; }

// IsPlain of every byte, looked up.
constexpr std::array<bool, 256> kPlainBytes = [] {
  std::array<bool, 256> plain{};
  for (size_t byte = 0; byte < plain.size(); ++byte) plain[byte] = IsPlain(static_cast<unsigned char>(byte));
  return plain;
}();

// Strings shorter than this (keys, names) are checked and copied byte by byte.
constexpr size_t kShortString = 16;

#if defined(__SSE2__)
// A mask of the bytes of `bytes` that are not plain (IsPlain): a byte below 0x20 or from 0x80
// is below 0x20 as a signed byte.
inline __m128i NotPlain(__m128i bytes) {
  const __m128i space = _mm_set1_epi8(0x20), del = _mm_set1_epi8(0x7f);
  const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
  return _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(bytes, space), _mm_cmpeq_epi8(bytes, del)),
                      _mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)));
}

inline __m128i Load(const char* at) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(at)); }
#endif

// How many bytes from the start of [begin, end) are plain (IsPlain): with SSE2, 64 bytes a step
// while none fails, then 16 bytes a step to find the first that does, then byte by byte.
size_t PlainPrefix(const char* begin, const char* end) {
  const char* at = begin;
#if defined(__SSE2__)
  for (; end - at >= 64; at += 64) {
    __m128i failing = _mm_or_si128(_mm_or_si128(NotPlain(Load(at)), NotPlain(Load(at + 16))),
                                   _mm_or_si128(NotPlain(Load(at + 32)), NotPlain(Load(at + 48))));
    if (_mm_movemask_epi8(failing) != 0) break;
  }
  for (; end - at >= 16; at += 16) {
    auto mask = static_cast<unsigned>(_mm_movemask_epi8(NotPlain(Load(at))));
    if (mask != 0) return static_cast<size_t>(at - begin) + static_cast<size_t>(__builtin_ctz(mask));
  }
#endif
  for (; at < end && kPlainBytes[static_cast<unsigned char>(*at)]; ++at) {
  }
  return static_cast<size_t>(at - begin);
}

// Whether any byte of the text is past ASCII (0x80 or more), sixteen a step where SSE2 is there.
bool AnyPastAscii(std::string_view text) {
  const char* at = text.data();
  const char* end = at + text.size();
#if defined(__SSE2__)
  for (; end - at >= 16; at += 16) {
    if (_mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at))) != 0) return true;
  }
#endif
  for (; at < end; ++at) {
    if (static_cast<unsigned char>(*at) >= 0x80) return true;
  }
  return false;
}

// Writes the JSON escape of an ASCII byte that is not plain at `out` as nlohmann::json::dump
// writes it (\n, \", \u001f, DEL as it is); returns the end of what it wrote.
char* EscapeAscii(char* out, unsigned char byte) {
  const char* named = nullptr;
  switch (byte) {
    case '"': named = "\\\""; break;
    case '\\': named = "\\\\"; break;
    case '\b': named = "\\b"; break;
    case '\f': named = "\\f"; break;
    case '\n': named = "\\n"; break;
    case '\r': named = "\\r"; break;
    case '\t': named = "\\t"; break;
    default: break;
  }
  if (named != nullptr) {
    std::memcpy(out, named, 2);
    return out + 2;
  }
  if (byte >= 0x20) {  // DEL
    *out = static_cast<char>(byte);
    return out + 1;
  }
  constexpr char kHex[] = "0123456789abcdef";
  std::memcpy(out, "\\u00", 4);
  out[4] = kHex[byte >> 4];
  out[5] = kHex[byte & 0xf];
  return out + 6;
}

// The JSON text, gathered in a buffer and written to the stream a block at a time.
class Writer {
 public:
  explicit Writer(std::ostream& out) : out_(out), buffer_(kFlushBytes) {}
  ~Writer() { Flush(); }
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  // Room for `count` more bytes: where to write them, then Done with the end of what was written.
  char* Room(size_t count) {
    if (buffer_.size() - used_ < count) MakeRoom(count);
    return buffer_.data() + used_;
  }
  void Done(char* end) { used_ = static_cast<size_t>(end - buffer_.data()); }

  void Add(char c) { *Room(1) = c, ++used_; }
  // A literal: its size known where it is written, so its copy is a move or two.
  template <size_t kSize>
  void Add(const char (&literal)[kSize]) {
    std::memcpy(Room(kSize - 1), literal, kSize - 1);
    used_ += kSize - 1;
  }
  void Add(std::string_view text) {
    char* out = Room(text.size());
    std::memcpy(out, text.data(), text.size());
    used_ += text.size();
  }
  // `mark` (",\n", "\n", "{\n" …) then spaces for an indent of `indent`.
  void Line(std::string_view mark, size_t indent) {
    char* out = Room(mark.size() + indent);
    std::memcpy(out, mark.data(), mark.size());
    std::memset(out + mark.size(), ' ', indent);
    used_ += mark.size() + indent;
  }
  // A string as JSON writes it: quoted, escaped as nlohmann::json::dump escapes it.
  void String(std::string_view value) {
    if (value.size() < kShortString && ShortPlainString(value)) return;
    const char* at = value.data();
    const char* end = at + value.size();
    size_t plain = PlainPrefix(at, end);
    if (plain == value.size()) {  // the common case: the whole text as it is, in one copy
      char* out = Room(plain + 2);
      *out = '"';
      std::memcpy(out + 1, at, plain);
      out[plain + 1] = '"';
      used_ += plain + 2;
      return;
    }
    // Bytes past ASCII: dump's own escaping and its replacement of invalid UTF-8.
    if (AnyPastAscii(std::string_view(at + plain, value.size() - plain))) {
      Add(nlohmann::json(std::string(value)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      return;
    }
    Add('"');
    while (true) {
      Add(std::string_view(at, plain));
      at += plain;
      if (at == end) break;
      Done(EscapeAscii(Room(kTokenBytes), static_cast<unsigned char>(*at++)));
      plain = PlainPrefix(at, end);
    }
    Add('"');
  }
  void Scalar(const nlohmann::json& value) {
    switch (value.type()) {
      case nlohmann::json::value_t::number_integer: return Integer(value.get_ref<const int64_t&>());
      case nlohmann::json::value_t::number_unsigned: return Integer(value.get_ref<const uint64_t&>());
      case nlohmann::json::value_t::null: return Add("null");
      case nlohmann::json::value_t::boolean: return value.get_ref<const bool&>() ? Add("true") : Add("false");
      case nlohmann::json::value_t::string: return String(value.get_ref<const std::string&>());
      default: return Add(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
  }
  void Flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(used_));
    used_ = 0;
  }

 private:
  // Writes a short `value` quoted when every byte of it is plain; false (nothing written) otherwise.
  bool ShortPlainString(std::string_view value) {
    char* out = Room(value.size() + 2);
    *out++ = '"';
    for (char byte : value) {
      if (!kPlainBytes[static_cast<unsigned char>(byte)]) return false;
      *out++ = byte;
    }
    *out++ = '"';
    Done(out);
    return true;
  }
  template <typename Number>
  void Integer(Number number) {
    char* out = Room(kTokenBytes);
    Done(std::to_chars(out, out + kTokenBytes, number).ptr);
  }
  // Flushes the buffer, and grows it when `count` bytes would not fit even empty.
  void MakeRoom(size_t count) {
    Flush();
    if (buffer_.size() < count) buffer_.resize(count);
  }

  std::ostream& out_;
  std::vector<char> buffer_;
  size_t used_ = 0;
};

// Writes a value at `indent`, walking the object's map and the array's vector themselves.
void Write(Writer& out, const nlohmann::json& value, size_t indent) {
  if (value.is_object()) {
    const auto& fields = value.get_ref<const nlohmann::json::object_t&>();
    if (fields.empty()) return out.Add("{}");
    std::string_view mark = "{\n";
    for (const auto& [key, field] : fields) {
      out.Line(mark, indent + 2);
      mark = ",\n";
      out.String(key);
      out.Add(": ");
      Write(out, field, indent + 2);
    }
    out.Line("\n", indent);
    return out.Add('}');
  }
  if (!value.is_array()) return out.Scalar(value);
  const auto& elements = value.get_ref<const nlohmann::json::array_t&>();
  if (elements.empty()) return out.Add("[]");
  if (OnOneLine(elements)) {
    out.Add('[');
    bool first = true;
    for (const nlohmann::json& element : elements) {
      if (!first) out.Add(", ");
      first = false;
      out.Scalar(element);
    }
    return out.Add(']');
  }
  std::string_view mark = "[\n";
  for (const nlohmann::json& element : elements) {
    out.Line(mark, indent + 2);
    mark = ",\n";
    Write(out, element, indent + 2);
  }
  out.Line("\n", indent);
  out.Add(']');
}

}  // namespace

void WriteJson(std::ostream& out, const nlohmann::json& value) {
  Writer writer(out);
  Write(writer, value, 0);
  writer.Add('\n');
}

// The writer, and where the object's fields and the open array's elements stand.
struct JsonObjectWriter::Text {
  explicit Text(std::ostream& out) : writer(out) {}
  Writer writer;
  std::string_view field_mark = "{\n";    // what goes before the next field
  std::string_view element_mark = "[\n";  // what goes before the open array's next element
  bool closed = false;
};

JsonObjectWriter::JsonObjectWriter(std::ostream& out) : text_(std::make_unique<Text>(out)) {}

JsonObjectWriter::~JsonObjectWriter() { Close(); }

void JsonObjectWriter::Key(std::string_view key) {
  text_->writer.Line(text_->field_mark, 2);
  text_->field_mark = ",\n";
  text_->writer.String(key);
  text_->writer.Add(": ");
}

void JsonObjectWriter::Field(std::string_view key, const nlohmann::json& value) {
  Key(key);
  Write(text_->writer, value, 2);
}

void JsonObjectWriter::OpenArray(std::string_view key) {
  Key(key);
  text_->element_mark = "[\n";
}

void JsonObjectWriter::Element(const nlohmann::json& value) {
  text_->writer.Line(text_->element_mark, 4);
  text_->element_mark = ",\n";
  Write(text_->writer, value, 4);
}

void JsonObjectWriter::CloseArray() {
  if (text_->element_mark == "[\n") return text_->writer.Add("[]");
  text_->writer.Line("\n", 2);
  text_->writer.Add(']');
}

void JsonObjectWriter::Close() {
  if (text_->closed) return;
  text_->closed = true;
  if (text_->field_mark == "{\n") {
    text_->writer.Add("{}\n");
  } else {
    text_->writer.Line("\n", 0);
    text_->writer.Add("}\n");
  }
  text_->writer.Flush();
}

}  // namespace rulecraft::cli
