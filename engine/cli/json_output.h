// Writing answers as JSON for people and tools alike.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

namespace rulecraft::cli {

// Writes `value` to `out` as JSON indented by two spaces, each array of numbers (or of a few
// short strings) on one line (`"at": [3, 4]`, a reach grid's row), streaming rather than
// building the whole text in memory.
void WriteJson(std::ostream& out, const nlohmann::json& value);

}  // namespace rulecraft::cli
