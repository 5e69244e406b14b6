#include "cli/json_output.h"

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
bool OnOneLine(const nlohmann::json& array) {
  size_t text = 0;
  for (const nlohmann::json& element : array) {
    if (!IsScalar(element)) return false;
    if (element.is_string()) text += element.get_ref<const std::string&>().size() + 4;
  }
  return text <= kShortStrings;
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
    for (char c : value) {
      auto byte = static_cast<unsigned char>(c);
      // Control characters, quotes, backslashes and bytes past ASCII: dump's own escaping and
      // its replacement of invalid UTF-8.
      if (byte < 0x20 || byte >= 0x7f || c == '"' || c == '\\') {
        Add(nlohmann::json(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        return;
      }
    }
    text_ += '"';
    text_ += value;
    Add('"');
    if (text_.size() >= kFlushBytes) Flush();
  }
  void Scalar(const nlohmann::json& value) {
    if (value.is_number_integer()) {
      Add(fmt::format_int(value.get<int64_t>()).c_str());
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

void Write(Writer& out, const nlohmann::json& value, size_t indent) {
  if (IsScalar(value)) return out.Scalar(value);
  bool object = value.is_object();
  if (value.empty()) {
    out.Add(object ? "{}" : "[]");
    return;
  }
  if (!object && OnOneLine(value)) {
    out.Add('[');
    bool first = true;
    for (const nlohmann::json& element : value) {
      if (!first) out.Add(", ");
      first = false;
      out.Scalar(element);
    }
    out.Add(']');
    return;
  }
  out.Add(object ? "{\n" : "[\n");
  bool first = true;
  for (auto it = value.begin(); it != value.end(); ++it) {
    if (!first) out.Add(",\n");
    first = false;
    out.Indent(indent + 2);
    if (object) {
      out.String(it.key());
      out.Add(": ");
    }
    Write(out, *it, indent + 2);
  }
  out.Add('\n');
  out.Indent(indent);
  out.Add(object ? '}' : ']');
}

}  // namespace

void WriteJson(std::ostream& out, const nlohmann::json& value) {
  Writer writer(out);
  Write(writer, value, 0);
  writer.Add('\n');
}

}  // namespace rulecraft::cli
