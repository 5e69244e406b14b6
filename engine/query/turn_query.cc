#include "query/turn_query.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "dsl/check/environment.h"
#include "query/action_check.h"
#include "query/attack_from.h"
#include "query/attack_refusal.h"
#include "query/check_parts.h"
#include "query/combat_query.h"
#include "query/escape.h"
#include "query/explain.h"
#include "query/given_dice.h"
#include "query/marked_conditions.h"
#include "query/movement_query.h"
#include "query/opportunity.h"
#include "query/placement.h"
#include "query/records.h"
#include "query/tumble.h"
#include "query/turn_record.h"

namespace rulecraft::query {
namespace {

// How many actions of one type actions_left counts before it answers "unlimited".
constexpr int kUnlimitedActions = 8;

// Calls a rule of the turn and an action row (may_take, turn_mode, turn_used_ft).
eval::Slot AskTurn(eval::Machine& machine, int rule, const TurnRecord& turn, const ActionRow& action) {
  eval::Slot args[2] = {eval::Slot{.record = turn.data()}, eval::Slot{.number = static_cast<double>(action.index)}};
  return machine.Call(rule, args);
}

// The rules that say whether a turn may take an action: may_take (the turn), and, when the ruleset
// has it, creature_may_take (the creature's conditions and traits), with the creature's record.
struct Budget {
  int may_take = -1;
  int creature_may_take = -1;
  const eval::Slot* creature = nullptr;
};

// Asks may_take (unless -1), then creature_may_take; false with `refused_by` the rule that said no.
bool MayTake(eval::Machine& machine, const Budget& budget, const TurnRecord& turn, const ActionRow& action,
             int* refused_by = nullptr) {
  if (budget.may_take >= 0 && AskTurn(machine, budget.may_take, turn, action).number == 0) {
    if (refused_by != nullptr) *refused_by = budget.may_take;
    return false;
  }
  if (budget.creature_may_take < 0 || budget.creature == nullptr) return true;
  eval::Slot args[3] = {eval::Slot{.record = budget.creature}, eval::Slot{.record = turn.data()},
                        eval::Slot{.number = static_cast<double>(action.index)}};
  if (machine.Call(budget.creature_may_take, args).number != 0) return true;
  if (refused_by != nullptr) *refused_by = budget.creature_may_take;
  return false;
}

// The rule behind a refusal: the first yes-or-no rule the trace saw answer false (the innermost
// that said no), else may_take itself; as "rule NAME (file:line:col)".
std::string RefusingRule(const AnswerContext& context, const eval::Trace& trace, int may_take) {
  return RuleAt(context, FirstRefusingRule(trace, *context.rules.program, 0, may_take));
}

// Per action type (the `spends` values, in table order): how many more actions of that type
// may_take (and creature_may_take) allow after `turn`, the most any one row of that type may be taken again (a move
// action that does not move may follow a 5-foot step); "unlimited" from kUnlimitedActions on.
nlohmann::json ActionsLeft(const compile::Program& program, eval::Machine& machine, const Budget& budget,
                           const std::vector<ActionRow>& rows, const TurnRecord& turn) {
  std::vector<std::pair<std::string, int>> most;
  for (const ActionRow& row : rows) {
    TurnRecord simulated = turn;
    int count = 0;
    while (count < kUnlimitedActions && MayTake(machine, budget, simulated, row)) {
      simulated.Apply(program, row, 0);
      count += static_cast<int>(row.times);
    }
    auto known = std::find_if(most.begin(), most.end(), [&](const auto& entry) { return entry.first == row.spends; });
    if (known == most.end()) most.emplace_back(row.spends, count);
    else known->second = std::max(known->second, count);
  }
  nlohmann::json left = nlohmann::json::object();
  for (const auto& [type, count] : most) {
    left[type] = count >= kUnlimitedActions ? nlohmann::json("unlimited") : nlohmann::json(count);
  }
  return left;
}

// A turn carried on from the `state` an earlier turn query answered: the creature where that
// turn left it, with the conditions it left it with; the record holding what it used (a type's
// count in the field of its name; `moved` when it moved any feet; the rows `taken` as has()
// flags), and `used` and `taken` its counts and rows.
void ResumeFrom(const compile::Program& program, const nlohmann::json& state, const tables::Table& table,
                const std::vector<ActionRow>& rows, model::Creature& creature, TurnRecord& turn, nlohmann::json& used,
                nlohmann::json& taken) {
  if (state.contains("at")) creature.at = {state["at"][0].get<int32_t>(), state["at"][1].get<int32_t>()};
  if (state.contains("conditions")) creature.conditions = state["conditions"].get<std::vector<std::string>>();
  double moved_ft = state.value("moved_ft", 0.0);
  if (moved_ft > 0) {
    ActionRow moving;  // spends nothing: only `moved` and moved_ft
    moving.moves = true;
    turn.Apply(program, moving, moved_ft);
  }
  for (const auto& name : state.value("taken", nlohmann::json::array())) {
    const tables::Row* row = table.Find(name.get<std::string>());
    if (row == nullptr) continue;
    ActionRow flags_only = ReadActionRow(table, *row);  // its flags, not its counts (actions_used's)
    flags_only.spends.clear();
    flags_only.moves = false;
    turn.Apply(program, flags_only, 0);
    taken.push_back(row->name);
  }
  if (!state.contains("actions_used")) return;
  for (const auto& [type, count] : state["actions_used"].items()) {
    double times = count.get<double>();
    if (times <= 0) continue;
    used[type] = times;
    for (const ActionRow& row : rows) {
      if (row.spends != type) continue;
      ActionRow spent = row;
      spent.name.clear();   // the type's count and flag, not the row's
      spent.moves = false;  // its movement is moved_ft's
      spent.times = times;
      turn.Apply(program, spent, 0);
      break;
    }
  }
}

model::Square SquareOf(const nlohmann::json& at) { return {at[0].get<int32_t>(), at[1].get<int32_t>()}; }

// Copies the sub-answer's numbers a turn reports (the rest stays in the sub-answer's own query).
void CopyKeys(const nlohmann::json& from, nlohmann::json& to, std::initializer_list<const char*> keys) {
  for (const char* key : keys) {
    if (from.contains(key)) to[key] = from[key];
  }
}

// Asks the rule action_may_target (when the ruleset has it) whether this attacking action may be
// made against `target`; a refusal sets `allowed` false and `why`, with the trace as `explain`.
// False when the rule failed (machine.error()).
bool MayTarget(const AnswerContext& context, eval::Machine& machine, const ActionRow& action,
               const model::Creature& attacker, const std::string& target, bool& allowed, std::string& why,
               nlohmann::json& answer) {
  const compile::Program& program = *context.rules.program;
  int rule = program.FindRule("action_may_target");
  const model::Creature* defender = context.scenario.FindCreature(target);
  if (rule < 0 || defender == nullptr) return true;
  CreatureRecord attacker_record, defender_record;
  BuildCreatureRecord(attacker, context.rules, attacker_record);
  BuildCreatureRecord(*defender, context.rules, defender_record);
  eval::Slot args[3] = {eval::Slot{.number = static_cast<double>(action.index)},
                        eval::Slot{.record = attacker_record.slots.data()},
                        eval::Slot{.record = defender_record.slots.data()}};
  eval::Trace trace;
  machine.SetTrace(&trace);
  allowed = machine.Call(rule, args).number != 0;
  machine.SetTrace(nullptr);
  if (!machine.error().empty()) return false;
  if (!allowed) {
    why = fmt::format("'{}' may not be its target: {} says no", target, RefusingRule(context, trace, rule));
    answer["explain"] = ExplainTrace(trace, program, context.sources);
  }
  return true;
}

// Why a row that stands up may not be taken: the creature has none of the conditions standing up
// ends (table conditions, stand_up_ends); empty when it may.
std::string NothingToStandUpFrom(const ruleset::Ruleset& rules, const model::Creature& creature) {
  for (const std::string& name : ConditionsMarked(rules, "stand_up_ends")) {
    if (std::find(creature.conditions.begin(), creature.conditions.end(), name) != creature.conditions.end()) return "";
  }
  return fmt::format("'{}' has nothing to stand up from: none of the conditions standing up ends (table conditions, "
                     "stand_up_ends)",
                     creature.id);
}

// The save an attacking action's `damage` forces (rule action_save_dc; a coup de grace: Fortitude
// DC 10 + damage): `save_dc` and the rule, when the ruleset has the rule and it names a DC above 0.
// With the action's `save:` ({roll, modifier}, each optional; the d20 rolled with the scenario's
// seed when not given), the save is made: `save` {dc, roll, modifier, total, success, rolled,
// success_rule}, and on a failure the condition the row's `failed_save_gives` names, as
// `target_gains`. False when a rule failed (machine.error()).
bool Save(const AnswerContext& context, const model::Query& query, int index, eval::Machine& machine,
          const ActionRow& action, const nlohmann::json& params, nlohmann::json& answer) {
  const compile::Program& program = *context.rules.program;
  int rule = program.FindRule("action_save_dc");
  if (rule < 0) return true;
  eval::Slot args[2] = {eval::Slot{.number = static_cast<double>(action.index)},
                        eval::Slot{.number = params["damage"].get<double>()}};
  double dc = machine.Call(rule, args).number;
  if (!machine.error().empty()) return false;
  if (dc <= 0) return true;
  answer["save_dc"] = Number(dc);
  answer["save_dc_rule"] = RuleAt(context, rule);
  if (!params.contains("save")) return true;
  const nlohmann::json& save = params["save"];
  nlohmann::json given = save.is_object() && save.contains("roll") ? nlohmann::json::array({save["roll"]})
                                                                   : nlohmann::json::array();
  GivenDice dice(context, query, fmt::format("save.{}", index), given);
  std::string rolled;
  int64_t roll = dice.Roll(20, 1, rolled);
  int64_t modifier = save.is_object() ? save.value("modifier", int64_t{0}) : 0;
  double total = static_cast<double>(roll + modifier);
  bool success = total >= dc;
  nlohmann::json made = {{"dc", Number(dc)}, {"roll", roll},       {"modifier", modifier},
                         {"total", Number(total)}, {"success", success}, {"rolled", rolled}};
  if (int succeeds = program.FindRule("save_succeeds"); succeeds >= 0) {
    eval::Slot check[3] = {eval::Slot{.number = static_cast<double>(roll)}, eval::Slot{.number = total},
                           eval::Slot{.number = dc}};
    made["success"] = success = machine.Call(succeeds, check).number != 0;
    if (!machine.error().empty()) return false;
    made["success_rule"] = RuleAt(context, succeeds);
  }
  if (!success && !action.failed_save_gives.empty()) answer["target_gains"] = action.failed_save_gives;
  answer["save"] = std::move(made);
  return true;
}

// The pace a turn that moved moved at (rule turn_pace, a row of `movement_scales`): `pace` and
// `pace_rule`, when the ruleset has the rule. False when the rule failed (machine.error()).
bool Pace(const AnswerContext& context, eval::Machine& machine, const TurnRecord& turn, nlohmann::json& result) {
  int rule = context.rules.program->FindRule("turn_pace");
  const tables::Table* scales = context.rules.tables.Find("movement_scales");
  if (rule < 0 || scales == nullptr || turn.moved_ft() <= 0) return true;
  eval::Slot args[1] = {eval::Slot{.record = turn.data()}};
  double row = machine.Call(rule, args).number;
  if (!machine.error().empty()) return false;
  if (row < 0 || row >= static_cast<double>(scales->rows.size())) return true;
  result["pace"] = scales->rows[static_cast<size_t>(row)].name;
  result["pace_rule"] = RuleAt(context, rule);
  return true;
}

// The attack params of an attacking action (the attack query's): attacker, defender, kind, weapon.
nlohmann::json AttackParams(const std::string& attacker, const nlohmann::json& params) {
  nlohmann::json attack = {{"attacker", attacker}, {"defender", params.value("target", "")},
                           {"kind", params.value("kind", "melee")}};
  if (params.contains("weapon")) attack["weapon"] = params["weapon"];  // its range and refusals apply
  return attack;
}

// Asks the rule move_then_attack_may_end (when the ruleset has it) whether a moving and attacking
// action (a charge) may end its move where it did: `end_ft` from where it started, when the
// closest square from which it could attack the target lies `closest_ft` away (d20: "You must
// move to the closest space from which you can attack the opponent"). A refusal sets `allowed`
// false and `why`, with the trace as `explain`. False when a rule failed (reported into `result`).
bool MoveEndsWhereAllowed(const AnswerContext& context, eval::Machine& machine, const ActionRow& action,
                          model::Creature& creature, model::Square start, const nlohmann::json& params,
                          bool& allowed, std::string& why, nlohmann::json& answer, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  int rule = program.FindRule("move_then_attack_may_end");
  if (rule < 0) return true;
  std::optional<double> closest = ClosestAttackFt(context, creature, start, AttackParams(creature.id, params), result);
  if (result.value("status", "ok") == "error") return false;
  if (!closest) return true;  // no square to attack from: the attack itself says why not
  double end_ft = SquaresApartFt(context, machine, start, creature.at);
  eval::Slot args[3] = {eval::Slot{.number = static_cast<double>(action.index)}, eval::Slot{.number = end_ft},
                        eval::Slot{.number = *closest}};
  eval::Trace trace;
  machine.SetTrace(&trace);
  bool may_end = machine.Call(rule, args).number != 0;
  machine.SetTrace(nullptr);
  if (!machine.error().empty()) return Fail(result, machine.error());
  answer["closest_attack_ft"] = Number(*closest);
  if (!may_end) {
    allowed = false;
    why = fmt::format("the move ends {} ft from where it started, and a square from which it can attack '{}' lies {} "
                      "ft away: {} says no",
                      Number(end_ft).dump(), params.value("target", ""), Number(*closest).dump(),
                      RefusingRule(context, trace, rule));
    answer["explain"] = ExplainTrace(trace, program, context.sources);
  }
  return true;
}

// Gives a creature the conditions it has while it tumbles (those it lacks of `names`) for as
// long as this lives, and takes them off again.
class WhileTumbling {
 public:
  WhileTumbling(std::vector<std::string>& has, const std::vector<std::string>& names) : has_(has) {
    for (const std::string& name : names) {
      if (std::find(has_.begin(), has_.end(), name) == has_.end()) added_.push_back(name);
    }
    has_.insert(has_.end(), added_.begin(), added_.end());
  }
  ~WhileTumbling() {
    for (const std::string& name : added_) has_.erase(std::find(has_.begin(), has_.end(), name));
  }
  WhileTumbling(const WhileTumbling&) = delete;
  WhileTumbling& operator=(const WhileTumbling&) = delete;

 private:
  std::vector<std::string>& has_;
  std::vector<std::string> added_;
};

// What one walk of a turn keeps between its actions.
struct Walk {
  const AnswerContext& here;
  model::Creature& creature;
  eval::Machine& machine;
  TurnRecord& turn;
  nlohmann::json provoked = nlohmann::json::array();
  nlohmann::json left_ft;
  nlohmann::json gained = nlohmann::json::array();
  nlohmann::json ended = nlohmann::json::array();
  int tumbled = 0;  // opponents tumbled past earlier in the round (rule tumble_dc's `earlier`)
  int64_t takes_rounds = 0;  // rounds an Escape Artist squeeze takes (table escapes): the turn holds nothing after it
};

// Re-asks a move that a failed check stops before its step `stop_step` (1-based) as a route
// through the squares before it, which puts the creature where it may end (AccidentalEnd).
// False when the route failed (its message into `result`, for action `index`).
bool AskShortened(const AnswerContext& context, model::Query& move, size_t stop_step, size_t index,
                  const ActionRow& action, nlohmann::json& sub, nlohmann::json& result) {
  nlohmann::json before = nlohmann::json::array();
  for (size_t i = 0; i + 1 < stop_step; ++i) before.push_back(sub["steps"][i]["at"]);
  move.kind = model::QueryKind::kRoute;
  move.kind_name = "route";
  move.params.erase("to");
  move.params["through"] = std::move(before);
  sub = {{"id", move.id}, {"kind", move.kind_name}, {"status", "ok"}};
  AnswerRoute(context, move, sub);
  if (sub.value("status", "ok") == "error") {
    return Fail(result, fmt::format("action {} ('{}'): {}", index, action.name, sub.value("message", "")));
  }
  return true;
}

// A moving action: its path or route asked from where the turn stands, in the mode rule
// turn_mode picks (else the row's), from the budget less what rule turn_used_ft says is spent;
// standing up first when the row says so. Sets `allowed`/`why`, and `moved_ft` to the feet it
// spent (standing up included). False when the query failed (reported into `result`).
bool TakeMove(Walk& walk, const model::Query& query, size_t index, const ActionRow& action,
              const nlohmann::json& params, nlohmann::json& answer, bool& allowed, std::string& why,
              double& moved_ft, nlohmann::json& result) {
  const AnswerContext& context = walk.here;
  const compile::Program& program = *context.rules.program;
  std::string mode = action.mode;
  if (int rule = program.FindRule("turn_mode"); rule >= 0) {
    double row = AskTurn(walk.machine, rule, walk.turn, action).number;
    const tables::Table& modes = context.rules.Table("movement_modes");
    if (row >= 0 && row < static_cast<double>(modes.rows.size())) mode = modes.rows[static_cast<size_t>(row)].name;
  }
  if (mode.empty()) return Fail(result, fmt::format("row '{}' of table 'actions' moves but names no 'mode'", action.name));
  double used_ft = 0;
  if (int rule = program.FindRule("turn_used_ft"); rule >= 0) used_ft = AskTurn(walk.machine, rule, walk.turn, action).number;
  if (!walk.machine.error().empty()) return Fail(result, walk.machine.error());
  model::Query move;
  move.id = fmt::format("{}.{}", query.id, index);
  bool path = !params.contains("through");
  move.kind = path ? model::QueryKind::kPath : model::QueryKind::kRoute;
  move.kind_name = path ? "path" : "route";
  move.params = {{"creature", walk.creature.id}, {"mode", mode}};
  for (const char* key : {"to", "through", "speed"}) {
    if (params.contains(key)) move.params[key] = params[key];
  }
  if (path && !params.contains("to")) move.params["to"] = {walk.creature.at.x, walk.creature.at.y};  // stands up in place
  if (used_ft > 0) move.params["used_ft"] = used_ft;
  if (action.stand_up) move.params["stand_up"] = true;
  // A tumbling move is asked with the conditions the creature has while it tumbles (table
  // tumbles, while_moving: half speed, enemies' squares passable), taken off again after it.
  // An accelerated tumble moves with the rows' while_accelerated conditions instead (full speed).
  if (params.contains("tumble")) {
    if (!MayTumble(context, walk.creature, allowed, why, answer, result)) return false;
    if (!allowed) return true;
  }
  WhileTumbling tumbling(walk.creature.conditions, params.contains("tumble")
                                                       ? TumblingConditions(context.rules, Accelerated(params["tumble"]))
                                                       : std::vector<std::string>{});
  // A move that squeezes with Escape Artist is asked with the conditions it has while it does
  // (table escapes, while_moving: spaces under half its width passable), taken off again after it.
  WhileTumbling escaping(walk.creature.conditions, params.contains("escape_artist")
                                                       ? EscapingConditions(context.rules)
                                                       : std::vector<std::string>{});
  nlohmann::json sub = {{"id", move.id}, {"kind", move.kind_name}, {"status", "ok"}};
  if (path) AnswerPath(context, move, sub);
  else AnswerRoute(context, move, sub);
  if (sub.value("status", "ok") == "error") {
    return Fail(result, fmt::format("action {} ('{}'): {}", index, action.name, sub.value("message", "")));
  }
  // Whether the move as asked (a path, or a route) ends where it was meant to.
  auto ends_as_asked = [&] { return path ? sub.value("reachable", false) && sub.value("may_end", false) : sub.value("legal", false); };
  EscapeOutcome escape;
  if (params.contains("escape_artist") && ends_as_asked()) {
    nlohmann::json checks = nlohmann::json::array();
    if (!CheckEscapes(context, move, walk.creature, sub, params["escape_artist"], checks, escape, result)) return false;
    answer["escape_artist"] = std::move(checks);
    if (escape.takes_rounds > 0) answer["takes_rounds"] = escape.takes_rounds;
    if (escape.stop_step > 0) {
      // A failed check: the move ends before the tight space (SRD Escape Artist; table escapes).
      answer["escape_stopped_at"] = sub["steps"][escape.stop_step - 1]["at"];
      if (!AskShortened(context, move, escape.stop_step, index, action, sub, result)) return false;
      path = false;
    }
  }
  TumbleOutcome outcome;
  if (params.contains("tumble") && ends_as_asked()) {
    nlohmann::json checks = nlohmann::json::array();
    if (!CheckTumbles(context, move, walk.creature, sub, params["tumble"], walk.tumbled, checks, outcome, result)) {
      return false;
    }
    answer["tumbles"] = std::move(checks);
    if (outcome.stop_step > 0) {
      // A failed check through an enemy's square: the move ends before it.
      if (!AskShortened(context, move, outcome.stop_step, index, action, sub, result)) return false;
      path = false;
      answer["tumble_stopped_by"] = outcome.stopped_by;
    }
  }
  bool reached = ends_as_asked();
  if (outcome.stop_step > 0 || escape.stop_step > 0) reached = true;  // stopped short: where the accidental-end rule put it
  if (action.stand_up && !sub.value("stood_up", false)) reached = false;
  if (!reached) {
    why = sub.value("why", "");
    if (why.empty() && sub.contains("first_illegal")) why = sub["first_illegal"].value("why", "");
    if (why.empty()) why = "the move may not end there (rule may_end)";
    allowed = false;
  }
  // A burrowing move's tunnel too, which the map's `tunnels:` takes back (docs/scenarios.md).
  CopyKeys(sub, answer, {"mode", "cost_ft", "stand_up_ft", "used_ft", "left_ft", "first_illegal", "leaves_tunnel", "tunnel"});
  if (!allowed) return true;
  if (outcome.stop_step > 0 || escape.stop_step > 0) CopyKeys(sub, answer, {"ends_at_why"});  // where the accidental-end rule put it
  nlohmann::json ends_at = path ? sub["to"] : sub["ends_at"];
  answer["ends_at"] = ends_at;
  walk.creature.at = SquareOf(ends_at);
  moved_ft = sub.value("cost_ft", 0.0) + sub.value("stand_up_ft", 0.0);
  walk.left_ft = sub.value("left_ft", nlohmann::json());
  walk.takes_rounds += escape.takes_rounds;
  // Ending inside a tight space it squeezed into: squeezed with Escape Artist (table escapes,
  // while_squeezed; 000 쥐어짜기: no attacks, −4 AC, no Dexterity bonus to AC).
  std::vector<std::string>& has = walk.creature.conditions;
  if (!escape.squeezed_condition.empty() &&
      std::find(has.begin(), has.end(), escape.squeezed_condition) == has.end()) {
    has.push_back(escape.squeezed_condition);
    answer["gives"] = escape.squeezed_condition;
    walk.gained.push_back(escape.squeezed_condition);
  }
  bool stopper_attacks = false;
  for (nlohmann::json attack : sub.value("attacks_of_opportunity", nlohmann::json::array())) {
    const std::string by = attack.value("by", "");
    if (std::find(outcome.avoided.begin(), outcome.avoided.end(), by) != outcome.avoided.end()) continue;
    if (by == outcome.stopped_by) stopper_attacks = true;
    attack["action"] = index;
    walk.provoked.push_back(std::move(attack));
  }
  // SRD Tumble: failing through an enemy's square, "provoke an attack of opportunity from that enemy".
  if (!outcome.stopped_by.empty() && !stopper_attacks) {
    walk.provoked.push_back({{"by", outcome.stopped_by}, {"action", index}, {"from", ends_at}, {"tumble", "failed"}});
  }
  return true;
}

// The conditions an action gives and ends (table actions: gives, ends; a row that stands up ends
// what standing up ends, table conditions: stand_up_ends): refused (`allowed` false, `why`) when
// it ends a condition the creature does not have; else applied to the creature and recorded.
bool ChangeConditions(Walk& walk, const ActionRow& action, nlohmann::json& answer, bool& allowed, std::string& why,
                      nlohmann::json& result) {
  const ruleset::Ruleset& rules = walk.here.rules;
  const tables::Table* conditions = rules.tables.Find("conditions");
  for (const std::string* name : {&action.gives, &action.ends}) {
    if (name->empty()) continue;
    if (conditions == nullptr || conditions->Find(*name) == nullptr) {
      return Fail(result, fmt::format("row '{}' of table 'actions' names condition '{}', not a row of table 'conditions'",
                                      action.name, *name));
    }
  }
  std::vector<std::string>& has = walk.creature.conditions;
  auto holds = [&](const std::string& name) { return std::find(has.begin(), has.end(), name) != has.end(); };
  std::vector<std::string> ends;
  if (!action.ends.empty()) ends.push_back(action.ends);
  if (action.stand_up) {
    for (const std::string& name : ConditionsMarked(rules, "stand_up_ends")) {
      if (std::find(ends.begin(), ends.end(), name) == ends.end()) ends.push_back(name);
    }
  }
  if (!action.ends.empty() && !holds(action.ends)) {
    allowed = false;
    why = fmt::format("'{}' is not {}: the action ends a condition it does not have (table actions, ends)",
                      walk.creature.id, action.ends);
    return true;
  }

  for (const std::string& name : ends) {
    if (!holds(name)) continue;
    has.erase(std::remove(has.begin(), has.end(), name), has.end());
    answer["ends"] = name;
    walk.ended.push_back(name);
  }
  if (!action.gives.empty() && !holds(action.gives)) {
    has.push_back(action.gives);
    answer["gives"] = action.gives;
    walk.gained.push_back(action.gives);
  }
  return true;
}

}  // namespace

void AnswerTurn(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  const tables::Table* table = context.rules.tables.Find("actions");
  int may_take = program.FindRule("may_take");
  if (table == nullptr || may_take < 0) {
    return (void)Fail(result, "a turn needs the ruleset's table 'actions' and rule 'may_take' (docs/tables.md, docs/dsl.md)");
  }
  std::vector<ActionRow> rows;
  for (const tables::Row& row : table->rows) rows.push_back(ReadActionRow(*table, row));
  // The walk moves the creature in its own copy of the scenario; each action is asked there.
  model::Scenario scenario = context.scenario;
  std::string id = query.params.value("creature", "");
  model::Creature* creature = nullptr;
  for (model::Creature& candidate : scenario.creatures) {
    if (candidate.id == id) creature = &candidate;
  }
  if (creature == nullptr) return (void)Fail(result, "unknown creature");
  AnswerContext here{scenario, context.rules, context.sources, context.budget};
  eval::Machine machine(program);
  TurnRecord turn;
  Walk walk{here, *creature, machine, turn, nlohmann::json::array(), {}, nlohmann::json::array(),
            nlohmann::json::array(), 0, 0};
  nlohmann::json answers = nlohmann::json::array();
  nlohmann::json used = nlohmann::json::object();
  nlohmann::json taken = nlohmann::json::array();
  if (query.params.contains("state")) {
    ResumeFrom(program, query.params["state"], *table, rows, *creature, turn, used, taken);
    walk.tumbled = query.params["state"].value("tumbled", 0);  // opponents tumbled past earlier in the round
    // A state's square is where an earlier turn ended: one the creature may stand on, free of others.
    if (std::string why = WhyItCannotStand(scenario, context.rules, *creature); !why.empty()) {
      return (void)FailAt(result, "the turn's state: " + why, query.span, context.sources, "placement");
    }
  }
  Budget budget{may_take, program.FindRule("creature_may_take"), nullptr};
  bool legal = true;
  size_t index = 0;
  for (const auto& item : query.params["actions"]) {
    ++index;
    const std::string name = item.begin().key();
    const nlohmann::json params = item.begin().value().is_object() ? item.begin().value() : nlohmann::json::object();
    const tables::Row* found = table->Find(name);
    if (found == nullptr) return (void)Fail(result, fmt::format("unknown action '{}'", name));
    ActionRow action = ReadActionRow(*table, *found);
    nlohmann::json answer = {{"index", index}, {"action", name}, {"spends", action.spends}};
    if (action.provokes) answer["provokes"] = true;
    CreatureRecord record;  // the creature as the earlier actions left it
    BuildCreatureRecord(*creature, context.rules, record);
    budget.creature = record.slots.data();
    eval::Trace trace;
    machine.SetTrace(&trace);
    int refused_by = may_take;
    // An action whose check succeeds unrolled and spends nothing (table checks, automatic_spends:
    // none; a perfect flier's hover) is not counted against the turn: only creature_may_take asks.
    Budget asked = budget;
    if (ActionCheckSpendsNothing(here, *found, *creature)) asked.may_take = -1;
    bool allowed = MayTake(machine, asked, turn, action, &refused_by);
    machine.SetTrace(nullptr);
    if (!machine.error().empty()) return (void)Fail(result, machine.error());
    std::string why;
    if (!allowed) {
      why = fmt::format("the turn may not take it: {} says no", RefusingRule(context, trace, refused_by));
      answer["explain"] = ExplainTrace(trace, program, context.sources);
    }
    if (allowed && walk.takes_rounds > 0) {
      allowed = false;
      why = fmt::format("the Escape Artist squeeze takes {} rounds (table escapes, rounds): the turn holds nothing after it",
                        walk.takes_rounds);
    }
    if (allowed && action.stand_up) {
      why = NothingToStandUpFrom(context.rules, *creature);
      allowed = why.empty();
    }
    double moved_ft = 0;
    model::Square start = creature->at;
    if (allowed && action.moves && !TakeMove(walk, query, index, action, params, answer, allowed, why, moved_ft, result)) {
      return;
    }
    // The action's skill checks (table checks: a row's `check`, a flying move's in the wind).
    ActionCheckOutcome checked;
    if (allowed && !MakeActionChecks(here, query, index, *found, *creature, params.value("speed", "land"), params,
                                     answer, checked, result)) {
      return;
    }
    if (!checked.allowed) {
      allowed = false;
      why = checked.why;
    }
    if (checked.spends_changed) {  // succeeded automatically: spends what the check row says
      action.spends = checked.spends;
      answer["spends"] = action.spends.empty() ? "none" : action.spends;
    }
    if (allowed && action.moves && action.attack &&
        !MoveEndsWhereAllowed(here, machine, action, *creature, start, params, allowed, why, answer, result)) {
      return;
    }
    if (allowed && action.attack && !MayTarget(here, machine, action, *creature, params.value("target", ""), allowed, why,
                                               answer)) {
      return (void)Fail(result, machine.error());
    }
    if (allowed && action.attack) {
      model::Query attack;
      attack.id = fmt::format("{}.{}", query.id, index);
      attack.kind = model::QueryKind::kAttack;
      attack.kind_name = "attack";
      attack.params = AttackParams(id, params);
      nlohmann::json sub = {{"id", attack.id}, {"kind", "attack"}, {"status", "ok"}};
      // The condition the action gives holds for its own attack (a charge's: SRD "You get a +2
      // bonus on the attack roll"); ChangeConditions below keeps it.
      std::vector<std::string>& has = creature->conditions;
      bool giving = !action.gives.empty() && std::find(has.begin(), has.end(), action.gives) == has.end();
      if (giving) has.push_back(action.gives);
      AnswerAttack(here, attack, sub);
      if (giving) has.pop_back();
      if (sub.value("status", "ok") == "error") {
        return (void)Fail(result, fmt::format("action {} ('{}'): {}", index, name, sub.value("message", "")));
      }
      CopyKeys(sub, answer, {"possible", "attack_bonus", "ac_bonus", "net", "flanking", "cover", "concealment", "weapon",
                             "usable_weapons", "distance_ft", "range_penalty"});
      if (!sub.value("possible", false)) {
        allowed = false;
        why = sub.value("why", "the attack is not possible");
      }
      if (allowed && action.auto_critical) answer["automatic_critical"] = true;
      if (allowed && params.contains("damage") && !Save(here, query, static_cast<int>(index), machine, action, params, answer)) {
        return (void)Fail(result, machine.error());
      }
    }
    if (allowed && !ChangeConditions(walk, action, answer, allowed, why, result)) return;
    answer["legal"] = allowed;
    if (!allowed) {
      answer["why"] = why;
      result["first_illegal"] = {{"index", index}, {"action", name}, {"why", why}};
      answers.push_back(std::move(answer));
      legal = false;
      break;  // a turn stops at its first illegal action; later ones are not asked
    }
    // The action itself may provoke where the creature stands (after its move, if it moved).
    nlohmann::json by_action = nlohmann::json::array(), explain = nlohmann::json::array();
    if (!AddActionProvokedAttacks(here, *creature, action.index, by_action, explain, result)) {
      Unsupported(result, "attacks_of_opportunity_by_actions",
                  fmt::format("ruleset '{}' has no rule 'action_provokes' (docs/dsl.md, hook points)",
                              context.rules.manifest.name));
    }
    if (result.value("status", "ok") == "error") return;
    for (nlohmann::json attack : by_action) {
      attack["action"] = index;
      walk.provoked.push_back(std::move(attack));
    }
    if (!explain.empty()) answer["explain"] = std::move(explain);
    turn.Apply(program, action, moved_ft);
    if (!action.spends.empty()) used[action.spends] = used.value(action.spends, 0.0) + action.times;
    if (std::find(taken.begin(), taken.end(), name) == taken.end()) taken.push_back(name);
    answers.push_back(std::move(answer));
  }
  if (!machine.error().empty()) return (void)Fail(result, machine.error());
  for (auto& [type, count] : used.items()) count = Number(count.get<double>());
  result["creature"] = id;
  result["legal"] = legal;
  result["actions"] = std::move(answers);
  result["actions_used"] = used;
  CreatureRecord last;  // the creature as the turn leaves it
  BuildCreatureRecord(*creature, context.rules, last);
  budget.creature = last.slots.data();
  result["actions_left"] = ActionsLeft(program, machine, budget, rows, turn);
  if (walk.takes_rounds > 0) {  // an Escape Artist squeeze took the round and more
    for (auto& [type, count] : result["actions_left"].items()) count = 0;
    result["takes_rounds"] = walk.takes_rounds;
  }
  double moved = turn.moved_ft();
  result["moved_ft"] = Number(moved);
  if (!walk.left_ft.is_null()) result["left_ft"] = walk.left_ft;
  result["attacks_of_opportunity"] = std::move(walk.provoked);
  if (!Pace(context, machine, turn, result)) return (void)Fail(result, machine.error());
  if (!walk.gained.empty()) result["conditions_gained"] = walk.gained;
  if (!walk.ended.empty()) result["conditions_ended"] = walk.ended;
  nlohmann::json state = {{"at", {creature->at.x, creature->at.y}}, {"moved_ft", Number(moved)}, {"actions_used", used}};
  if (!taken.empty()) state["taken"] = taken;
  if (walk.tumbled > 0) state["tumbled"] = walk.tumbled;
  if (!creature->conditions.empty()) state["conditions"] = creature->conditions;
  result["state"] = std::move(state);
  if (!machine.error().empty()) Fail(result, machine.error());
}

}  // namespace rulecraft::query
