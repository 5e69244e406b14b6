#include "cli/json_output.h"

#include <string>

#include <fmt/format.h>

namespace rulecraft::cli {
namespace {

constexpr size_t kShortStrings = 60;

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

void WriteScalar(std::ostream& out, const nlohmann::json& value) {
  if (value.is_number_integer()) {
    out << fmt::format_int(value.get<int64_t>()).c_str();
  } else {
    out << value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
}

void Write(std::ostream& out, const nlohmann::json& value, int indent) {
  if (IsScalar(value)) return WriteScalar(out, value);
  bool object = value.is_object();
  if (value.empty()) {
    out << (object ? "{}" : "[]");
    return;
  }
  if (!object && OnOneLine(value)) {
    out << '[';
    bool first = true;
    for (const nlohmann::json& element : value) {
      if (!first) out << ", ";
      first = false;
      WriteScalar(out, element);
    }
    out << ']';
    return;
  }
  std::string inner(static_cast<size_t>(indent + 2), ' ');
  out << (object ? "{\n" : "[\n");
  bool first = true;
  for (auto it = value.begin(); it != value.end(); ++it) {
    if (!first) out << ",\n";
    first = false;
    out << inner;
    if (object) out << nlohmann::json(it.key()).dump() << ": ";
    Write(out, *it, indent + 2);
  }
  out << '\n' << std::string(static_cast<size_t>(indent), ' ') << (object ? '}' : ']');
}

}  // namespace

void WriteJson(std::ostream& out, const nlohmann::json& value) {
  Write(out, value, 0);
  out << '\n';
}

}  // namespace rulecraft::cli
