#include "query/turn_query.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "dsl/check/environment.h"
#include "query/combat_query.h"
#include "query/explain.h"
#include "query/movement_query.h"
#include "query/opportunity.h"
#include "query/records.h"

namespace rulecraft::query {
namespace {

// How many actions of one type actions_left counts before it answers "unlimited".
constexpr int kUnlimitedActions = 8;

// The `turn` record (dsl/check/environment.cc): header, then standard, move, full_round,
// five_foot_step, moved, moved_ft, creature.
struct TurnRecord {
  std::array<eval::Slot, compile::kRecordHeader + 7> slots{};
  static constexpr size_t kMoved = compile::kRecordHeader + 4;
  static constexpr size_t kMovedFt = compile::kRecordHeader + 5;
  static constexpr size_t kCreature = compile::kRecordHeader + 6;
};

// One row of table `actions` as the walk reads it.
struct ActionRow {
  const tables::Row* row = nullptr;
  int index = -1;
  std::string spends;
  double times = 1;
  bool moves = false;
  bool attack = false;
  bool provokes = false;
  std::string mode;
};

ActionRow ReadRow(const tables::Table& table, const tables::Row& row) {
  ActionRow action;
  action.row = &row;
  action.index = table.IndexOf(row.name);
  auto text = [&](const char* column) {
    const tables::Value* cell = row.Get(column);
    return cell != nullptr ? cell->text : std::string();
  };
  auto flag = [&](const char* column) {
    const tables::Value* cell = row.Get(column);
    return cell != nullptr && cell->AsBool();
  };
  action.spends = text("spends");
  action.times = row.Number("times", 1);
  action.moves = flag("moves");
  action.attack = flag("attack");
  action.provokes = flag("provokes");
  action.mode = text("mode");
  return action;
}

// Adds an action taken to the record: its `spends` to the field of that name (a count, or true),
// and its movement.
void Apply(TurnRecord& turn, const ActionRow& action, double moved_ft) {
  const check::RecordKind* kind = check::FindRecordKind("turn");
  int field = kind->FieldIndex(action.spends);
  // Only a count or a flag: `spends: creature` names the record's creature, which no action changes.
  if (field >= 0 && kind->fields[static_cast<size_t>(field)].type.kind != ast::TypeKind::kRecord) {
    eval::Slot& slot = turn.slots[compile::kRecordHeader + static_cast<size_t>(field)];
    if (kind->fields[static_cast<size_t>(field)].type == ast::Type::Bool()) {
      slot.number = 1;
    } else {
      slot.number += action.times;
    }
  }
  if (action.moves) {
    turn.slots[TurnRecord::kMoved].number = 1;
    turn.slots[TurnRecord::kMovedFt].number += moved_ft;
  }
}

// Asks may_take; `trace` records the rules it read.
bool MayTake(eval::Machine& machine, int rule, const TurnRecord& turn, const ActionRow& action) {
  eval::Slot args[2] = {eval::Slot{.record = turn.slots.data()}, eval::Slot{.number = static_cast<double>(action.index)}};
  return machine.Call(rule, args).number != 0;
}

// The rule behind a refusal: the first yes-or-no rule the trace saw answer false (the innermost
// that said no), else may_take itself; as "rule NAME (file:line:col)".
std::string RefusingRule(const AnswerContext& context, const eval::Trace& trace, int may_take) {
  const compile::Program& program = *context.rules.program;
  int refusing = may_take;
  for (const eval::TraceEvent& event : trace.events) {
    if (event.kind != eval::TraceEvent::Kind::kRule || event.value != 0) continue;
    if (program.rules[static_cast<size_t>(event.index)].result == ast::Type::Bool()) {
      refusing = event.index;
      break;
    }
  }
  const compile::CompiledRule& rule = program.rules[static_cast<size_t>(refusing)];
  return fmt::format("rule {} ({})", rule.name, Where(rule.span, context.sources));
}

// Per action type (the `spends` values, in table order): how many more actions of that type
// may_take allows after `turn`, the most any one row of that type may be taken again (a move
// action that does not move may follow a 5-foot step); "unlimited" from kUnlimitedActions on.
nlohmann::json ActionsLeft(eval::Machine& machine, int rule, const std::vector<ActionRow>& rows,
                           const TurnRecord& turn) {
  std::vector<std::pair<std::string, int>> most;
  for (const ActionRow& row : rows) {
    TurnRecord simulated = turn;
    int count = 0;
    while (count < kUnlimitedActions && MayTake(machine, rule, simulated, row)) {
      Apply(simulated, row, 0);
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
// turn left it, the record holding what it used (a type's count in the field of its name; `moved`
// when it moved any feet), and `used` its counts.
void ResumeFrom(const nlohmann::json& state, const std::vector<ActionRow>& rows, model::Creature& creature,
                TurnRecord& turn, nlohmann::json& used) {
  if (state.contains("at")) creature.at = {state["at"][0].get<int32_t>(), state["at"][1].get<int32_t>()};
  double moved_ft = state.value("moved_ft", 0.0);
  turn.slots[TurnRecord::kMovedFt].number = moved_ft;
  turn.slots[TurnRecord::kMoved].number = moved_ft > 0 ? 1 : 0;
  if (!state.contains("actions_used")) return;
  for (const auto& [type, count] : state["actions_used"].items()) {
    double times = count.get<double>();
    if (times <= 0) continue;
    used[type] = times;
    for (const ActionRow& row : rows) {
      if (row.spends != type) continue;
      ActionRow taken = row;
      taken.moves = false;  // its movement is moved_ft's
      taken.times = times;
      Apply(turn, taken, 0);
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

}  // namespace

void AnswerTurn(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  const tables::Table* table = context.rules.tables.Find("actions");
  int may_take = program.FindRule("may_take");
  if (table == nullptr || may_take < 0) {
    return (void)Fail(result, "a turn needs the ruleset's table 'actions' and rule 'may_take' (docs/tables.md, docs/dsl.md)");
  }
  std::vector<ActionRow> rows;
  for (const tables::Row& row : table->rows) rows.push_back(ReadRow(*table, row));
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
  // turn.creature: the creature whose turn it is, as it starts (its conditions limit what it may take).
  CreatureRecord creature_record;
  BuildCreatureRecord(*creature, context.rules, creature_record);
  turn.slots[TurnRecord::kCreature].record = creature_record.slots.data();
  nlohmann::json answers = nlohmann::json::array();
  nlohmann::json used = nlohmann::json::object();
  if (query.params.contains("state")) ResumeFrom(query.params["state"], rows, *creature, turn, used);
  nlohmann::json provoked = nlohmann::json::array();
  nlohmann::json left_ft;
  bool legal = true;
  size_t index = 0;
  for (const auto& item : query.params["actions"]) {
    ++index;
    const std::string name = item.begin().key();
    const nlohmann::json params = item.begin().value().is_object() ? item.begin().value() : nlohmann::json::object();
    const tables::Row* found = table->Find(name);
    if (found == nullptr) return (void)Fail(result, fmt::format("unknown action '{}'", name));
    ActionRow action = ReadRow(*table, *found);
    nlohmann::json answer = {{"index", index}, {"action", name}, {"spends", action.spends}};
    if (action.provokes) answer["provokes"] = true;
    eval::Trace trace;
    machine.SetTrace(&trace);
    bool allowed = MayTake(machine, may_take, turn, action);
    machine.SetTrace(nullptr);
    if (!machine.error().empty()) return (void)Fail(result, machine.error());
    std::string why;
    if (!allowed) {
      why = fmt::format("the turn may not take it: {} says no", RefusingRule(context, trace, may_take));
      answer["explain"] = ExplainTrace(trace, program, context.sources);
    }
    double moved_ft = 0;
    if (allowed && action.moves) {
      if (action.mode.empty()) {
        return (void)Fail(result, fmt::format("row '{}' of table 'actions' moves but names no 'mode'", name));
      }
      model::Query move;
      move.id = fmt::format("{}.{}", query.id, index);
      bool path = params.contains("to");
      move.kind = path ? model::QueryKind::kPath : model::QueryKind::kRoute;
      move.kind_name = path ? "path" : "route";
      move.params = {{"creature", id}, {"mode", action.mode}};
      for (const char* key : {"to", "through", "speed"}) {
        if (params.contains(key)) move.params[key] = params[key];
      }
      nlohmann::json sub = {{"id", move.id}, {"kind", move.kind_name}, {"status", "ok"}};
      if (path) AnswerPath(here, move, sub);
      else AnswerRoute(here, move, sub);
      if (sub.value("status", "ok") == "error") {
        return (void)Fail(result, fmt::format("action {} ('{}'): {}", index, name, sub.value("message", "")));
      }
      bool reached = path ? sub.value("reachable", false) && sub.value("may_end", false) : sub.value("legal", false);
      if (!reached) {
        why = sub.value("why", "");
        if (why.empty() && sub.contains("first_illegal")) why = sub["first_illegal"].value("why", "");
        if (why.empty()) why = "the move may not end there (rule may_end)";
        allowed = false;
      }
      CopyKeys(sub, answer, {"mode", "cost_ft", "left_ft", "first_illegal"});
      if (allowed) {
        nlohmann::json ends_at = path ? sub["to"] : sub["ends_at"];
        answer["ends_at"] = ends_at;
        creature->at = SquareOf(ends_at);
        moved_ft = sub.value("cost_ft", 0.0);
        left_ft = sub.value("left_ft", nlohmann::json());
        for (nlohmann::json attack : sub.value("attacks_of_opportunity", nlohmann::json::array())) {
          attack["action"] = index;
          provoked.push_back(std::move(attack));
        }
      }
    }
    if (allowed && action.attack) {
      model::Query attack;
      attack.id = fmt::format("{}.{}", query.id, index);
      attack.kind = model::QueryKind::kAttack;
      attack.kind_name = "attack";
      attack.params = {{"attacker", id}, {"defender", params.value("target", "")}, {"kind", params.value("kind", "melee")}};
      nlohmann::json sub = {{"id", attack.id}, {"kind", "attack"}, {"status", "ok"}};
      AnswerAttack(here, attack, sub);
      if (sub.value("status", "ok") == "error") {
        return (void)Fail(result, fmt::format("action {} ('{}'): {}", index, name, sub.value("message", "")));
      }
      CopyKeys(sub, answer, {"possible", "attack_bonus", "ac_bonus", "net", "flanking", "cover", "concealment"});
      if (!sub.value("possible", false)) {
        allowed = false;
        why = sub.value("why", "the attack is not possible");
      }
    }
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
      provoked.push_back(std::move(attack));
    }
    if (!explain.empty()) answer["explain"] = std::move(explain);
    Apply(turn, action, moved_ft);
    used[action.spends] = used.value(action.spends, 0.0) + action.times;
    answers.push_back(std::move(answer));
  }
  if (!machine.error().empty()) return (void)Fail(result, machine.error());
  for (auto& [type, count] : used.items()) count = Number(count.get<double>());
  result["creature"] = id;
  result["legal"] = legal;
  result["actions"] = std::move(answers);
  result["actions_used"] = used;
  result["actions_left"] = ActionsLeft(machine, may_take, rows, turn);
  double moved = turn.slots[TurnRecord::kMovedFt].number;
  result["moved_ft"] = Number(moved);
  if (!left_ft.is_null()) result["left_ft"] = left_ft;
  result["attacks_of_opportunity"] = std::move(provoked);
  result["state"] = {{"at", {creature->at.x, creature->at.y}}, {"moved_ft", Number(moved)}, {"actions_used", used}};
  if (!machine.error().empty()) Fail(result, machine.error());
}

}  // namespace rulecraft::query
