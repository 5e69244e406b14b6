#include "query/tumble.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "dsl/eval/machine.h"
#include "model/attitude.h"
#include "query/attack_refusal.h"
#include "query/check_parts.h"
#include "query/explain.h"
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

// Whether the row's cell `column` is true.
bool Flag(const tables::Row& row, const char* column) {
  const tables::Value* cell = row.Get(column);
  return cell != nullptr && cell->AsBool();
}

// The terrain kind of the square step `step` (1-based) of `steps` tumbles into: the mover's first
// square there; "open" off the map or without one.
std::string TerrainOfStep(const AnswerContext& context, const nlohmann::json& steps, size_t step) {
  if (step == 0 || step > steps.size() || !context.scenario.map) return "open";
  const nlohmann::json& at = steps[step - 1]["at"];
  model::Square square{at[0].get<int32_t>(), at[1].get<int32_t>()};
  if (!context.scenario.map->Contains(square)) return "open";
  return context.scenario.map->TerrainAt(square);
}

}  // namespace

bool Accelerated(const nlohmann::json& tumble) {
  return tumble.is_object() && tumble.value("accelerated", false);
}

std::vector<std::string> TumblingConditions(const ruleset::Ruleset& rules, bool accelerated) {
  return RowConditions(rules, "tumbles", accelerated ? "while_accelerated" : "while_moving");
}

bool MayTumble(const AnswerContext& context, const model::Creature& mover, bool& allowed, std::string& why,
               nlohmann::json& answer, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  int rule = program.FindRule("may_tumble");
  if (rule < 0) return true;
  CreatureRecord record;
  BuildCreatureRecord(mover, context.rules, record);
  eval::Machine machine(program);
  eval::Trace trace;
  machine.SetTrace(&trace);
  eval::Slot slot{.record = record.slots.data()};
  bool may = machine.Call(rule, {&slot, 1}).number != 0;
  machine.SetTrace(nullptr);
  if (!machine.error().empty()) return Fail(result, machine.error());
  if (!may) {
    why = fmt::format("'{}' may not tumble: {} says no", mover.id,
                      RuleAt(context, FirstRefusingRule(trace, program, 0, rule)));
    answer["explain"] = ExplainTrace(trace, program, context.sources);
    allowed = false;
  }
  return true;
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
  const tables::Table& terrain = context.rules.Table("terrain");
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
  bool accelerated = Accelerated(tumble);
  // The check's modifier: the query's `modifier`, else the rule tumble_bonus (the creature's
  // skills: `skills: { tumble: 8 }`), else 0.
  int64_t modifier = 0;
  std::string modifier_rule;
  eval::Slot mover_slot{.record = mover_record.slots.data()};
  if (!CheckModifier(context, machine, tumble, "tumble_bonus", {&mover_slot, 1}, modifier, modifier_rule, result)) {
    return false;
  }
  GivenDice dice(context, query, "tumble", GivenRolls(tumble));
  const std::string dc_where = RuleAt(context, dc_rule);
  int check = 0;
  for (size_t first = 0; first < passed.size();) {
    const Passed& entry = passed[first];
    const tables::Row* kind = KindOf(*tumbles, entry.through);
    if (kind == nullptr) {
      return Fail(result, fmt::format("table 'tumbles' has no row with through_enemy: {}",
                                      entry.through ? "true" : "false"));
    }
    // The opponents this check is made against: this one, and with one_check_per_space those the
    // move leaves at the same step.
    size_t last = first + 1;
    if (!entry.through && Flag(*kind, "one_check_per_space")) {
      while (last < passed.size() && !passed[last].through && passed[last].step == entry.step) ++last;
    }
    std::string square_kind = TerrainOfStep(context, steps, entry.step);
    int terrain_row = terrain.IndexOf(square_kind);
    if (terrain_row < 0) terrain_row = terrain.IndexOf("open");
    double dc = 0;
    size_t hardest = first;
    for (size_t i = first; i < last; ++i) {
      CreatureRecord opponent_record;
      BuildCreatureRecord(*passed[i].opponent, context.rules, opponent_record);
      eval::Slot args[5] = {eval::Slot{.number = static_cast<double>(tumbles->IndexOf(kind->name))},
                            eval::Slot{.number = static_cast<double>(earlier)},
                            eval::Slot{.record = opponent_record.slots.data()},
                            eval::Slot{.number = static_cast<double>(last - first - 1)},
                            eval::Slot{.number = static_cast<double>(terrain_row)}};
      double asked = machine.Call(dc_rule, args).number;
      if (!machine.error().empty()) return Fail(result, machine.error());
      if (i == first || asked > dc) {
        dc = asked;
        hardest = i;
      }
    }
    int64_t accelerated_modifier = 0;
    if (accelerated) {
      const tables::Value* cell = kind->Get("accelerated_modifier");
      if (cell == nullptr) {
        return Fail(result, fmt::format("row '{}' of table 'tumbles' gives no 'accelerated_modifier': the tumble "
                                        "cannot be accelerated",
                                        kind->name));
      }
      accelerated_modifier = static_cast<int64_t>(std::llround(cell->number));
    }
    std::string rolled;
    int64_t roll = dice.Roll(20, ++check, rolled);
    int64_t total = roll + modifier + accelerated_modifier;
    bool success = static_cast<double>(total) >= dc;
    ++earlier;
    const model::Creature& by = *passed[hardest].opponent;
    nlohmann::json also = nlohmann::json::array();
    for (size_t i = first; i < last; ++i) {
      if (i != hardest) also.push_back(passed[i].opponent->id);
    }
    checks.push_back({{"by", by.id},
                      {"kind", kind->name},
                      {"step", entry.step},
                      {"terrain", terrain.rows[static_cast<size_t>(terrain_row)].name},
                      {"dc", Number(dc)},
                      {"dc_rule", dc_where},
                      {"roll", roll},
                      {"modifier", modifier},
                      {"total", total},
                      {"success", success},
                      {"rolled", rolled}});
    nlohmann::json& made = checks.back();
    if (!also.empty()) made["also"] = std::move(also);
    if (!modifier_rule.empty()) made["modifier_rule"] = modifier_rule;
    if (accelerated) {
      made["accelerated_modifier"] = accelerated_modifier;
      made["accelerated_modifier_from"] = fmt::format("table tumbles, row {}, column accelerated_modifier", kind->name);
    }
    size_t group = first;
    first = last;
    if (success) {
      for (size_t i = group; i < last; ++i) outcome.avoided.push_back(passed[i].opponent->id);
      continue;
    }
    if (Flag(*kind, "ends_move_on_failure")) {
      outcome.stop_step = entry.step;
      outcome.stopped_by = entry.opponent->id;
      break;  // the move ends before the enemy's square: the opponents after it are not passed
    }
  }
  return true;
}

}  // namespace rulecraft::query
