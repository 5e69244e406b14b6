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
  std::string pointer;   // the field as a JSON pointer ("/steps/2/cost")
  bool missing = false;  // the answer has no such key
};

// Every field of `expected` must appear in `actual` with an equal value; mappings compare as
// subsets, lists element by element, numbers as numbers, and a matcher mapping (`contains`,
// `excludes`, `absent`, `not`, `approx`/`within`, `at_least`, `at_most`, `length`; see
// docs/scenarios.md) by what it says. Returns the differences.
// Whether `expected` is a matcher: a mapping whose keys are all matcher names.
bool IsMatcher(const nlohmann::json& expected);

std::vector<Mismatch> CompareExpected(const nlohmann::json& expected, const nlohmann::json& actual);

}  // namespace rulecraft::query
