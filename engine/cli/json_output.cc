#include "cli/json_output.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace rulecraft::cli {
namespace {

constexpr size_t kShortStrings = 60;
// The text is gathered in a buffer of about this many bytes before it is written to the stream.
constexpr size_t kFlushBytes = size_t{1} << 16;

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

// Whether every byte of the text is plain (IsPlain), eight bytes a step: the word tests of
// "Bit Twiddling Hacks" (hasless, haszero), exact for whether any byte fails.
bool AllPlain(const std::string& text) {
  constexpr uint64_t kOnes = 0x0101010101010101, kHighs = 0x8080808080808080;
  auto any_zero = [](uint64_t word) { return (word - kOnes) & ~word & kHighs; };
  const char* bytes = text.data();
  size_t size = text.size(), at = 0;
  for (; at + 8 <= size; at += 8) {
    uint64_t word = 0;
    std::memcpy(&word, bytes + at, 8);
    uint64_t failing = ((word - kOnes * 0x20) & ~word & kHighs)  // a byte below 0x20
                       | (word & kHighs)                          // a byte from 0x80
                       | any_zero(word ^ (kOnes * 0x7f)) | any_zero(word ^ (kOnes * '"')) |
                       any_zero(word ^ (kOnes * '\\'));
    if (failing != 0) return false;
  }
  for (; at < size; ++at) {
    if (!IsPlain(static_cast<unsigned char>(bytes[at]))) return false;
  }
  return true;
}

// The JSON text, gathered in a buffer and written to the stream a block at a time.
class Writer {
 public:
  explicit Writer(std::ostream& out) : out_(out) { text_.reserve(kFlushBytes + 1024); }
  ~Writer() { Flush(); }
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  void Add(char c) { text_ += c; }
  void Add(std::string_view text) {
    text_ += text;
    if (text_.size() >= kFlushBytes) Flush();
  }
  // Spaces for an indent of `count`.
  void Indent(size_t count) { text_.append(count, ' '); }
  // A string as JSON writes it: quoted, escaped as nlohmann::json::dump escapes it.
  void String(const std::string& value) {
    // Control characters, quotes, backslashes and bytes past ASCII: dump's own escaping and
    // its replacement of invalid UTF-8.
    if (!AllPlain(value)) {
      Add(nlohmann::json(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      return;
    }
    text_ += '"';
    text_ += value;
    Add('"');
    if (text_.size() >= kFlushBytes) Flush();
  }
  void Scalar(const nlohmann::json& value) {
    if (value.is_number_integer()) {
      fmt::format_int digits(value.get<int64_t>());
      Add(std::string_view(digits.data(), digits.size()));
    } else if (value.is_null()) {
      Add("null");
    } else if (value.is_boolean()) {
      Add(value.get<bool>() ? "true" : "false");
    } else if (value.is_string()) {
      String(value.get_ref<const std::string&>());
    } else {
      Add(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
  }
  void Flush() {
    out_.write(text_.data(), static_cast<std::streamsize>(text_.size()));
    text_.clear();
  }

 private:
  std::ostream& out_;
  std::string text_;
};

// Writes a value at `indent`, walking the object's map and the array's vector themselves.
void Write(Writer& out, const nlohmann::json& value, size_t indent) {
  if (value.is_object()) {
    const auto& fields = value.get_ref<const nlohmann::json::object_t&>();
    if (fields.empty()) return out.Add("{}");
    out.Add("{\n");
    bool first = true;
    for (const auto& [key, field] : fields) {
      if (!first) out.Add(",\n");
      first = false;
      out.Indent(indent + 2);
      out.String(key);
      out.Add(": ");
      Write(out, field, indent + 2);
    }
    out.Add('\n');
    out.Indent(indent);
    out.Add('}');
    return;
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
    out.Add(']');
    return;
  }
  out.Add("[\n");
  bool first = true;
  for (const nlohmann::json& element : elements) {
    if (!first) out.Add(",\n");
    first = false;
    out.Indent(indent + 2);
    Write(out, element, indent + 2);
  }
  out.Add('\n');
  out.Indent(indent);
  out.Add(']');
}

}  // namespace

void WriteJson(std::ostream& out, const nlohmann::json& value) {
  Writer writer(out);
  Write(writer, value, 0);
  writer.Add('\n');
}

}  // namespace rulecraft::cli
