#include "query/chase_query.h"

#include <array>
#include <string>

#include <fmt/format.h>

#include "dsl/eval/machine.h"
#include "query/explain.h"
#include "query/opposed_check.h"
#include "query/records.h"

namespace rulecraft::query {
namespace {

// Ties rolled again before a chase is left undecided (each tie needs equal totals again).
constexpr int kMaxTiedRolls = 20;

// One side's record: speed, dexterity, constitution.
using ChaserSlots = std::array<eval::Slot, compile::kRecordHeader + 3>;

// Where a rule is written, "starfinder:chase.rules:12:6", for `why`.
std::string RuleAt(const AnswerContext& context, int rule) {
  return Where(context.rules.program->rules[static_cast<size_t>(rule)].span, context.sources);
}

// Reads one side (`pursuer` or `quarry`) into `slots` and `side` ({creature, speed_ft}); false
// with `result` failed when its creature's speed cannot be had.
bool ReadSide(const AnswerContext& context, const nlohmann::json& params, eval::Machine& machine,
              ChaserSlots& slots, nlohmann::json& side, nlohmann::json& result) {
  double speed = params.value("speed", 0.0);
  if (params.contains("creature")) {
    const model::Creature* creature = context.scenario.FindCreature(params.value("creature", ""));
    int speed_rule = context.rules.program->FindRule("speed");
    if (creature == nullptr) return Fail(result, "unknown creature");
    if (speed_rule < 0) return Fail(result, "the ruleset has no 'speed' rule (docs/dsl.md, hook points)");
    if (creature->race.empty() && creature->speeds_ft.count("land") == 0) {
      return FailAt(result,
                    fmt::format("creature '{}' has neither a race (a row of table 'speeds') nor speed: {{ land: … }}: "
                                "give the chase its speed instead",
                                creature->id),
                    creature->span, context.sources, "missing-speed");
    }
    CreatureRecord record;
    BuildCreatureRecord(*creature, context.rules, record);
    eval::Slot mover{.record = record.slots.data()};
    speed = machine.Call(speed_rule, {&mover, 1}).number;
    side["creature"] = creature->id;
  }
  side["speed_ft"] = Number(speed);
  slots[compile::kRecordHeader + 0].number = speed;
  slots[compile::kRecordHeader + 1].number = params.value("dexterity", 10.0);
  slots[compile::kRecordHeader + 2].number = params.value("constitution", 10.0);
  return true;
}

}  // namespace

void AnswerChase(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  int catches_rule = program.FindRule("catches_by_speed");
  int escapes_rule = program.FindRule("escapes_by_speed");
  int after_rule = program.FindRule("chase_check_after");
  int bonus_rule = program.FindRule("chase_check_bonus");
  int tie_rule = program.FindRule("chase_tie");
  const tables::Table* scales = context.rules.tables.Find("chase_scales");
  if (catches_rule < 0 || escapes_rule < 0 || after_rule < 0 || bonus_rule < 0 || tie_rule < 0 || scales == nullptr ||
      scales->rows.empty()) {
    Fail(result, "this ruleset has no chase rules (rules catches_by_speed, escapes_by_speed, chase_check_after, "
                 "chase_check_bonus, chase_tie; table chase_scales)");
    return;
  }
  std::string scale = query.params.value("scale", scales->rows[0].name);
  eval::Machine machine(program);
  ChaserSlots pursuer{}, quarry{};
  nlohmann::json pursuer_side = nlohmann::json::object(), quarry_side = nlohmann::json::object();
  if (!ReadSide(context, query.params["pursuer"], machine, pursuer, pursuer_side, result) ||
      !ReadSide(context, query.params["quarry"], machine, quarry, quarry_side, result)) {
    return;
  }
  std::array<eval::Slot, compile::kRecordHeader + 3> chase{};
  chase[compile::kRecordHeader + 0].record = pursuer.data();
  chase[compile::kRecordHeader + 1].record = quarry.data();
  chase[compile::kRecordHeader + 2].number = scales->IndexOf(scale);
  eval::Slot record{.record = chase.data()};
  eval::Trace trace;
  machine.SetTrace(&trace);
  result["scale"] = scale;
  auto settle = [&](const char* winner, const char* decided_by, std::string why) {
    result["winner"] = winner;
    result["outcome"] = std::string_view(winner) == "pursuer" ? "caught" : "escaped";
    result["decided_by"] = decided_by;
    result["why"] = std::move(why);
  };
  // 001 Погоня: "быстрый персонаж без проблем догоняет медленного и убегает от него".
  if (machine.Call(catches_rule, {&record, 1}).number != 0) {
    settle("pursuer", "speed",
           fmt::format("the pursuer ({} ft) catches the quarry ({} ft) by speed: rule catches_by_speed ({})",
                       pursuer_side["speed_ft"].dump(), quarry_side["speed_ft"].dump(), RuleAt(context, catches_rule)));
  } else if (machine.Call(escapes_rule, {&record, 1}).number != 0) {
    settle("quarry", "speed",
           fmt::format("the quarry ({} ft) escapes the pursuer ({} ft) by speed: rule escapes_by_speed ({})",
                       quarry_side["speed_ft"].dump(), pursuer_side["speed_ft"].dump(), RuleAt(context, escapes_rule)));
  } else {
    double after = machine.Call(after_rule, {&record, 1}).number;
    const tables::Value* unit = scales->Find(scale) != nullptr ? scales->Find(scale)->Get("unit") : nullptr;
    result["check_after"] = {{"count", Number(after)}, {"unit", unit != nullptr ? unit->text : ""}};
    eval::Slot pursuer_args[2] = {record, eval::Slot{.record = pursuer.data()}};
    eval::Slot quarry_args[2] = {record, eval::Slot{.record = quarry.data()}};
    double pursuer_bonus = machine.Call(bonus_rule, pursuer_args).number;
    double quarry_bonus = machine.Call(bonus_rule, quarry_args).number;
    pursuer_side["bonus"] = Number(pursuer_bonus);
    quarry_side["bonus"] = Number(quarry_bonus);
    GivenDice pursuer_dice(context, query, "pursuer", query.params["pursuer"].value("rolls", nlohmann::json()));
    GivenDice quarry_dice(context, query, "quarry", query.params["quarry"].value("rolls", nlohmann::json()));
    double tie_answer = 0;
    TieRule tie = [&]() {
      eval::Slot args[3] = {record, eval::Slot{.number = pursuer_bonus}, eval::Slot{.number = quarry_bonus}};
      tie_answer = machine.Call(tie_rule, args).number;
      return tie_answer > 0 ? OpposedWinner::kFirst : tie_answer < 0 ? OpposedWinner::kSecond : OpposedWinner::kUndecided;
    };
    static const char* const kNames[2] = {"pursuer", "quarry"};
    OpposedResult check = RollOpposed(pursuer_dice, pursuer_bonus, quarry_dice, quarry_bonus, tie, kNames, kMaxTiedRolls);
    const nlohmann::json& last = check.rolls.back();
    std::string totals = fmt::format("{} against {}", last["pursuer"]["total"].dump(), last["quarry"]["total"].dump());
    const char* winner = check.winner == OpposedWinner::kFirst ? "pursuer" : "quarry";
    std::string why = last.value("tie", false)
                          ? fmt::format("equal speeds; the opposed check's totals tie ({}) and rule chase_tie ({}) "
                                        "gives the chase to the {}",
                                        totals, RuleAt(context, tie_rule), winner)
                          : fmt::format("equal speeds; the {} wins the opposed check (rule chase_check_bonus, {}): {}",
                                        winner, RuleAt(context, bonus_rule), totals);
    result["checks"] = std::move(check.rolls);
    if (check.winner != OpposedWinner::kUndecided) {
      settle(winner, "opposed_check", std::move(why));
    } else {
      result["winner"] = nullptr;
      result["outcome"] = nullptr;
      result["decided_by"] = "opposed_check";
      result["why"] = fmt::format("{} rolls in a row tied and rule chase_tie ({}) rolled again each time",
                                  kMaxTiedRolls, RuleAt(context, tie_rule));
    }
  }
  result["pursuer"] = std::move(pursuer_side);
  result["quarry"] = std::move(quarry_side);
  if (!machine.error().empty()) {
    Fail(result, machine.error());
    return;
  }
  result["explain"] = ExplainTrace(trace, program, context.sources);
}

}  // namespace rulecraft::query
