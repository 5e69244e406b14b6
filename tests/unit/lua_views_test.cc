// Strict Lua views (docs/lua.md, "What a script sees"): a misspelt field is an error with "did
// you mean", an absent optional field reads nil, every view lists exactly the fields
// hooks/views.cc declares, and docs/lua/rulecraft.lua is generated from that list.
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "hooks/runner.h"
#include "hooks/script.h"
#include "hooks/views.h"
#include "ruleset/ruleset.h"

namespace rulecraft::hooks {
namespace {

const ruleset::Ruleset& Dnd35() {
  static SourceSet sources;
  static Diagnostics load;
  static auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, load);
  return *rules;
}

// An oracle that says where steps are, as the movement layer does.
class FixedOracle : public Oracle {
 public:
  std::optional<double> StepOnTerrain(const StepFacts&, int) override { return 1; }
  bool EndOnTerrain(const SquareFacts&, int) override { return true; }
  std::string DescribeStep(const StepFacts&) override { return "(3,4) → (4,5)"; }
  std::string DescribeSquare(const SquareFacts&) override { return "(4,5)"; }
};

struct StepRun {
  double cost = 0;
  std::string failure;  // the failure text, "" when the call worked
  std::string message;  // the diagnostic's message
  std::string code;
};

// Runs `source`'s step_cost for a spider stepping diagonally into difficult terrain.
StepRun RunStepCost(const std::string& source) {
  auto script = ScriptFromText("scripts/spider.lua", source);
  EXPECT_FALSE(script->error) << script->error_text;
  const ruleset::Ruleset& rules = Dnd35();
  Runner runner(rules, Limits{});
  FixedOracle oracle;
  runner.SetOracle(&oracle);
  CreatureFacts spider;
  spider.id = "spider";
  spider.size = "medium";
  spider.armor = "none";
  spider.speeds_ft = {{"land", 30}, {"climb", 20}};
  runner.SetMover(spider, {script.get()});
  runner.SetMode(rules.Table("movement_modes").IndexOf("move"));
  StepFacts step;
  step.to.key = 1;
  step.to.terrain = rules.Table("terrain").IndexOf("difficult");
  step.side_a = step.to;
  step.side_b = step.to;
  step.diagonal = true;
  step.diagonal_number = 2;
  StepRun run;
  run.cost = runner.StepCost(step, {}, 2);
  if (runner.failed()) {
    run.failure = runner.failure_text();
    run.message = runner.failure().message;
    run.code = runner.failure().code;
  }
  return run;
}

TEST(LuaViews, AMisspeltNestedFieldIsAnErrorWithASuggestion) {
  StepRun run = RunStepCost(
      "function step_cost(mover, step, mode, cost)\n"
      "  if step.to.terrain.nmae == 'difficult' then return 1 end\n"
      "end\n");
  EXPECT_EQ(run.code, "lua-error");
  EXPECT_EQ(run.failure,
            "scripts/spider.lua:2: in step_cost, while pricing the step (3,4) → (4,5) for creature 'spider': no "
            "field 'nmae' in a row of table 'terrain'; did you mean 'name'?");
}

TEST(LuaViews, AMisspeltTopLevelFieldIsAnErrorWithASuggestion) {
  StepRun run = RunStepCost(
      "function step_cost(mover, step, mode, cost)\n"
      "  local t = step.to.terain\n"
      "end\n");
  EXPECT_EQ(run.message,
            "in step_cost, while pricing the step (3,4) → (4,5) for creature 'spider': no field 'terain' in the "
            "square view; did you mean 'terrain'?");
  run = RunStepCost("function step_cost(mover, step, mode, cost)\n  return step.diagonal_numbr\nend\n");
  EXPECT_EQ(run.message,
            "in step_cost, while pricing the step (3,4) → (4,5) for creature 'spider': no field 'diagonal_numbr' in "
            "the step view; did you mean 'diagonal_number'?");
  run = RunStepCost("function step_cost(mover, step, mode, cost)\n  return mover.speed.clim\nend\n");
  EXPECT_EQ(run.message,
            "in step_cost, while pricing the step (3,4) → (4,5) for creature 'spider': no field 'clim' in the speed "
            "view (`speed`); did you mean 'climb'?");
  run = RunStepCost("function step_cost(mover, step, mode, cost)\n  return rules.tables.terrain.dificult.width\nend\n");
  EXPECT_EQ(run.message,
            "in step_cost, while pricing the step (3,4) → (4,5) for creature 'spider': no row 'dificult' in table "
            "'terrain'; did you mean 'difficult'?");
  run = RunStepCost("function step_cost(mover, step, mode, cost)\n  return rules.tables.terain\nend\n");
  EXPECT_EQ(run.message,
            "in step_cost, while pricing the step (3,4) → (4,5) for creature 'spider': no table 'terain' in "
            "rules.tables; did you mean 'terrain'?");
}

TEST(LuaViews, AbsentOptionalFieldsReadNil) {
  // No race, no fly speed, no barrier, and terrain rows leave `width` and `dark` out.
  StepRun run = RunStepCost(
      "function step_cost(mover, step, mode, cost)\n"
      "  assert(mover.race == nil and mover.speed.fly == nil and mover.speed.climb == 20)\n"
      "  assert(step.barrier == nil and step.to.terrain.width == nil)\n"
      "  assert(step.to.terrain.difficult == true and rules.tables.terrain[999] == nil)\n"
      "  assert(step.diagonal_number == 2 and mode.name == 'move')\n"
      "  return cost + 1\n"
      "end\n");
  EXPECT_EQ(run.failure, "");
  EXPECT_EQ(run.cost, 3);
}

TEST(LuaViews, WritingToAStepIsRefused) {
  StepRun run = RunStepCost("function step_cost(mover, step, mode, cost)\n  step.diagonal = false\nend\n");
  EXPECT_EQ(run.message,
            "in step_cost, while pricing the step (3,4) → (4,5) for creature 'spider': this table is read-only: a "
            "script changes nothing but its return value");
}

TEST(LuaViews, AResultOfTheWrongTypeNamesTheStep) {
  StepRun run = RunStepCost("function step_cost(mover, step, mode, cost)\n  return 'two'\nend\n");
  EXPECT_EQ(run.code, "lua-result");
  EXPECT_EQ(run.failure,
            "scripts/spider.lua:1: in step_cost, while pricing the step (3,4) → (4,5) for creature 'spider': "
            "step_cost returned a string; it returns a number or nil (to keep the rules' result)");
}

// Every view holds the fields views.cc lists (optional ones may be absent), and no others.
TEST(LuaViews, EveryViewHoldsExactlyItsListedFields) {
  std::string lists;
  auto list = [&](const std::string& variable, View view) {
    std::string fields;
    for (const ViewField& field : ViewOf(view).fields) {
      fields += "['" + field.name + "'] = " + (field.optional ? "false" : "true") + ", ";
    }
    lists += "  check(" + variable + ", '" + variable + "', {" + fields + "})\n";
  };
  list("mover", View::kCreature);
  list("mover.at", View::kPosition);
  list("mover.speed", View::kSpeeds);
  list("step", View::kStep);
  list("step.to", View::kSquare);
  list("rules", View::kRules);
  list("map", View::kMap);
  std::string source =
      "local function check(view, name, fields)\n"
      "  for key in pairs(view) do\n"
      "    if fields[key] == nil then error(name .. ' has ' .. key .. ', which views.cc does not list') end\n"
      "  end\n"
      "  for key, required in pairs(fields) do\n"
      "    if required and view[key] == nil then error(name .. ' lacks ' .. key) end\n"
      "  end\n"
      "end\n"
      "function step_cost(mover, step, mode, cost)\n" +
      lists + "  return 7\nend\n";
  StepRun run = RunStepCost(source);
  EXPECT_EQ(run.failure, "");
  EXPECT_EQ(run.cost, 7);
}

TEST(LuaViews, TheAttackViewHoldsExactlyItsListedFields) {
  std::string fields;
  for (const ViewField& field : ViewOf(View::kAttack).fields) fields += "'" + field.name + "', ";
  auto script = ScriptFromText("fields.lua",
                               "function attack_bonus(attack, bonus)\n"
                               "  local n = 0\n"
                               "  for _, key in ipairs({" + fields + "}) do assert(attack[key] ~= nil, key); n = n + 1 end\n"
                               "  for key in pairs(attack) do n = n - 1 end\n"
                               "  return n\n"
                               "end\n");
  CreatureFacts attacker;
  attacker.id = "a";
  CreatureFacts defender;
  defender.id = "d";
  Runner runner(Dnd35(), Limits{});
  runner.SetMover(attacker, {script.get()});
  AttackFacts attack;
  attack.attacker = &attacker;
  attack.defender = &defender;
  EXPECT_EQ(runner.AttackBonus(attack, 5), 0) << runner.failure_text();
  EXPECT_FALSE(runner.failed());
}

TEST(LuaViews, ErrorsOfOtherHooksNameWhatWasEvaluated) {
  auto script = ScriptFromText("scripts/odd.lua",
                               "function speed(mover, land)\n  return mover.sped.land\nend\n"
                               "function ac_bonus(attack, bonus)\n  return attack.flankng and 2\nend\n");
  CreatureFacts spider;
  spider.id = "spider";
  Runner runner(Dnd35(), Limits{});
  runner.SetMover(spider, {script.get()});
  runner.Speed(30);
  EXPECT_EQ(runner.failure_text(),
            "scripts/odd.lua:2: in speed, while working out the land speed of creature 'spider': no field 'sped' in "
            "the creature view; did you mean 'speed'?");
  CreatureFacts orc;
  orc.id = "orc";
  Runner second(Dnd35(), Limits{});
  second.SetMover(spider, {script.get()});
  AttackFacts attack;
  attack.attacker = &orc;
  attack.defender = &spider;
  attack.melee = false;
  second.AcBonus(attack, 0);
  EXPECT_EQ(second.failure_text(),
            "scripts/odd.lua:5: in ac_bonus, while working out the AC bonus against the ranged attack of creature "
            "'orc' on creature 'spider': no field 'flankng' in the attack view; did you mean 'flanking'?");
}

// docs/lua/rulecraft.lua is what views.cc generates (RULECRAFT_UPDATE_DOCS=1 rewrites it).
TEST(LuaViews, TheLanguageServerDefinitionsAreCurrent) {
  std::string path = std::string(RULECRAFT_SOURCE_DIR) + "/docs/lua/rulecraft.lua";
  std::string generated = LuaLsDefinitions();
  if (std::getenv("RULECRAFT_UPDATE_DOCS") != nullptr) std::ofstream(path, std::ios::binary) << generated;
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_EQ(text.str(), generated) << "docs/lua/rulecraft.lua differs from the views engine/hooks/views.cc lists; "
                                      "rewrite it with RULECRAFT_UPDATE_DOCS=1 build/tests/rulecraft_tests "
                                      "--gtest_filter='LuaViews.*'";
  // Each view class and each of its fields is declared.
  for (const ViewClass& view : Views()) {
    EXPECT_NE(generated.find("---@class " + view.name + "\n"), std::string::npos) << view.name;
    for (const ViewField& field : view.fields) {
      EXPECT_NE(generated.find("---@field " + field.name + (field.optional ? "? " : " ") + field.type),
                std::string::npos)
          << view.name << "." << field.name;
    }
  }
}

}  // namespace
}  // namespace rulecraft::hooks
