#include "query/escape.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "dsl/eval/machine.h"
#include "query/check_parts.h"
#include "query/given_dice.h"
#include "query/movement_query.h"
#include "query/records.h"

namespace rulecraft::query {
namespace {

// The row of `escapes` that squeezes_through, or nullptr.
const tables::Row* SqueezeRow(const tables::Table& escapes) {
  for (const tables::Row& row : escapes.rows) {
    const tables::Value* cell = row.Get("squeezes_through");
    if (cell != nullptr && cell->AsBool()) return &row;
  }
  return nullptr;
}

// Gives a creature back its place, its band when squeezed, and its conditions when this goes out
// of scope.
class KeepPlace {
 public:
  explicit KeepPlace(model::Creature& creature)
      : creature_(creature),
        at_(creature.at),
        width_(creature.squeezed_width),
        height_(creature.squeezed_height),
        conditions_(creature.conditions) {}
  ~KeepPlace() {
    creature_.at = at_;
    creature_.squeezed_width = width_;
    creature_.squeezed_height = height_;
    creature_.conditions = conditions_;
  }
  KeepPlace(const KeepPlace&) = delete;
  KeepPlace& operator=(const KeepPlace&) = delete;

 private:
  model::Creature& creature_;
  model::Square at_;
  int32_t width_ = 0;
  int32_t height_ = 0;
  std::vector<std::string> conditions_;
};

model::Square SquareAt(const nlohmann::json& at) { return {at[0].get<int32_t>(), at[1].get<int32_t>()}; }

// Stands the mover where a step of a move left it: at its `at`, in the band of its space the step
// lists as `squeezed` (squares across x and y), else whole.
void StandAt(model::Creature& mover, const nlohmann::json& step) {
  mover.at = SquareAt(step["at"]);
  mover.squeezed_width = mover.squeezed_height = 0;
  if (!step.contains("squeezed") || step["squeezed"].empty()) return;
  int32_t min_x = mover.at.x, max_x = mover.at.x, min_y = mover.at.y, max_y = mover.at.y;
  for (const nlohmann::json& square : step["squeezed"]) {
    min_x = std::min(min_x, square[0].get<int32_t>());
    max_x = std::max(max_x, square[0].get<int32_t>());
    min_y = std::min(min_y, square[1].get<int32_t>());
    max_y = std::max(max_y, square[1].get<int32_t>());
  }
  mover.at = {min_x, min_y};
  mover.squeezed_width = max_x - min_x + 1;
  mover.squeezed_height = max_y - min_y + 1;
}

// Which steps of `steps` are tight: the mover, standing where the step before left it (squeezed
// or whole) without the escaping conditions, may not take them (a one-step route's first step is
// illegal). False when a route query failed (reported into `result`).
bool TightSteps(const AnswerContext& context, const model::Query& query, model::Creature& mover,
                const nlohmann::json& steps, std::vector<bool>& tight, nlohmann::json& result) {
  KeepPlace keep(mover);
  std::vector<std::string> escaping = EscapingConditions(context.rules);
  std::vector<std::string> without;
  for (const std::string& name : mover.conditions) {
    if (std::find(escaping.begin(), escaping.end(), name) == escaping.end()) without.push_back(name);
  }
  mover.conditions = without;
  for (size_t i = 0; i < steps.size(); ++i) {
    if (i > 0) StandAt(mover, steps[i - 1]);
    model::Query step;
    step.id = fmt::format("{}.escape.{}", query.id, i + 1);
    step.kind = model::QueryKind::kRoute;
    step.kind_name = "route";
    step.params = {{"creature", mover.id}, {"through", nlohmann::json::array({steps[i]["at"]})}};
    for (const char* key : {"mode", "speed"}) {
      if (query.params.contains(key)) step.params[key] = query.params[key];
    }
    nlohmann::json answer = {{"id", step.id}, {"kind", "route"}, {"status", "ok"}};
    AnswerRoute(context, step, answer);
    if (answer.value("status", "ok") == "error") return Fail(result, answer.value("message", ""));
    tight.push_back(answer.contains("first_illegal") && answer["first_illegal"].value("step", 0) == 1);
  }
  return true;
}

}  // namespace

std::vector<std::string> EscapingConditions(const ruleset::Ruleset& rules) {
  return RowConditions(rules, "escapes", "while_moving");
}

bool CheckEscapes(const AnswerContext& context, const model::Query& query, model::Creature& mover,
                  const nlohmann::json& sub, const nlohmann::json& escape, nlohmann::json& checks,
                  EscapeOutcome& outcome, nlohmann::json& result) {
  const tables::Table* escapes = context.rules.tables.Find("escapes");
  const compile::Program& program = *context.rules.program;
  int dc_rule = program.FindRule("escape_dc");
  if (escapes == nullptr || dc_rule < 0) {
    return Fail(result, "an Escape Artist move needs the ruleset's table 'escapes' and rule 'escape_dc' (docs/tables.md, docs/dsl.md)");
  }
  const tables::Row* kind = SqueezeRow(*escapes);
  if (kind == nullptr) return Fail(result, "table 'escapes' has no row with squeezes_through: true");
  const nlohmann::json steps = sub.value("steps", nlohmann::json::array());
  std::vector<bool> tight;
  if (!TightSteps(context, query, mover, steps, tight, result)) return false;
  eval::Machine machine(program);
  CreatureRecord mover_record;
  BuildCreatureRecord(mover, context.rules, mover_record);
  eval::Slot mover_slot{.record = mover_record.slots.data()};
  // The check's modifier: the query's `modifier`, else the rule escape_artist_bonus (the creature's
  // `skills: { escape_artist: 9 }`), else 0.
  int64_t modifier = 0;
  std::string modifier_rule;
  if (!CheckModifier(context, machine, escape, "escape_artist_bonus", {&mover_slot, 1}, modifier, modifier_rule, result)) {
    return false;
  }
  eval::Slot args[2] = {mover_slot, eval::Slot{.number = static_cast<double>(escapes->IndexOf(kind->name))}};
  double dc = machine.Call(dc_rule, args).number;
  if (!machine.error().empty()) return Fail(result, machine.error());
  std::string dc_where = RuleAt(context, dc_rule);
  const tables::Value* rounds_cell = kind->Get("rounds");
  int64_t rounds = rounds_cell != nullptr ? static_cast<int64_t>(std::llround(rounds_cell->number)) : 0;
  GivenDice dice(context, query, "escape_artist", GivenRolls(escape));
  int check = 0;
  for (size_t i = 0; i < tight.size(); ++i) {
    if (!tight[i] || (i > 0 && tight[i - 1])) continue;  // not the first square of a tight space
    size_t squares = 1;
    while (i + squares < tight.size() && tight[i + squares]) ++squares;
    std::string rolled;
    int64_t roll = dice.Roll(20, ++check, rolled);
    int64_t total = roll + modifier;
    bool success = static_cast<double>(total) >= dc;
    int64_t takes = success ? rounds * static_cast<int64_t>(squares) : rounds;
    outcome.takes_rounds += takes;
    checks.push_back({{"kind", kind->name},
                      {"step", i + 1},
                      {"at", steps[i]["at"]},
                      {"squares", squares},
                      {"dc", Number(dc)},
                      {"dc_rule", dc_where},
                      {"roll", roll},
                      {"modifier", modifier},
                      {"total", total},
                      {"success", success},
                      {"rolled", rolled},
                      {"takes_rounds", takes}});
    if (!modifier_rule.empty()) checks.back()["modifier_rule"] = modifier_rule;
    if (!success) {
      outcome.stop_step = i + 1;
      return true;  // the move stops before the tight space: the squares after it are not reached
    }
  }
  if (!tight.empty() && tight.back()) {
    const tables::Value* squeezed = kind->Get("while_squeezed");
    if (squeezed != nullptr) outcome.squeezed_condition = squeezed->text;
  }
  return true;
}

}  // namespace rulecraft::query
