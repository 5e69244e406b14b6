// What a hostile turn query can grow has a named limit (docs/limits.md): at the limit the query is
// answered, one more is refused with error[too-large] (issue 16; the bad-input corpus refuses
// 10,000: tests/bad_inputs/scenarios/query_turn_actions_too_many, query_turn_tumble_rolls_too_many).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "repeat.h"

#include "base/limits.h"
#include "rulecraft/rulecraft.h"

namespace rulecraft {
namespace {

using rulecraft::testing::Repeat;

// A hero two squares from an orc, and one turn query whose `actions:` list is `actions`.
std::string TurnScenario(const std::string& actions) {
  return "ruleset: dnd35\n"
         "map:\n"
         "  legend: { \".\": open }\n"
         "  rows: [\"........\", \"........\"]\n"
         "creatures:\n"
         "  - { id: hero, side: party, race: human, at: [0, 0] }\n"
         "  - { id: orc, side: foes, race: human, at: [3, 1] }\n"
         "queries:\n"
         "  - { id: q1, turn: { creature: hero, actions: [" +
         actions + "] } }\n";
}

struct Outcome {
  std::vector<std::string> errors;  // the codes of the errors reported
  nlohmann::json answer;            // the turn query's answer, when it was answered
};

Outcome AskTurn(const std::string& actions) {
  Session session;
  Diagnostics diagnostics;
  auto results = session.RunScenario(ScenarioText{"turn.yaml", TurnScenario(actions), RULECRAFT_SOURCE_DIR}, diagnostics);
  Outcome outcome;
  for (const Diagnostic& diagnostic : diagnostics.items()) {
    if (diagnostic.severity == Severity::kError) outcome.errors.push_back(diagnostic.code);
  }
  if (results && (*results)["results"].size() == 1) outcome.answer = (*results)["results"][0];
  return outcome;
}

// `count` free actions, each legal however many a round holds.
std::string FreeActions(size_t count) {
  std::string list = Repeat("{ free: {} }, ", count);
  return list.substr(0, list.size() - 2);
}

// One tumbling move past the orc (one check) with `count` given rolls.
std::string TumbleWithRolls(size_t count) {
  std::string rolls = Repeat("17, ", count);
  return "{ move: { to: [3, 0], tumble: { rolls: [" + rolls.substr(0, rolls.size() - 2) + "] } } }";
}

TEST(TurnLimits, ATurnOfTheMostActionsIsAnswered) {
  Outcome outcome = AskTurn(FreeActions(limits::kMaxActionsPerTurn));
  EXPECT_TRUE(outcome.errors.empty());
  EXPECT_EQ(outcome.answer["legal"], true);
  EXPECT_EQ(outcome.answer["actions"].size(), limits::kMaxActionsPerTurn);
}

TEST(TurnLimits, OneActionMoreIsTooLarge) {
  Outcome outcome = AskTurn(FreeActions(limits::kMaxActionsPerTurn + 1));
  EXPECT_EQ(outcome.errors, std::vector<std::string>{"too-large"});
  EXPECT_FALSE(outcome.answer.contains("actions"));
}

TEST(TurnLimits, ATumbleGivingTheMostRollsIsAnswered) {
  Outcome outcome = AskTurn(TumbleWithRolls(limits::kMaxGivenRolls));
  EXPECT_TRUE(outcome.errors.empty());
  ASSERT_EQ(outcome.answer["actions"].size(), 1u);
  EXPECT_EQ(outcome.answer["actions"][0]["tumbles"][0]["roll"], 17);  // the first given roll, used
  EXPECT_EQ(outcome.answer["actions"][0]["tumbles"][0]["rolled"], "given");
}

TEST(TurnLimits, OneRollMoreIsTooLarge) {
  Outcome outcome = AskTurn(TumbleWithRolls(limits::kMaxGivenRolls + 1));
  EXPECT_EQ(outcome.errors, std::vector<std::string>{"too-large"});
}

}  // namespace
}  // namespace rulecraft
