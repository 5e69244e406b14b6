// The `expect:` comparison of scenario tests, matchers included (docs/scenarios.md, "Matchers").
#include "query/expect.h"

#include <gtest/gtest.h>

namespace rulecraft::query {
namespace {

nlohmann::json Answer() {
  return nlohmann::json::parse(R"({"threatens": [[3, 4], [4, 4]], "cost": 7.5, "why": "out of reach",
                                   "squares": [{"at": [1, 2], "cost": 1}], "reachable": true})");
}

size_t Differences(const char* expected) {
  return CompareExpected(nlohmann::json::parse(expected), Answer()).size();
}

TEST(Expect, PlainValuesCompareAsSubsets) {
  EXPECT_EQ(Differences(R"({"cost": 7.5, "reachable": true})"), 0u);
  EXPECT_EQ(Differences(R"({"cost": 7})"), 1u);
  EXPECT_EQ(Differences(R"({"missing": 1})"), 1u);
}

TEST(Expect, ContainsAndExcludes) {
  EXPECT_EQ(Differences(R"({"threatens": {"contains": [[3, 4]]}})"), 0u);
  EXPECT_EQ(Differences(R"({"threatens": {"contains": [[3, 4], [5, 5]]}})"), 1u);
  EXPECT_EQ(Differences(R"({"threatens": {"excludes": [[5, 5]]}})"), 0u);
  EXPECT_EQ(Differences(R"({"threatens": {"excludes": [[4, 4]]}})"), 1u);
  EXPECT_EQ(Differences(R"({"why": {"contains": "reach"}})"), 0u);
  // A list item may itself be a partial mapping.
  EXPECT_EQ(Differences(R"({"squares": {"contains": [{"at": [1, 2]}]}})"), 0u);
  EXPECT_EQ(Differences(R"({"squares": {"contains": [{"at": [2, 2]}]}})"), 1u);
}

TEST(Expect, AbsentAndNot) {
  EXPECT_EQ(Differences(R"({"missing": {"absent": true}})"), 0u);
  EXPECT_EQ(Differences(R"({"cost": {"absent": true}})"), 1u);
  EXPECT_EQ(Differences(R"({"cost": {"not": 7}})"), 0u);
  EXPECT_EQ(Differences(R"({"cost": {"not": 7.5}})"), 1u);
  EXPECT_EQ(Differences(R"({"missing": {"not": 7}})"), 1u);
}

TEST(Expect, NumbersWithinBounds) {
  EXPECT_EQ(Differences(R"({"cost": {"approx": 7.4, "within": 0.2}})"), 0u);
  EXPECT_EQ(Differences(R"({"cost": {"approx": 7, "within": 0.2}})"), 1u);
  EXPECT_EQ(Differences(R"({"cost": {"at_least": 7, "at_most": 8}})"), 0u);
  EXPECT_EQ(Differences(R"({"cost": {"at_least": 8}})"), 1u);
  EXPECT_EQ(Differences(R"({"why": {"at_most": 8}})"), 1u);
}

TEST(Expect, Length) {
  EXPECT_EQ(Differences(R"({"threatens": {"length": 2}})"), 0u);
  EXPECT_EQ(Differences(R"({"threatens": {"length": 3, "contains": [[3, 4]]}})"), 1u);
}

TEST(Expect, AMappingWithOtherKeysIsNoMatcher) {
  EXPECT_FALSE(IsMatcher(nlohmann::json::parse(R"({"contains": 1, "cost": 2})")));
  EXPECT_TRUE(IsMatcher(nlohmann::json::parse(R"({"at_least": 1, "at_most": 2})")));
}

TEST(Expect, MessagesSayWhatWasExpected) {
  auto differences = CompareExpected(nlohmann::json::parse(R"({"threatens": {"contains": [[5, 5]]}})"), Answer());
  ASSERT_EQ(differences.size(), 1u);
  EXPECT_EQ(differences[0].field, "threatens");
  EXPECT_EQ(differences[0].expected, "to contain [5,5]");
  EXPECT_EQ(differences[0].actual, "[[3,4],[4,4]]");
}

TEST(Expect, AKeyTheAnswerLacksIsMissingAtItsJsonPointer) {
  auto differences = CompareExpected(nlohmann::json::parse(R"({"squares": [{"cots": 1}], "cost": 7})"), Answer());
  ASSERT_EQ(differences.size(), 2u);
  EXPECT_EQ(differences[0].field, "cost");
  EXPECT_EQ(differences[0].pointer, "/cost");
  EXPECT_FALSE(differences[0].missing);  // there, with another value
  EXPECT_EQ(differences[1].field, "squares[0].cots");
  EXPECT_EQ(differences[1].pointer, "/squares/0/cots");
  EXPECT_TRUE(differences[1].missing);
  EXPECT_EQ(differences[1].actual, "(missing)");
}

TEST(Expect, AKeyExpectedAbsentButPresentIsNotMissing) {
  auto differences = CompareExpected(nlohmann::json::parse(R"({"why": {"absent": true}})"), Answer());
  ASSERT_EQ(differences.size(), 1u);
  EXPECT_FALSE(differences[0].missing);
}

}  // namespace
}  // namespace rulecraft::query
