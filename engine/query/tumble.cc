#include "query/tumble.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "dsl/eval/machine.h"
#include "model/attitude.h"
#include "query/given_dice.h"
#include "query/records.h"

namespace rulecraft::query {
namespace {

// One opponent a move tumbles past: where the move first reaches it, and whether it enters its square.
struct Passed {
  const model::Creature* opponent = nullptr;
  size_t step = 0;
  bool through = false;
};

// The row of `tumbles` whose through_enemy is `through`, or nullptr.
const tables::Row* KindOf(const tables::Table& tumbles, bool through) {
  for (const tables::Row& row : tumbles.rows) {
    const tables::Value* cell = row.Get("through_enemy");
    if (cell != nullptr && cell->AsBool() == through) return &row;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> TumblingConditions(const ruleset::Ruleset& rules) {
  std::vector<std::string> names;
  const tables::Table* tumbles = rules.tables.Find("tumbles");
  if (tumbles == nullptr) return names;
  for (const tables::Row& row : tumbles->rows) {
    const tables::Value* cell = row.Get("while_moving");
    if (cell == nullptr || cell->text.empty()) continue;
    if (std::find(names.begin(), names.end(), cell->text) == names.end()) names.push_back(cell->text);
  }
  return names;
}

bool CheckTumbles(const AnswerContext& context, const model::Query& query, const model::Creature& mover,
                  const nlohmann::json& sub, const nlohmann::json& tumble, int& earlier, nlohmann::json& checks,
                  TumbleOutcome& outcome, nlohmann::json& result) {
  const tables::Table* tumbles = context.rules.tables.Find("tumbles");
  const compile::Program& program = *context.rules.program;
  int dc_rule = program.FindRule("tumble_dc");
  if (tumbles == nullptr || dc_rule < 0) {
    return Fail(result, "a tumble needs the ruleset's table 'tumbles' and rule 'tumble_dc' (docs/tables.md, docs/dsl.md)");
  }
  // The opponents the move passes, in the order of its steps.
  const nlohmann::json steps = sub.value("steps", nlohmann::json::array());
  const nlohmann::json provoked = sub.value("attacks_of_opportunity", nlohmann::json::array());
  std::vector<Passed> passed;
  eval::Machine machine(program);
  int must_rule = program.FindRule("must_tumble_past");
  CreatureRecord mover_record;
  BuildCreatureRecord(mover, context.rules, mover_record);
  for (const model::Creature& other : context.scenario.creatures) {
    if (other.id == mover.id || !other.valid || !model::HostileTo(other, mover, context.rules)) continue;
    if (must_rule >= 0) {
      CreatureRecord other_record;
      BuildCreatureRecord(other, context.rules, other_record);
      eval::Slot args[2] = {eval::Slot{.record = mover_record.slots.data()}, eval::Slot{.record = other_record.slots.data()}};
      bool must = machine.Call(must_rule, args).number != 0;
      if (!machine.error().empty()) return Fail(result, machine.error());
      if (!must) continue;
    }
    Passed entry{&other, 0, false};
    for (size_t i = 0; i < steps.size(); ++i) {
      const nlohmann::json& at = steps[i]["at"];
      model::Area space{{at[0].get<int32_t>(), at[1].get<int32_t>()}, mover.squares_per_side, mover.squares_per_side};
      if (space.Overlaps(other.Occupied())) {
        entry = {&other, i + 1, true};
        break;
      }
    }
    if (!entry.through) {
      for (const nlohmann::json& attack : provoked) {
        if (attack.value("by", "") == other.id) entry.step = attack.value("step", size_t{0});
      }
    }
    if (entry.step > 0) passed.push_back(entry);
  }
  std::stable_sort(passed.begin(), passed.end(), [](const Passed& a, const Passed& b) { return a.step < b.step; });
  nlohmann::json given = tumble.is_object() && tumble.contains("rolls") ? tumble["rolls"] : nlohmann::json::array();
  if (tumble.is_object() && tumble.contains("roll")) given = nlohmann::json::array({tumble["roll"]});
  // The check's modifier: the query's `modifier`, else the rule tumble_bonus (the creature's
  // skills: `skills: { tumble: 8 }`), else 0.
  int64_t modifier = 0;
  std::string modifier_rule;
  if (tumble.is_object() && tumble.contains("modifier")) {
    modifier = tumble.value("modifier", int64_t{0});
  } else if (int bonus_rule = program.FindRule("tumble_bonus"); bonus_rule >= 0) {
    eval::Slot mover_slot{.record = mover_record.slots.data()};
    modifier = static_cast<int64_t>(std::llround(machine.Call(bonus_rule, {&mover_slot, 1}).number));
    if (!machine.error().empty()) return Fail(result, machine.error());
    const compile::CompiledRule& rule = program.rules[static_cast<size_t>(bonus_rule)];
    modifier_rule = fmt::format("rule {} ({})", rule.name, Where(rule.span, context.sources));
  }
  GivenDice dice(context, query, "tumble", given);
  int check = 0;
  for (const Passed& entry : passed) {
    const tables::Row* kind = KindOf(*tumbles, entry.through);
    if (kind == nullptr) {
      return Fail(result, fmt::format("table 'tumbles' has no row with through_enemy: {}",
                                      entry.through ? "true" : "false"));
    }
    eval::Slot args[2] = {eval::Slot{.number = static_cast<double>(tumbles->IndexOf(kind->name))},
                          eval::Slot{.number = static_cast<double>(earlier)}};
    double dc = machine.Call(dc_rule, args).number;
    if (!machine.error().empty()) return Fail(result, machine.error());
    std::string rolled;
    int64_t roll = dice.Roll(20, ++check, rolled);
    int64_t total = roll + modifier;
    bool success = static_cast<double>(total) >= dc;
    ++earlier;
    const compile::CompiledRule& rule = program.rules[static_cast<size_t>(dc_rule)];
    checks.push_back({{"by", entry.opponent->id},
                      {"kind", kind->name},
                      {"step", entry.step},
                      {"dc", Number(dc)},
                      {"dc_rule", fmt::format("rule {} ({})", rule.name, Where(rule.span, context.sources))},
                      {"roll", roll},
                      {"modifier", modifier},
                      {"total", total},
                      {"success", success},
                      {"rolled", rolled}});
    if (!modifier_rule.empty()) checks.back()["modifier_rule"] = modifier_rule;
    if (success) {
      outcome.avoided.push_back(entry.opponent->id);
      continue;
    }
    const tables::Value* ends = kind->Get("ends_move_on_failure");
    if (ends != nullptr && ends->AsBool()) {
      outcome.stop_step = entry.step;
      outcome.stopped_by = entry.opponent->id;
      break;  // the move ends before the enemy's square: the opponents after it are not passed
    }
  }
  return true;
}

}  // namespace rulecraft::query
