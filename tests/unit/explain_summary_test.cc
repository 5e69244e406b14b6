// The short explanation (query/explain_summary.h) built from a full trace, and file names given
// from their ruleset (query/source_name.h).
#include "query/explain_summary.h"

#include <gtest/gtest.h>

#include "query/source_name.h"

namespace rulecraft::query {
namespace {

// A path of one diagonal step whose cost, 2, comes from diagonal_cost through hindered_cost and
// step_cost (depth: what each rule read is nested one deeper).
nlohmann::json DiagonalPath() {
  return nlohmann::json::parse(R"({
    "steps": [{"at": [4, 5], "cost": 2, "total": 2}],
    "explain": [
      {"step": 1, "rule": "may_enter", "value": "true", "at": "dnd35:movement.rules:131:6", "depth": 0},
      {"step": 1, "table": "terrain", "row": "open", "column": "difficult", "value": "false", "at": "t:1:1", "depth": 2},
      {"step": 1, "rule": "hindrances", "value": "0", "at": "dnd35:movement.rules:27:6", "depth": 1},
      {"step": 1, "rule": "diagonal_cost", "value": "2", "at": "dnd35:movement.rules:12:6", "quote": "\"second diagonal\"", "depth": 2},
      {"step": 1, "table": "sizes", "row": "medium", "column": "space", "value": "5 ft", "at": "t:2:1", "depth": 2},
      {"step": 1, "rule": "hindered_cost", "value": "2", "at": "dnd35:movement.rules:62:6", "depth": 1},
      {"step": 1, "rule": "step_cost", "value": "2", "at": "dnd35:movement.rules:70:6", "depth": 0}
    ]})");
}

TEST(ExplainSummary, OneLinePerStepWithTheDecidingRule) {
  nlohmann::json summary = SummarizeExplain(DiagonalPath());
  ASSERT_EQ(summary.size(), 1u);
  EXPECT_EQ(summary[0]["rule"], "step_cost");
  EXPECT_EQ(summary[0]["value"], "2");
  EXPECT_EQ(summary[0]["decided_by"], "diagonal_cost = 2");
  EXPECT_EQ(summary[0]["at"], "dnd35:movement.rules:12:6");
  EXPECT_EQ(summary[0]["inputs"], nlohmann::json::parse(R"(["sizes.medium.space = 5 ft"])"));
  EXPECT_EQ(summary[0]["line"],
            "step 1 → (4,5): step_cost = 2 by diagonal_cost = 2 (dnd35:movement.rules:12) \"second "
            "diagonal\" "
            "← sizes.medium.space = 5 ft");
}

TEST(ExplainSummary, ARefusalNamesTheProhibitionThatHeld) {
  nlohmann::json result = nlohmann::json::parse(R"({
    "first_illegal": {"step": 1, "at": [2, 0], "why": "blocked"},
    "explain": [
      {"step": 1, "rule": "blocked", "value": "true", "at": "dnd35:movement.rules:91:6", "depth": 1},
      {"step": 1, "rule": "charge_forbids", "value": "false", "at": "dnd35:movement.rules:127:6", "depth": 1},
      {"step": 1, "rule": "may_enter", "value": "false", "at": "dnd35:movement.rules:131:6", "depth": 0}
    ]})");
  nlohmann::json summary = SummarizeExplain(result);
  ASSERT_EQ(summary.size(), 1u);
  EXPECT_EQ(summary[0]["decided_by"], "blocked = true");
  EXPECT_EQ(
      summary[0]["line"],
      "step 1 → (2,0), not taken: may_enter = false by blocked = true (dnd35:movement.rules:91)");
}

TEST(ExplainSummary, ANumberOfTheAnswerGetsItsOwnLineWithWhatItRead) {
  nlohmann::json result = nlohmann::json::parse(R"({
    "attack_bonus": 1, "cover": "low",
    "explain": [
      {"rule": "may_attack", "value": "true", "at": "c:1:1", "depth": 0},
      {"modifier": "+1 size", "counted": true, "source": "size", "at": "c:2:1", "depth": 1},
      {"rule": "attack_bonus", "value": "1", "at": "dnd35:combat.rules:71:6", "depth": 0},
      {"rule": "walls_cover", "value": "true", "at": "c:3:1", "depth": 1},
      {"rule": "cover_degree", "value": "cover.low", "at": "d20_cover:cover.rules:36:6", "depth": 0}
    ]})");
  nlohmann::json summary = SummarizeExplain(result);
  ASSERT_EQ(summary.size(), 2u);
  EXPECT_EQ(summary[0]["line"], "attack_bonus = 1 (dnd35:combat.rules:71) ← +1 size (size)");
  EXPECT_EQ(summary[1]["line"],
            "cover_degree = cover.low (d20_cover:cover.rules:36) ← walls_cover = true");
}

TEST(ExplainSummary, NoTraceNoSummary) {
  EXPECT_TRUE(SummarizeExplain(nlohmann::json::parse(R"({"cost": 1})")).empty());
}

TEST(SourceName, AFileIsNamedFromItsRuleset) {
  EXPECT_EQ(RulesetRelativeName(RULECRAFT_SOURCE_DIR "/rulesets/dnd35/tables/sizes.yaml"),
            "dnd35:tables/sizes.yaml");
  EXPECT_EQ(RulesetRelativeName(RULECRAFT_SOURCE_DIR "/rulesets/modules/d20_cover/cover.rules"),
            "d20_cover:cover.rules");
  EXPECT_EQ(RulesetRelativeName("no/such/folder/file.yaml"), "no/such/folder/file.yaml");
}

}  // namespace
}  // namespace rulecraft::query
