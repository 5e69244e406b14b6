#include "query/movement_query.h"

#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "movement/search.h"
#include "query/explain.h"
#include "query/records.h"

namespace rulecraft::query {
namespace {

using movement::kBlocked;

// Everything a movement query needs for one creature and mode.
struct Move {
  const model::Creature* creature = nullptr;
  CreatureRecord record;
  int mode = 0;
  std::string mode_name;
  std::string kind = "land";  // the speed kind it moves by (a row of `speed_kinds`)
  double speed_ft = 0;
  double budget_ft = 0;
  std::unique_ptr<hooks::Runner> hooks;  // only when the move calls Lua hooks (movement::Hooked)
  std::unique_ptr<movement::GridView> grid;
  std::unique_ptr<movement::StepRules> rules;
};

bool Fail(nlohmann::json& result, std::string message) {
  result["status"] = "error";
  result["message"] = std::move(message);
  return false;
}

// Prepares the creature, its speed and the mode's budget; reports into `result` on failure.
bool Prepare(const AnswerContext& context, const model::Query& query, Move& move, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  move.creature = context.scenario.FindCreature(query.params.value("creature", ""));
  if (move.creature == nullptr) return Fail(result, "unknown creature");
  if (!context.scenario.map) return Fail(result, "movement needs a map");
  move.mode_name = query.params.value("mode", "move");
  move.mode = context.rules.Table("movement_modes").IndexOf(move.mode_name);
  if (move.mode < 0) return Fail(result, fmt::format("the ruleset has no movement mode '{}'", move.mode_name));
  if (const auto* speed = query.params.contains("speed") ? &query.params["speed"] : nullptr) {
    if (speed->is_string()) move.kind = speed->get<std::string>();
    else if (speed->size() == 1) move.kind = (*speed)[0].get<std::string>();
    else return Fail(result, "several speed kinds in one move need the ruleset's rule 'may_switch_speeds'");
  }
  if (move.kind != "land" && move.creature->speeds_ft.count(move.kind) == 0) {
    return Fail(result, fmt::format("creature '{}' has no {} speed (scenario speed: {{ {}: … }})", move.creature->id,
                                    move.kind, move.kind));
  }
  BuildCreatureRecord(*move.creature, context.rules, move.record, move.kind);
  int speed_rule = program.FindRule("speed");
  int mode_rule = program.FindRule("mode_distance");
  if (speed_rule < 0 || mode_rule < 0) return Fail(result, "the ruleset needs rules 'speed' and 'mode_distance'");
  // Hooks run only for a mover with scripts, or among creatures with scripts for others' moves:
  // a scenario without them pays nothing.
  if (movement::Hooked(context.scenario, *move.creature)) {
    move.hooks = std::make_unique<hooks::Runner>(context.rules, hooks::LimitsOf(context.rules));
    move.hooks->SetMover(CreatureFactsOf(*move.creature), ScriptsOf(*move.creature));
    move.hooks->SetMode(move.mode);
    move.hooks->SetMap(context.scenario.map->width, context.scenario.map->height);
  }
  eval::Machine machine(program);
  eval::Slot mover{.record = move.record.slots.data()};
  move.speed_ft = machine.Call(speed_rule, {&mover, 1}).number;
  // Scripts' speed hook changes the land speed (docs/lua.md).
  if (move.hooks && move.kind == "land") move.speed_ft = move.hooks->Speed(move.speed_ft);
  eval::Slot args[3] = {mover, eval::Slot{.number = move.speed_ft}, eval::Slot{.number = static_cast<double>(move.mode)}};
  move.budget_ft = machine.Call(mode_rule, args).number;
  if (!machine.error().empty()) return Fail(result, machine.error());
  if (move.hooks && move.hooks->failed()) {
    ReportHookFailure(*move.hooks, result);
    return false;
  }
  move.grid = std::make_unique<movement::GridView>(context.scenario, context.rules, *move.creature);
  move.rules = std::make_unique<movement::StepRules>(context.rules, *move.grid, move.record.slots.data(), move.mode,
                                                     move.hooks.get());
  if (!move.rules->ok()) return Fail(result, move.rules->error());
  result["creature"] = move.creature->id;
  result["mode"] = move.mode_name;
  if (query.params.contains("speed")) result["speed"] = move.kind;
  result["speed_ft"] = Number(move.speed_ft);
  result["budget_ft"] = Number(move.budget_ft);
  return true;
}

// After a Lua script failed, the query reports that instead of its answer (docs/lua.md).
bool HookFailed(const Move& move, nlohmann::json& result) {
  if (!move.hooks || !move.hooks->failed()) return false;
  ReportHookFailure(*move.hooks, result);
  return true;
}

// One square of the reach overlay: its cost in squares (0-9, then a-z), '+' where the move may
// pass but not end, '.' where it cannot go.
char OverlaySymbol(float cost, bool may_end) {
  if (!may_end) return '+';
  int whole = static_cast<int>(std::ceil(cost));
  if (whole < 10) return static_cast<char>('0' + whole);
  return whole < 36 ? static_cast<char>('a' + whole - 10) : '*';
}

nlohmann::json At(model::Square square) { return nlohmann::json::array({square.x, square.y}); }

// The step of the mover's space from `from` to `to` with `counter` diagonals taken before it.
float StepCost(Move& move, model::Square from, model::Square to, int counter) {
  return movement::SpaceStep(*move.grid, *move.rules, from.x, from.y, to.x - from.x, to.y - from.y, counter,
                             move.creature->squares_per_side);
}

// Explains one step: the rule evaluation of its most costly square.
nlohmann::json ExplainStep(const AnswerContext& context, Move& move, model::Square from, model::Square to,
                           int counter) {
  int dx = to.x - from.x;
  int dy = to.y - from.y;
  bool diagonal = dx != 0 && dy != 0;
  movement::SubStep worst;
  float worst_cost = -2;
  int32_t side = move.creature->squares_per_side;
  for (int32_t j = 0; j < side; ++j) {
    for (int32_t i = 0; i < side; ++i) {
      int32_t tx = from.x + i + dx;
      int32_t ty = from.y + j + dy;
      if (!move.grid->Contains(tx, ty)) continue;
      movement::SubStep step{move.grid->ClassAt(tx, ty), 0, 0, diagonal, diagonal ? counter + 1 : 0};
      step.side_a = diagonal && move.grid->Contains(tx, from.y + j) ? move.grid->ClassAt(tx, from.y + j) : step.to;
      step.side_b = diagonal && move.grid->Contains(from.x + i, ty) ? move.grid->ClassAt(from.x + i, ty) : step.to;
      float cost = move.rules->Cost(step);
      if (cost == kBlocked || cost > worst_cost) {
        worst = step;
        worst_cost = cost;
        if (cost == kBlocked) break;
      }
    }
  }
  eval::Trace trace;
  std::vector<hooks::Change> changes;
  if (move.hooks) move.hooks->SetLog(&changes);
  move.rules->Explain(worst, trace);
  if (move.hooks) move.hooks->SetLog(nullptr);
  nlohmann::json explain = ExplainTrace(trace, *context.rules.program, context.sources);
  for (const hooks::Change& change : changes) explain.push_back(ExplainHookChange(change));
  return explain;
}

}  // namespace

void AnswerReach(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  Move move;
  if (!Prepare(context, query, move, result)) return;
  double square_ft = context.rules.manifest.square_ft;
  float budget = static_cast<float>(move.budget_ft / square_ft);
  movement::Reach reach = movement::Search(*move.grid, *move.rules, move.creature->at,
                                           move.creature->squares_per_side, budget);
  if (HookFailed(move, result)) return;
  nlohmann::json squares = nlohmann::json::array();
  nlohmann::json overlay = nlohmann::json::array();
  size_t endable = 0;
  for (int32_t y = 0; y < reach.height; ++y) {
    std::string row;
    for (int32_t x = 0; x < reach.width; ++x) {
      float cost = reach.Cost(x, y);
      if (std::isinf(cost)) {
        row += '.';
        continue;
      }
      bool may_end = movement::MayEndAt(*move.grid, *move.rules, x, y, move.creature->squares_per_side);
      row += OverlaySymbol(cost, may_end);
      endable += may_end ? 1 : 0;
      squares.push_back({{"at", At({x, y})}, {"cost", Number(cost)}, {"cost_ft", Number(cost * square_ft)},
                         {"may_end", may_end}});
    }
    overlay.push_back(std::move(row));
  }
  result["budget_squares"] = Number(budget);
  result["overlay"] = std::move(overlay);
  result["overlay_legend"] = "cost in squares (0-9, a-z), + may pass but not end, . out of reach";
  result["reachable"] = squares.size();
  result["may_end"] = endable;
  result["squares"] = std::move(squares);
  HookFailed(move, result);
}

void AnswerPath(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  Move move;
  if (!Prepare(context, query, move, result)) return;
  double square_ft = context.rules.manifest.square_ft;
  model::Square to{query.params["to"][0].get<int32_t>(), query.params["to"][1].get<int32_t>()};
  bool limited = query.params.contains("mode");
  float budget = limited ? static_cast<float>(move.budget_ft / square_ft) : std::numeric_limits<float>::infinity();
  movement::Reach reach = movement::Search(*move.grid, *move.rules, move.creature->at,
                                           move.creature->squares_per_side, budget, to);
  if (HookFailed(move, result)) return;
  int32_t state = reach.BestState(to.x, to.y);
  result["to"] = At(to);
  result["reachable"] = state >= 0;
  if (state < 0) {
    result["why"] = limited ? fmt::format("no legal route within the {} mode's {} ft", move.mode_name, move.budget_ft)
                            : "no legal route";
    return;
  }
  std::vector<model::Square> route = movement::RouteTo(reach, state);
  nlohmann::json steps = nlohmann::json::array();
  nlohmann::json explain = nlohmann::json::array();
  float total = 0;
  int counter = 0;
  for (size_t i = 1; i < route.size(); ++i) {
    float cost = StepCost(move, route[i - 1], route[i], counter);
    total += cost;
    steps.push_back({{"at", At(route[i])}, {"cost", Number(cost)}, {"total", Number(total)}});
    for (auto& entry : ExplainStep(context, move, route[i - 1], route[i], counter)) {
      entry["step"] = i;
      explain.push_back(std::move(entry));
    }
    if (route[i].x != route[i - 1].x && route[i].y != route[i - 1].y) counter = (counter + 1) % move.rules->cycle();
  }
  result["cost"] = Number(total);
  result["cost_ft"] = Number(total * square_ft);
  result["may_end"] = movement::MayEndAt(*move.grid, *move.rules, to.x, to.y, move.creature->squares_per_side);
  result["steps"] = std::move(steps);
  result["explain"] = std::move(explain);
  HookFailed(move, result);
}

void AnswerRoute(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  Move move;
  if (!Prepare(context, query, move, result)) return;
  double square_ft = context.rules.manifest.square_ft;
  float budget = static_cast<float>(move.budget_ft / square_ft);
  std::vector<model::Square> route = {move.creature->at};
  for (const auto& square : query.params["through"]) route.push_back({square[0].get<int32_t>(), square[1].get<int32_t>()});
  nlohmann::json steps = nlohmann::json::array();
  nlohmann::json explain = nlohmann::json::array();
  float total = 0;
  int counter = 0;
  model::Square last_legal = route[0];
  bool legal = true;
  for (size_t i = 1; i < route.size(); ++i) {
    model::Square from = route[i - 1];
    model::Square to = route[i];
    int dx = to.x - from.x;
    int dy = to.y - from.y;
    std::string why;
    float cost = kBlocked;
    if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) {
      why = "the squares are not adjacent";
    } else {
      cost = StepCost(move, from, to, counter);
      for (auto& entry : ExplainStep(context, move, from, to, counter)) {
        entry["step"] = i;
        explain.push_back(std::move(entry));
      }
      if (cost == kBlocked) why = "the rules do not allow this step (may_enter, or the space leaves the map)";
      else if (total + cost > budget + 1e-6f) why = fmt::format("not enough movement: {} of {} squares", total + cost, budget);
    }
    if (!why.empty()) {
      legal = false;
      result["first_illegal"] = {{"step", i}, {"at", At(to)}, {"why", why}};
      break;
    }
    total += cost;
    if (dx != 0 && dy != 0) counter = (counter + 1) % move.rules->cycle();
    bool may_end = movement::MayEndAt(*move.grid, *move.rules, to.x, to.y, move.creature->squares_per_side);
    if (may_end) last_legal = to;
    steps.push_back({{"at", At(to)}, {"cost", Number(cost)}, {"total", Number(total)}, {"may_end", may_end}});
  }
  model::Square reached = route[steps.size()];
  bool may_end_there = movement::MayEndAt(*move.grid, *move.rules, reached.x, reached.y, move.creature->squares_per_side);
  result["legal"] = legal && may_end_there;
  result["cost"] = Number(total);
  result["cost_ft"] = Number(total * square_ft);
  result["steps"] = std::move(steps);
  // Stopping where it may not end puts the creature back on the last square it could end on.
  result["ends_at"] = At(may_end_there ? reached : last_legal);
  result["explain"] = std::move(explain);
  HookFailed(move, result);
}

}  // namespace rulecraft::query
