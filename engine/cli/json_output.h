// Writing answers as JSON for people and tools alike.
#pragma once

#include <memory>
#include <ostream>
#include <string_view>

#include <nlohmann/json.hpp>

namespace rulecraft::cli {

// Writes `value` to `out` as JSON indented by two spaces, each array of numbers (or of a few
// short strings) on one line (`"at": [3, 4]`, a reach grid's row), streaming rather than
// building the whole text in memory.
void WriteJson(std::ostream& out, const nlohmann::json& value);

// Writes one JSON object to a stream a field at a time, so a large answer need not be held whole:
// given its fields in key order, and an array field's elements (objects) one by one, it writes
// exactly what WriteJson writes for the whole object.
class JsonObjectWriter {
 public:
  explicit JsonObjectWriter(std::ostream& out);
  ~JsonObjectWriter();  // closes the object when Close was not called
  JsonObjectWriter(const JsonObjectWriter&) = delete;
  JsonObjectWriter& operator=(const JsonObjectWriter&) = delete;

  // The next field: `key`, after every key written before it, and its whole value.
  void Field(std::string_view key, const nlohmann::json& value);
  // The next field, an array whose elements follow (Element) until CloseArray.
  void OpenArray(std::string_view key);
  // The open array's next element, written one per line as WriteJson writes an array of objects.
  void Element(const nlohmann::json& value);
  // Ends the open array.
  void CloseArray();
  // Ends the object and its line, and hands the text to the stream.
  void Close();

 private:
  struct Text;
  void Key(std::string_view key);
  std::unique_ptr<Text> text_;
};

}  // namespace rulecraft::cli
