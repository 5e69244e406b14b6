// Comparing a result with a test case's `expect:` block.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rulecraft::query {

// One difference: the field path ("space_ft", "steps[2].cost"), expected and actual values.
struct Mismatch {
  std::string field;
  std::string expected;
  std::string actual;
};

// Every field of `expected` must appear in `actual` with an equal value; mappings compare as
// subsets, lists element by element, numbers as numbers. Returns the differences.
std::vector<Mismatch> CompareExpected(const nlohmann::json& expected, const nlohmann::json& actual);

}  // namespace rulecraft::query
