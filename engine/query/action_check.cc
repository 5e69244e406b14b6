#include "query/action_check.h"

#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "dsl/eval/machine.h"
#include "query/attack_refusal.h"
#include "query/check_parts.h"
#include "query/explain.h"
#include "query/given_dice.h"
#include "query/records.h"

namespace rulecraft::query {
namespace {

// The scenario's wind as a row number of `winds`, or -1 when the ruleset has no such table.
double WindRow(const AnswerContext& context) {
  const tables::Table* winds = context.rules.tables.Find("winds");
  return winds == nullptr ? -1 : static_cast<double>(winds->IndexOf(context.scenario.wind));
}

// One check of `action`: row `check` of `checks`, made with `given` ({roll, modifier, dc}, each
// optional). Appends to answer["checks"]; sets `outcome` when it may not be attempted or succeeds
// automatically. False when a rule failed or the DC is not known (into `result`).
bool MakeCheck(const AnswerContext& context, const model::Query& query, size_t index, const tables::Row& action,
               const tables::Table& checks, const tables::Row& check, const model::Creature& mover,
               const std::string& moving, const nlohmann::json& given, nlohmann::json& answer,
               ActionCheckOutcome& outcome, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  eval::Machine machine(program);
  CreatureRecord record;
  BuildCreatureRecord(mover, context.rules, record, moving);
  double check_row = static_cast<double>(checks.IndexOf(check.name));
  eval::Slot args[3] = {eval::Slot{.number = check_row}, eval::Slot{.record = record.slots.data()},
                        eval::Slot{.number = WindRow(context)}};
  auto failed = [&] { return Fail(result, fmt::format("action {} ('{}'): {}", index, action.name, machine.error())); };
  const tables::Value* skill = check.Get("skill");
  nlohmann::json made = {{"check", check.name}, {"skill", skill != nullptr ? skill->text : ""}};
  // May it be attempted at all (starfinder: a clumsy flier may not hover)?
  if (int rule = program.FindRule("check_allowed"); rule >= 0) {
    eval::Trace trace;
    machine.SetTrace(&trace);
    bool allowed = machine.Call(rule, {args, 2}).number != 0;
    machine.SetTrace(nullptr);
    if (!machine.error().empty()) return failed();
    if (!allowed) {
      outcome.allowed = false;
      outcome.why = fmt::format("'{}' may not attempt the check '{}': {} says no", mover.id, check.name,
                                RuleAt(context, FirstRefusingRule(trace, program, 0, rule)));
      answer["explain"] = ExplainTrace(trace, program, context.sources);
      return true;
    }
  }
  // Does it succeed without a roll (starfinder: a perfect flier hovers)?
  if (int rule = program.FindRule("check_automatic"); rule >= 0) {
    bool automatic = machine.Call(rule, {args, 2}).number != 0;
    if (!machine.error().empty()) return failed();
    if (automatic) {
      made["automatic"] = true;
      made["success"] = true;
      made["automatic_rule"] = RuleAt(context, rule);
      if (const tables::Value* spends = check.Get("automatic_spends"); spends != nullptr && !spends->text.empty()) {
        outcome.spends_changed = true;
        outcome.spends = spends->text == "none" ? "" : spends->text;
      }
      answer["checks"].push_back(std::move(made));
      return true;
    }
  }
  // The DC: the action's `dc`, else rule check_dc; none known is an error that says so.
  double dc = 0;
  if (given.is_object() && given.contains("dc")) {
    dc = given["dc"].get<double>();
    made["dc_given"] = true;
  } else {
    int rule = program.FindRule("check_dc");
    if (rule < 0) {
      return Fail(result, fmt::format("action {} ('{}'): ruleset '{}' has no rule check_dc for the DC of the check "
                                      "'{}': give it as dc: (docs/scenarios.md, Turns)",
                                      index, action.name, context.rules.manifest.name, check.name));
    }
    dc = machine.Call(rule, args).number;
    if (!machine.error().empty()) return failed();
    if (dc <= 0) {
      return Fail(result, fmt::format("action {} ('{}'): the DC of the check '{}' is not known: {} gives none in the "
                                      "wind '{}' (the ruleset's README says why); give it as dc:",
                                      index, action.name, check.name, RuleAt(context, rule), context.scenario.wind));
    }
    made["dc_rule"] = RuleAt(context, rule);
  }
  // The modifier: the action's `modifier`, else rule check_bonus, else 0.
  int64_t modifier = 0;
  std::string modifier_rule;
  nlohmann::json rule_failed;  // its message is machine.error(), which failed() reports with the action
  if (!CheckModifier(context, machine, given, "check_bonus", {args, 2}, modifier, modifier_rule, rule_failed)) {
    return failed();
  }
  if (!modifier_rule.empty()) made["modifier_rule"] = modifier_rule;
  // The action's check takes `roll` only (query_reader.cc); GivenRolls reads it.
  GivenDice dice(context, query, fmt::format("check.{}.{}", index, check.name), GivenRolls(given));
  std::string rolled;
  int64_t roll = dice.Roll(20, 1, rolled);
  double total = static_cast<double>(roll + modifier);
  bool success = total >= dc;
  made["dc"] = Number(dc);
  made["roll"] = roll;
  made["modifier"] = modifier;
  made["total"] = Number(total);
  made["success"] = success;
  made["rolled"] = rolled;
  if (!success) {
    const tables::Value* on_failure = check.Get("on_failure");
    made["on_failure"] = on_failure != nullptr ? on_failure->text : "";
  }
  answer["checks"].push_back(std::move(made));
  return true;
}

}  // namespace

bool ActionCheckSpendsNothing(const AnswerContext& context, const tables::Row& action, const model::Creature& mover) {
  const tables::Value* names = action.Get("check");
  const tables::Table* checks = context.rules.tables.Find("checks");
  if (names == nullptr || checks == nullptr) return false;
  const tables::Row* check = checks->Find(names->text);
  if (check == nullptr) return false;
  const tables::Value* spends = check->Get("automatic_spends");
  if (spends == nullptr || spends->text != "none") return false;
  const compile::Program& program = *context.rules.program;
  int allowed_rule = program.FindRule("check_allowed"), automatic_rule = program.FindRule("check_automatic");
  if (automatic_rule < 0) return false;
  eval::Machine machine(program);
  CreatureRecord record;
  BuildCreatureRecord(mover, context.rules, record);
  eval::Slot args[2] = {eval::Slot{.number = static_cast<double>(checks->IndexOf(check->name))},
                        eval::Slot{.record = record.slots.data()}};
  if (allowed_rule >= 0 && (machine.Call(allowed_rule, args).number == 0 || !machine.error().empty())) return false;
  return machine.Call(automatic_rule, args).number != 0 && machine.error().empty();
}

bool MakeActionChecks(const AnswerContext& context, const model::Query& query, size_t index,
                      const tables::Row& action, const model::Creature& mover, const std::string& moving,
                      const nlohmann::json& params, nlohmann::json& answer, ActionCheckOutcome& outcome,
                      nlohmann::json& result) {
  const tables::Value* names = action.Get("check");
  bool names_check = names != nullptr && !names->text.empty() && names->text != "none";
  const tables::Value* moves = action.Get("moves");
  bool moving_action = moves != nullptr && moves->AsBool();
  const tables::Table* checks = context.rules.tables.Find("checks");
  if (checks == nullptr) {
    if (!names_check) return true;
    return FailAt(result,
                  fmt::format("row '{}' of table 'actions' names the check '{}', but the ruleset has no table 'checks' "
                              "(docs/tables.md)",
                              action.name, names->text),
                  names->span, context.sources, "unknown-table");
  }
  if (names_check) {
    const tables::Row* check = checks->Find(names->text);
    if (check == nullptr) {  // located at the cell, so the command shows the table's line
      return FailAt(result,
                    fmt::format("row '{}' of table 'actions' names the check '{}', not a row of table 'checks' ({})",
                                action.name, names->text, fmt::join(checks->RowNames(), ", ")),
                    names->span, context.sources, "unknown-row");
    }
    if (!MakeCheck(context, query, index, action, *checks, *check, mover, moving, params, answer, outcome, result)) {
      return false;
    }
    if (!outcome.allowed) return true;
  }
  if (!moving_action) return true;
  int needed = context.rules.program->FindRule("check_needed");
  if (needed < 0) return true;
  const nlohmann::json given = params.value("check", nlohmann::json::object());
  for (const tables::Row& check : checks->rows) {
    const tables::Value* for_moves = check.Get("for_moves");
    if (for_moves == nullptr || !for_moves->AsBool()) continue;
    eval::Machine machine(*context.rules.program);
    CreatureRecord record;
    BuildCreatureRecord(mover, context.rules, record, moving);
    eval::Slot args[3] = {eval::Slot{.number = static_cast<double>(checks->IndexOf(check.name))},
                          eval::Slot{.record = record.slots.data()}, eval::Slot{.number = WindRow(context)}};
    bool make = machine.Call(needed, args).number != 0;
    if (!machine.error().empty()) {
      return Fail(result, fmt::format("action {} ('{}'): {}", index, action.name, machine.error()));
    }
    if (!make) continue;
    ActionCheckOutcome ignored;  // a move's check neither refuses the move nor changes what it spends
    if (!MakeCheck(context, query, index, action, *checks, check, mover, moving, given, answer, ignored, result)) {
      return false;
    }
  }
  return true;
}

}  // namespace rulecraft::query
