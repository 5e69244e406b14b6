#include "query/movement_query.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <memory>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/limits.h"
#include "movement/rich_search.h"
#include "movement/route_steps.h"
#include "movement/search.h"
#include "query/accidental_end.h"
#include "query/explain.h"
#include "query/keep_away.h"
#include "query/marked_conditions.h"
#include "query/opportunity.h"
#include "query/path_within.h"
#include "query/records.h"
#include "query/tunnel.h"

namespace rulecraft::query {
namespace {

using movement::kBlocked;

// One speed kind the move may use: the creature record moving by it, its speed and budget,
// its step rules (and Lua runner, when the move calls hooks).
struct Kind {
  std::string name = "land";
  CreatureRecord record;
  double speed_ft = 0;
  double budget_ft = 0;
  std::unique_ptr<hooks::Runner> hooks;  // only when the move calls Lua hooks (movement::Hooked)
  std::unique_ptr<movement::StepRules> rules;
};

// Everything a movement query needs for one creature and mode.
struct Move {
  const model::Creature* creature = nullptr;
  int mode = 0;
  std::string mode_name;
  std::vector<std::unique_ptr<Kind>> kinds;  // the first is the one reported as speed_ft, budget_ft
  double used_ft = 0;                        // movement used before this query's (split movement, standing up)
  bool facing = false;                       // the rules track the direction of the last step
  bool squeeze = false;                      // a space of several squares may narrow (rule may_squeeze)
  std::string immobile;                      // why it moves not at all (a condition forbidding movement), or empty
  int32_t start_shape = 0;                   // the shape it starts in (FootprintsOf): narrowed when placed squeezed
  std::optional<KeepAway> keep_away;         // a source it may not move closer to (5e frightened), if it sees one
  std::unique_ptr<movement::GridView> grid;
  // The first kind's rules and hooks, as the single-kind code reads them.
  movement::StepRules* rules = nullptr;
  hooks::Runner* hooks = nullptr;
  // The search needs RichSearch: several kinds, or facing.
  bool Rich() const { return kinds.size() > 1 || facing; }
};

// A burrowing move's tunnel (query/tunnel.h), when one of its kinds is `burrow`.
void AddBurrowTunnel(const AnswerContext& context, const Move& move, nlohmann::json& result) {
  for (const auto& kind : move.kinds) {
    if (kind->name == "burrow") AddTunnel(context, kind->record, move.kinds.size() > 1, result["steps"], result);
  }
}

// Whether any kind's Lua runner failed; reports the first failure into `result`.
bool AnyHookFailed(const Move& move, nlohmann::json& result) {
  for (const auto& kind : move.kinds) {
    if (kind->rules && !kind->rules->ok()) {  // a step rule failed during the search: no answer
      result = {{"id", result.value("id", "")},
                {"kind", result.value("kind", "")},
                {"status", "error"},
                {"message", kind->rules->error()}};
      return true;
    }
  }
  for (const auto& kind : move.kinds) {
    if (kind->hooks && kind->hooks->failed()) {
      ReportHookFailure(*kind->hooks, result);
      return true;
    }
  }
  return false;
}

// Calls a rule on the creature record (and numbers after it); nullopt when the ruleset lacks it.
std::optional<double> CallRule(const compile::Program& program, eval::Machine& machine, const char* name,
                               std::vector<eval::Slot> args) {
  int rule = program.FindRule(name);
  if (rule < 0) return std::nullopt;
  return machine.Call(rule, args).number;
}

// The speed kinds the query names (`speed:`, default land).
std::vector<std::string> KindNames(const model::Query& query) {
  if (!query.params.contains("speed")) return {"land"};
  const auto& speed = query.params["speed"];
  if (speed.is_string()) return {speed.get<std::string>()};
  std::vector<std::string> names;
  for (const auto& name : speed) names.push_back(name.get<std::string>());
  return names;
}

// Fills one kind: its record (without the conditions in `dropped`), speed, budget and rules.
bool PrepareKind(const AnswerContext& context, Move& move, Kind& kind, const std::vector<std::string>& dropped,
                 nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  model::Creature creature = *move.creature;
  for (const std::string& condition : dropped) {
    creature.conditions.erase(std::remove(creature.conditions.begin(), creature.conditions.end(), condition),
                              creature.conditions.end());
  }
  BuildCreatureRecord(creature, context.rules, kind.record, kind.name);
  int speed_rule = program.FindRule("speed");
  int mode_rule = program.FindRule("mode_distance");
  if (speed_rule < 0 || mode_rule < 0) return Fail(result, "the ruleset needs rules 'speed' and 'mode_distance'");
  // Hooks run only for a mover with scripts, or among creatures with scripts for others' moves:
  // a scenario without them pays nothing.
  if (movement::Hooked(context.scenario, *move.creature)) {
    kind.hooks = std::make_unique<hooks::Runner>(context.rules, hooks::LimitsOf(context.rules));
    kind.hooks->SetQueryBudget(context.budget);
    kind.hooks->SetMover(CreatureFactsOf(creature), ScriptsOf(creature));
    kind.hooks->SetMode(move.mode);
    kind.hooks->SetMap(context.scenario.map->width, context.scenario.map->height);
  }
  eval::Machine machine(program);
  eval::Slot mover{.record = kind.record.slots.data()};
  kind.speed_ft = machine.Call(speed_rule, {&mover, 1}).number;
  // Scripts' speed hook changes the land speed (docs/lua.md).
  if (kind.hooks && kind.name == "land") kind.speed_ft = kind.hooks->Speed(kind.speed_ft);
  eval::Slot args[3] = {mover, eval::Slot{.number = kind.speed_ft}, eval::Slot{.number = static_cast<double>(move.mode)}};
  kind.budget_ft = machine.Call(mode_rule, args).number;
  if (auto tracks = CallRule(program, machine, "tracks_facing", {mover, args[2]}); tracks && *tracks != 0) {
    move.facing = true;
  }
  if (!machine.error().empty()) return Fail(result, machine.error());
  if (kind.hooks && kind.hooks->failed()) {
    ReportHookFailure(*kind.hooks, result);
    return false;
  }
  return true;
}

// The footprints the move's space may take (movement/footprint.h).
std::vector<movement::Footprint> FootprintsOf(const Move& move) {
  return movement::Footprints(move.creature->squares_per_side, move.squeeze);
}

// The creature's conditions that forbid all movement (`forbids_movement`: paralyzed, held, pinned).
std::vector<std::string> MovementForbiddenBy(const ruleset::Ruleset& rules, const model::Creature& creature) {
  std::vector<std::string> names;
  if (creature.conditions.empty()) return names;
  std::vector<std::string> forbidding = ConditionsMarked(rules, "forbids_movement");
  for (const std::string& name : creature.conditions) {
    if (std::find(forbidding.begin(), forbidding.end(), name) != forbidding.end()) names.push_back(name);
  }
  return names;
}

// Prepares the creature, its speeds and the mode's budgets; reports into `result` on failure.
bool Prepare(const AnswerContext& context, const model::Query& query, Move& move, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  move.creature = context.scenario.FindCreature(query.params.value("creature", ""));
  if (move.creature == nullptr) return Fail(result, "unknown creature");
  if (!context.scenario.map) return Fail(result, "movement needs a map");
  move.mode_name = query.params.value("mode", "move");
  move.mode = context.rules.Table("movement_modes").IndexOf(move.mode_name);
  if (move.mode < 0) return Fail(result, fmt::format("the ruleset has no movement mode '{}'", move.mode_name));
  move.used_ft = query.params.value("used_ft", 0.0);
  std::vector<std::string> names = KindNames(query);
  for (const std::string& name : names) {
    if (name != "land" && move.creature->speeds_ft.count(name) == 0) {
      return Fail(result, fmt::format("creature '{}' has no {} speed (scenario speed: {{ {}: … }})", move.creature->id,
                                      name, name));
    }
    move.kinds.push_back(std::make_unique<Kind>());
    move.kinds.back()->name = name;
  }
  std::vector<std::string> dropped;
  if (!PrepareKind(context, move, *move.kinds[0], dropped, result)) return false;
  eval::Machine machine(program);
  eval::Slot mover{.record = move.kinds[0]->record.slots.data()};
  if (names.size() > 1) {
    auto may_switch = CallRule(program, machine, "may_switch_speeds", {mover});
    if (!may_switch || *may_switch == 0) {
      return Fail(result, "the ruleset's rule 'may_switch_speeds' does not let this creature switch speeds during a move");
    }
  }
  // Standing up first (003 倒地): the rules price it and say whether it is possible; then the
  // creature moves without the conditions the ruleset's `conditions` table says standing up ends.
  if (query.params.value("stand_up", false)) {
    std::vector<std::string> ended = ConditionsMarked(context.rules, "stand_up_ends");
    if (ended.empty()) {
      return Fail(result, "standing up needs the ruleset's table 'conditions' with a row whose 'stand_up_ends' is true "
                          "(the condition standing up ends, such as prone)");
    }
    eval::Slot speed{.number = move.kinds[0]->speed_ft};
    auto cost = CallRule(program, machine, "stand_up_cost", {mover, speed});
    if (!cost) return Fail(result, "standing up needs the ruleset's rule 'stand_up_cost'");
    eval::Slot left{.number = move.kinds[0]->budget_ft - move.used_ft};
    auto may = CallRule(program, machine, "may_stand_up", {mover, speed, left});
    result["stand_up_ft"] = Number(*cost);
    if ((may && *may == 0) || *cost > left.number + 1e-9) {
      result["stood_up"] = false;
      result["why"] = may && *may == 0 ? "the rules do not let it stand up (may_stand_up)"
                                       : fmt::format("standing up costs {} ft, only {} ft are left", *cost, left.number);
      return false;
    }
    result["stood_up"] = true;
    move.used_ft += *cost;
    dropped.insert(dropped.end(), ended.begin(), ended.end());
    move.kinds[0] = std::make_unique<Kind>();
    move.kinds[0]->name = names[0];
    if (!PrepareKind(context, move, *move.kinds[0], dropped, result)) return false;
  }
  for (size_t k = 1; k < move.kinds.size(); ++k) {
    if (!PrepareKind(context, move, *move.kinds[k], dropped, result)) return false;
  }
  move.grid = std::make_unique<movement::GridView>(context.scenario, context.rules, *move.creature, move.kinds[0]->hooks.get());
  for (auto& kind : move.kinds) {
    kind->rules = std::make_unique<movement::StepRules>(
        context.rules, *move.grid, kind->record.slots.data(), move.mode, kind->hooks.get(), context.step_memos,
        context.step_memos != nullptr ? RecordKey(kind->record) : std::vector<uint64_t>{});
    if (!kind->rules->ok()) return Fail(result, kind->rules->error());
    if (move.facing) kind->rules->TrackTurns();
  }
  move.rules = move.kinds[0]->rules.get();
  move.hooks = move.kinds[0]->hooks.get();
  // A space of several squares may squeeze between obstacles when the rules say so (000 쥐어짜기):
  // the searches then track its footprint.
  // A creature placed squeezed (query/placement.h) starts narrowed and may widen again.
  int32_t side = move.creature->squares_per_side;
  if (side > 1) {
    auto squeeze = CallRule(program, machine, "may_squeeze", {mover, eval::Slot{.number = static_cast<double>(move.mode)}});
    move.squeeze = (squeeze && *squeeze != 0) || move.creature->squeezed_width > 0;
    for (auto& kind : move.kinds) {
      if (move.squeeze) kind->rules->TrackNarrowing(side - 1);
    }
  }
  model::Area placed = move.creature->Occupied();
  std::vector<movement::Footprint> shapes = FootprintsOf(move);
  for (size_t shape = 0; shape < shapes.size(); ++shape) {
    if (shapes[shape].width == placed.width && shapes[shape].height == placed.height) {
      move.start_shape = static_cast<int32_t>(shape);
    }
  }
  // A condition that forbids movement leaves no movement in any mode (every budget 0).
  if (std::vector<std::string> forbidden = MovementForbiddenBy(context.rules, *move.creature); !forbidden.empty()) {
    move.immobile = fmt::format("'{}' forbids all movement, minimum movement too (table conditions, forbids_movement)",
                                fmt::join(forbidden, "', '"));
    for (auto& kind : move.kinds) kind->budget_ft = 0;
    result["immobile"] = move.immobile;
  }
  // 5e frightened: no end and no step closer to the source it sees (table conditions, keeps_away_from_source).
  std::string sight_error;
  move.keep_away = KeepAwayOf(context, *move.creature, sight_error);
  if (!sight_error.empty()) return Fail(result, sight_error);
  if (move.keep_away) {
    result["keeps_away_from"] = {{"condition", move.keep_away->condition}, {"source", move.keep_away->source}};
    // The searches take no step closer, so a path goes round and a reach ends where such a way leads.
    move.grid->RefuseSteps([keep_away = *move.keep_away](model::Square from, model::Square to) {
      return keep_away.Approaches(from.x, from.y, to.x, to.y);
    });
  }
  result["creature"] = move.creature->id;
  result["mode"] = move.mode_name;
  if (query.params.contains("speed")) result["speed"] = query.params["speed"];
  result["speed_ft"] = Number(move.kinds[0]->speed_ft);
  result["budget_ft"] = Number(move.kinds[0]->budget_ft);
  if (move.kinds.size() > 1) {
    nlohmann::json speeds = nlohmann::json::object(), budgets = nlohmann::json::object();
    for (const auto& kind : move.kinds) {
      speeds[kind->name] = Number(kind->speed_ft);
      budgets[kind->name] = Number(kind->budget_ft);
    }
    result["speeds_ft"] = std::move(speeds);
    result["budgets_ft"] = std::move(budgets);
  }
  if (move.used_ft != 0) result["used_ft"] = Number(move.used_ft);
  return true;
}

// The movement left after `total` squares of this query (per kind when there are several).
nlohmann::json LeftFt(const Move& move, double total_ft) {
  auto left = [&](const Kind& kind) { return Number(std::max(0.0, kind.budget_ft - move.used_ft - total_ft)); };
  if (move.kinds.size() == 1) return left(*move.kinds[0]);
  nlohmann::json per_kind = nlohmann::json::object();
  for (const auto& kind : move.kinds) per_kind[kind->name] = left(*kind);
  return per_kind;
}

// Dropping prone at the end of a move (003 "自行俯卧倒地drop prone时，你不需花费任何移动力"): the
// rule drop_prone_cost prices it; the creature ends with the conditions standing up ends
// (table conditions, stand_up_ends). Answers dropped_prone, drop_prone_ft and ends_with, and
// lowers left_ft; false with why when the movement left does not pay it. False on a failure.
bool DropProne(const AnswerContext& context, const Move& move, double moved_ft, nlohmann::json& result) {
  std::vector<std::string> gained = ConditionsMarked(context.rules, "stand_up_ends");
  if (gained.empty()) {
    return Fail(result, "dropping prone needs the ruleset's table 'conditions' with a row whose 'stand_up_ends' is "
                        "true (the condition dropping prone gives, such as prone)");
  }
  const compile::Program& program = *context.rules.program;
  eval::Machine machine(program);
  eval::Slot mover{.record = move.kinds[0]->record.slots.data()};
  auto cost = CallRule(program, machine, "drop_prone_cost", {mover});
  if (!cost) return Fail(result, "dropping prone needs the ruleset's rule 'drop_prone_cost' (docs/dsl.md)");
  double left = move.kinds[0]->budget_ft - move.used_ft - moved_ft;
  result["drop_prone_ft"] = Number(*cost);
  if (*cost > left + 1e-9) {
    result["dropped_prone"] = false;
    result["why"] = fmt::format("dropping prone costs {} ft, only {} ft are left", *cost, std::max(0.0, left));
    return true;
  }
  result["dropped_prone"] = true;
  result["ends_with"] = gained;
  result["left_ft"] = LeftFt(move, moved_ft + *cost);
  return true;
}

// The kinds' step rules and budgets in squares, as RichSearch takes them.
std::vector<movement::KindRules> KindBudgets(const Move& move, double square_ft) {
  std::vector<movement::KindRules> kinds;
  for (const auto& kind : move.kinds) kinds.push_back({kind->rules.get(), static_cast<float>(kind->budget_ft / square_ft)});
  return kinds;
}

// After a Lua script failed, the query reports that instead of its answer (docs/lua.md).
bool HookFailed(const Move& move, nlohmann::json& result) { return AnyHookFailed(move, result); }

// One square of the reach overlay: its cost in squares (0-9, then a-z), '+' where the move may
// pass but not end, '.' where it cannot go.
char OverlaySymbol(float cost, bool may_end) {
  if (!may_end) return '+';
  int whole = static_cast<int>(std::ceil(cost));
  if (whole < 10) return static_cast<char>('0' + whole);
  return whole < 36 ? static_cast<char>('a' + whole - 10) : '*';
}

nlohmann::json At(model::Square square) { return nlohmann::json::array({square.x, square.y}); }

// A reached square's object with its keys in order (at, cost, cost_ft, may_end), made once: each
// square copies it, which clones its tree without comparing or rebalancing, then sets its values.
const nlohmann::json& SquareShape() {
  static const nlohmann::json shape = {{"at", {0, 0}}, {"cost", 0}, {"cost_ft", 0}, {"may_end", false}};
  return shape;
}

// Appends one reached square to a reach answer's `squares`: at, cost, cost_ft, may_end.
nlohmann::json& AddReachedSquare(nlohmann::json::array_t& squares, const ReachedSquare& reached) {
  nlohmann::json& square = squares.emplace_back(SquareShape());
  auto field = square.get_ref<nlohmann::json::object_t&>().begin();
  auto& xy = field->second.get_ref<nlohmann::json::array_t&>();
  xy[0] = reached.x;
  xy[1] = reached.y;
  (++field)->second = Number(reached.cost);
  (++field)->second = Number(reached.cost_ft);
  (++field)->second = reached.may_end;
  return square;
}

// Whether the move may end with its space at (x, y) in a footprint: by any of its kinds.
bool MayEnd(Move& move, int32_t x, int32_t y, const movement::Footprint& footprint) {
  if (move.keep_away && move.keep_away->EndsCloser(x, y)) return false;
  for (auto& kind : move.kinds) {
    if (movement::MayEndIn(*move.grid, *kind->rules, x, y, footprint)) return true;
  }
  return false;
}

// Whether the move may end with its space at (x, y), whole or, when it may squeeze, narrowed.
bool MayEnd(Move& move, int32_t x, int32_t y) {
  for (const movement::Footprint& footprint : FootprintsOf(move)) {
    if (MayEnd(move, x, y, footprint)) return true;
  }
  return false;
}

// The direction index (movement::kDirections) of a step between adjacent squares.
int DirectionOf(int dx, int dy) {
  for (int d = 0; d < 8; ++d) {
    if (movement::kDirections[d][0] == dx && movement::kDirections[d][1] == dy) return d;
  }
  return -1;
}

// The shape the space has where the move starts: whole, or squeezed where it was placed so.
movement::Footprint StartShape(const Move& move) {
  return FootprintsOf(move)[static_cast<size_t>(move.start_shape)];
}

// Step `i` of a route (from route[i - 1] to route[i]): `moves[i - 1]` when a squeezing search
// chose the steps, else the start's shape moving by the difference (direction -1 when the
// squares are not adjacent).
movement::SpaceMove StepOf(const Move& move, const std::vector<movement::SpaceMove>& moves,
                           const std::vector<model::Square>& route, size_t i) {
  if (i - 1 < moves.size()) return moves[i - 1];
  return {DirectionOf(route[i].x - route[i - 1].x, route[i].y - route[i - 1].y), move.start_shape, StartShape(move)};
}

// The shape the space has at each place of a route (the start's, then where no squeezing
// search chose the steps the same).
std::vector<movement::Footprint> ShapesAlong(const Move& move, const std::vector<movement::SpaceMove>& moves,
                                             const std::vector<model::Square>& route) {
  std::vector<movement::Footprint> shapes = {StartShape(move)};
  for (size_t i = 1; i < route.size(); ++i) shapes.push_back(StepOf(move, moves, route, i).footprint);
  return shapes;
}

// The squares of a space `width` × `height` with its top-left square at `at`.
nlohmann::json Squeezed(model::Square at, int32_t width, int32_t height) {
  nlohmann::json squares = nlohmann::json::array();
  for (int32_t j = 0; j < height; ++j) {
    for (int32_t i = 0; i < width; ++i) squares.push_back({at.x + i, at.y + j});
  }
  return squares;
}

// The squares of a narrowed shape with its top-left square at `at` (empty when whole).
nlohmann::json Squeezed(model::Square at, const movement::Footprint& shape) {
  if (shape.narrowed == 0) return nlohmann::json::array();
  return Squeezed(at, shape.width, shape.height);
}

// Explains one step by one kind: the rule evaluation of its most costly square.
nlohmann::json ExplainStep(const AnswerContext& context, Move& move, const Kind& kind, model::Square from,
                           const movement::SpaceMove& space_move, int counter, int turn) {
  int dx = movement::kDirections[space_move.direction][0];
  int dy = movement::kDirections[space_move.direction][1];
  const movement::Footprint& footprint = space_move.footprint;
  bool diagonal = dx != 0 && dy != 0;
  movement::SubStep worst;
  float worst_cost = -2;
  for (int32_t j = footprint.y; j < footprint.y + footprint.height; ++j) {
    for (int32_t i = footprint.x; i < footprint.x + footprint.width; ++i) {
      int32_t tx = from.x + i + dx;
      int32_t ty = from.y + j + dy;
      if (!move.grid->Contains(tx, ty)) continue;
      std::optional<movement::Entered> entered =
          movement::StepInto(*move.grid, tx, ty, dx, dy, diagonal ? counter + 1 : 0, turn, footprint.narrowed);
      if (!entered) continue;
      movement::SubStep step;
      float cost = movement::EnteredCost(*kind.rules, *entered, &step);
      if (worst_cost == kBlocked) continue;  // the first refusal explains the step
      if (cost == kBlocked || cost > worst_cost) {
        worst = step;
        worst_cost = cost;
      }
    }
  }
  eval::Trace trace;
  std::vector<hooks::Change> changes;
  if (kind.hooks) kind.hooks->SetLog(&changes);
  kind.rules->Explain(worst, trace);
  if (kind.hooks) kind.hooks->SetLog(nullptr);
  nlohmann::json explain = ExplainTrace(trace, *context.rules.program, context.sources);
  for (const hooks::Change& change : changes) explain.push_back(ExplainHookChange(change));
  return explain;
}

// One step priced by the cheapest kind that still has the movement for it, given `used`
// squares so far (the query's used_ft included); kind -1 when none may take it.
struct Priced {
  float cost = kBlocked;
  int kind = -1;
  bool over_budget = false;  // some kind allows the step, but none has the movement left
  int short_kind = -1;       // then: of the kinds allowing it, the one with the most movement left
  float short_cost = 0;      // and its cost of the step
};

Priced PriceStep(Move& move, double square_ft, model::Square from, const movement::SpaceMove& step, int counter,
                 int turn, float used) {
  Priced priced;
  int dx = movement::kDirections[step.direction][0], dy = movement::kDirections[step.direction][1];
  for (size_t k = 0; k < move.kinds.size(); ++k) {
    const Kind& kind = *move.kinds[k];
    float cost = movement::FootprintStep(*move.grid, *kind.rules, from.x, from.y, dx, dy, counter, step.footprint, turn);
    if (cost == kBlocked) continue;
    if (used + cost > static_cast<float>(kind.budget_ft / square_ft) + 1e-6f) {
      priced.over_budget = true;
      if (priced.short_kind < 0 || kind.budget_ft > move.kinds[static_cast<size_t>(priced.short_kind)]->budget_ft) {
        priced.short_kind = static_cast<int>(k);
        priced.short_cost = cost;
      }
      continue;
    }
    if (priced.kind < 0 || cost < priced.cost) priced = {cost, static_cast<int>(k), false};
  }
  if (priced.kind >= 0) priced.over_budget = false;
  return priced;
}

// One square straight up (rise 1) or down (rise -1) by one kind, as the rule rise_cost prices
// it under the scenario's gravity: its cost in squares (kBlocked when refused or without the
// rule) and the rules behind it.
float RiseCost(const AnswerContext& context, const Kind& kind, int rise, nlohmann::json* explain = nullptr) {
  const compile::Program& program = *context.rules.program;
  int rule = program.FindRule("rise_cost");
  if (rule < 0) return kBlocked;
  eval::Machine machine(program);
  eval::Trace trace;
  if (explain != nullptr) machine.SetTrace(&trace);
  int gravity = std::max(0, context.rules.Table("gravity").IndexOf(context.scenario.gravity));
  eval::Slot args[3] = {eval::Slot{.record = kind.record.slots.data()}, eval::Slot{.number = static_cast<double>(rise)},
                        eval::Slot{.number = static_cast<double>(gravity)}};
  double cost = machine.Call(rule, args).number;
  if (explain != nullptr) *explain = ExplainTrace(trace, program, context.sources);
  return cost >= 0 && std::isfinite(cost) ? static_cast<float>(cost) : kBlocked;
}

// The cheapest kind for one vertical square with `used` squares used so far; kind -1 when none.
Priced PriceRise(const AnswerContext& context, Move& move, double square_ft, int rise, float used) {
  Priced priced;
  for (size_t k = 0; k < move.kinds.size(); ++k) {
    float cost = RiseCost(context, *move.kinds[k], rise);
    if (cost == kBlocked) continue;
    if (used + cost > static_cast<float>(move.kinds[k]->budget_ft / square_ft) + 1e-6f) {
      priced.over_budget = true;
      continue;
    }
    if (priced.kind < 0 || cost < priced.cost) priced = {cost, static_cast<int>(k), false};
  }
  if (priced.kind >= 0) priced.over_budget = false;
  return priced;
}

// The altitude of a place [x, y] or [x, y, altitude] (0: the creature's own).
int32_t AltitudeOf(const nlohmann::json& place) { return place.size() == 3 ? place[2].get<int32_t>() : 0; }

}  // namespace

bool ComputeReach(const AnswerContext& context, const model::Query& query, ReachAnswer& answer,
                  nlohmann::json& result) {
  Move move;
  if (!Prepare(context, query, move, result)) return false;
  double square_ft = context.rules.manifest.square_ft;
  float used = static_cast<float>(move.used_ft / square_ft);
  float budget = static_cast<float>(move.kinds[0]->budget_ft / square_ft) - used;
  // The plain search for one kind without facing; RichSearch otherwise. Costs are this query's
  // movement, the used_ft before it left out.
  std::function<float(int32_t, int32_t)> cost_at;
  std::function<int32_t(int32_t, int32_t)> best_shape;            // the cheapest state's footprint
  std::function<bool(int32_t, int32_t, int32_t)> reached_in;      // some state of that footprint reached
  std::vector<movement::Footprint> shapes = FootprintsOf(move);
  movement::Reach reach;
  movement::RichReach rich;
  // The box of squares the search may have reached: the whole map, unless the plain search
  // knows the box it reached.
  int32_t top = 0, bottom = move.grid->height() - 1, left = 0, right = move.grid->width() - 1;
  if (move.Rich()) {
    rich = movement::RichSearch(*move.grid, KindBudgets(move, square_ft), move.creature->at,
                                move.creature->squares_per_side, used, move.facing, std::nullopt, move.squeeze,
                                move.start_shape);
    cost_at = [&](int32_t x, int32_t y) { return rich.Cost(x, y) - used; };
    best_shape = [&](int32_t x, int32_t y) { return rich.ShapeOf(rich.BestState(x, y)); };
    reached_in = [&](int32_t x, int32_t y, int32_t shape) {
      for (int counter = 0; counter < rich.cycle; ++counter) {
        for (int facing = 0; facing < rich.facings; ++facing) {
          if (!std::isinf(rich.cost[static_cast<size_t>(rich.State(x, y, counter, facing, shape))])) return true;
        }
      }
      return false;
    };
  } else {
    reach = movement::Search(*move.grid, *move.rules, move.creature->at, move.creature->squares_per_side, budget,
                             std::nullopt, move.squeeze, move.start_shape);
    model::Area box = reach.ReachedBox();
    top = box.at.y, bottom = box.at.y + box.height - 1, left = box.at.x, right = box.at.x + box.width - 1;
    cost_at = [&](int32_t x, int32_t y) { return reach.Cost(x, y); };
    best_shape = [&](int32_t x, int32_t y) { return reach.ShapeOf(reach.BestState(x, y)); };
    reached_in = [&](int32_t x, int32_t y, int32_t shape) {
      for (int counter = 0; counter < reach.cycle; ++counter) {
        if (!std::isinf(reach.CostOf(reach.State(x, y, counter, shape)))) return true;
      }
      return false;
    };
  }
  // A squeezing space may end where some footprint it reached may end.
  auto may_end_at = [&](int32_t x, int32_t y) {
    if (!move.squeeze) {  // MayEnd(move, x, y), with the footprints made once
      return std::any_of(shapes.begin(), shapes.end(),
                         [&](const movement::Footprint& footprint) { return MayEnd(move, x, y, footprint); });
    }
    for (int32_t shape = 0; shape < static_cast<int32_t>(shapes.size()); ++shape) {
      if (reached_in(x, y, shape) && MayEnd(move, x, y, shapes[static_cast<size_t>(shape)])) return true;
    }
    return false;
  };
  if (HookFailed(move, result)) return false;
  answer.creature = move.creature->id;
  answer.mode = move.mode_name;
  answer.speed_ft = move.kinds[0]->speed_ft;
  answer.budget_ft = move.kinds[0]->budget_ft;
  answer.budget_squares = budget;
  answer.immobile = move.immobile;
  // Each square's cost once, with the reached squares' bounding box and count. Only the squares
  // of the box the search may have reached are asked; `costs` holds those.
  const size_t box_width = static_cast<size_t>(std::max(0, right - left + 1));
  std::vector<float> costs(box_width * static_cast<size_t>(std::max(0, bottom - top + 1)));
  auto cost_of = [&](int32_t x, int32_t y) -> float& {
    return costs[static_cast<size_t>(y - top) * box_width + static_cast<size_t>(x - left)];
  };
  int32_t min_x = move.grid->width(), min_y = move.grid->height(), max_x = -1, max_y = -1;
  size_t reached = 0;
  for (int32_t y = top; y <= bottom; ++y) {
    for (int32_t x = left; x <= right; ++x) {
      if (std::isinf(cost_of(x, y) = cost_at(x, y))) continue;
      ++reached;
      min_x = std::min(min_x, x), max_x = std::max(max_x, x);
      min_y = std::min(min_y, y), max_y = std::max(max_y, y);
    }
  }
  answer.reachable_count = reached;
  answer.squares.clear();
  answer.squares.reserve(reached);
  size_t endable = 0;
  for (int32_t y = min_y; y <= max_y; ++y) {
    for (int32_t x = min_x; x <= max_x; ++x) {
      float cost = cost_of(x, y);
      if (std::isinf(cost)) continue;
      bool may_end = may_end_at(x, y);
      endable += may_end ? 1 : 0;
      ReachedSquare& square = answer.squares.emplace_back();
      square.x = x, square.y = y;
      square.cost = cost;
      square.cost_ft = cost * square_ft;
      square.may_end = may_end;
      if (move.squeeze) {
        const movement::Footprint& shape = shapes[static_cast<size_t>(best_shape(x, y))];
        if (shape.narrowed != 0) square.squeezed_width = shape.width, square.squeezed_height = shape.height;
      }
    }
  }
  answer.may_end_count = endable;
  answer.origin_x = reached > 0 ? min_x : 0;
  answer.origin_y = reached > 0 ? min_y : 0;
  answer.width = reached > 0 ? max_x - min_x + 1 : 0;
  answer.height = reached > 0 ? max_y - min_y + 1 : 0;
  // A rule that failed while the squares were asked whether the move may end there.
  return !HookFailed(move, result);
}

namespace {

// A reach answer's `grid`: its box (origin, width, height) and its rows of costs and of may_end
// flags, built with its keys in order.
nlohmann::json ReachGrid(const ReachAnswer& answer, nlohmann::json cost_rows, nlohmann::json may_end_rows) {
  nlohmann::json grid(nlohmann::json::value_t::object);
  auto& fields = grid.get_ref<nlohmann::json::object_t&>();
  fields.emplace_hint(fields.end(), "cost", std::move(cost_rows));
  fields.emplace_hint(fields.end(), "height", answer.height);
  fields.emplace_hint(fields.end(), "may_end", std::move(may_end_rows));
  fields.emplace_hint(fields.end(), "origin", nlohmann::json::array_t{answer.origin_x, answer.origin_y});
  fields.emplace_hint(fields.end(), "width", answer.width);
  return grid;
}

}  // namespace

void WriteReach(const ReachAnswer& answer, int32_t map_width, int32_t map_height, nlohmann::json& result) {
  // The squares are listed row by row over the box, so each row of the grid and the overlay
  // walks them in order (docs/scenarios.md, "Reach grids").
  bool listed = answer.reachable_count <= limits::kMaxListedSquares;
  nlohmann::json squares(nlohmann::json::value_t::array), overlay(nlohmann::json::value_t::array);
  nlohmann::json cost_rows(nlohmann::json::value_t::array), may_end_rows(nlohmann::json::value_t::array);
  auto& square_list = squares.get_ref<nlohmann::json::array_t&>();
  auto& overlay_rows = overlay.get_ref<nlohmann::json::array_t&>();
  auto& cost_list = cost_rows.get_ref<nlohmann::json::array_t&>();
  auto& may_end_list = may_end_rows.get_ref<nlohmann::json::array_t&>();
  if (listed) square_list.reserve(answer.squares.size());
  overlay_rows.reserve(static_cast<size_t>(map_height));
  cost_list.reserve(static_cast<size_t>(answer.height));
  may_end_list.reserve(static_cast<size_t>(answer.height));
  const size_t row_width = static_cast<size_t>(map_width), box_width = static_cast<size_t>(answer.width);
  const int32_t min_x = answer.origin_x, max_x = answer.origin_x + answer.width - 1;
  const int32_t min_y = answer.origin_y, max_y = answer.origin_y + answer.height - 1;
  auto next = answer.squares.begin();
  for (int32_t y = 0; y < map_height; ++y) {
    std::string row(row_width, '.');  // no square of the row reached, until one is
    bool in_box = answer.width > 0 && y >= min_y && y <= max_y;
    if (!in_box) {
      overlay_rows.emplace_back(std::move(row));
      continue;
    }
    auto& costs = cost_list.emplace_back(nlohmann::json::value_t::array).get_ref<nlohmann::json::array_t&>();
    costs.reserve(box_width);
    std::string may_end_row(box_width, '.');
    for (int32_t x = min_x; x <= max_x; ++x) {
      if (next == answer.squares.end() || next->x != x || next->y != y) {
        costs.emplace_back();  // null: not reached
        continue;
      }
      const ReachedSquare& reached = *next++;
      row[static_cast<size_t>(x)] = OverlaySymbol(static_cast<float>(reached.cost), reached.may_end);
      costs.emplace_back(Number(reached.cost));
      may_end_row[static_cast<size_t>(x - min_x)] = reached.may_end ? '1' : '0';
      if (!listed) continue;
      nlohmann::json& square = AddReachedSquare(square_list, reached);
      if (reached.squeezed_width > 0) {
        square["squeezed"] = Squeezed({x, y}, reached.squeezed_width, reached.squeezed_height);
      }
    }
    overlay_rows.emplace_back(std::move(row));
    may_end_list.emplace_back(std::move(may_end_row));
  }
  result["budget_squares"] = Number(answer.budget_squares);
  result["overlay"] = std::move(overlay);
  result["overlay_legend"] = "cost in squares (0-9, a-z), + may pass but not end, . out of reach";
  result["reachable_count"] = answer.reachable_count;
  result["may_end_count"] = answer.may_end_count;
  result["grid"] = ReachGrid(answer, std::move(cost_rows), std::move(may_end_rows));
  if (listed) {
    result["squares"] = std::move(squares);
  } else {
    result["squares_omitted"] = fmt::format("{} squares reached, more than the {} a reach lists one by one; "
                                            "`grid` holds them all", answer.reachable_count, limits::kMaxListedSquares);
  }
}

void AnswerReach(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  ReachAnswer answer;
  if (!ComputeReach(context, query, answer, result)) return;
  WriteReach(answer, context.scenario.map->width, context.scenario.map->height, result);
}

void AnswerPath(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  Move move;
  if (!Prepare(context, query, move, result)) return;
  double square_ft = context.rules.manifest.square_ft;
  model::Square to{query.params["to"][0].get<int32_t>(), query.params["to"][1].get<int32_t>()};
  bool limited = query.params.contains("mode") || move.used_ft != 0;
  if (!limited) {  // no budget was applied, so none is reported (AddWithin says which modes fit)
    for (const char* key : {"mode", "budget_ft", "budgets_ft"}) result.erase(key);
  }
  if (!move.immobile.empty() && !(to == move.creature->at)) {
    result["to"] = query.params["to"];
    result["reachable"] = false;
    result["why"] = move.immobile;
    return;
  }
  float used = static_cast<float>(move.used_ft / square_ft);
  std::vector<model::Square> route;
  std::vector<int> kinds;  // per step of `route` after the first
  std::vector<movement::SpaceMove> moves;  // per step of `route`, when a squeezing search chose them
  result["to"] = query.params["to"];
  // Altitude: every square up or down costs the same wherever it is taken, so the route is the
  // cheapest on the map with the vertical squares' cost used first; they are listed last.
  int32_t altitude = AltitudeOf(query.params["to"]);
  int rise = altitude > 0 ? 1 : -1;
  float vertical = 0;
  int vertical_kind = 0;
  if (altitude != 0) {
    float best = kBlocked;
    for (size_t k = 0; k < move.kinds.size(); ++k) {
      float cost = RiseCost(context, *move.kinds[k], rise);
      if (cost != kBlocked && (best == kBlocked || cost < best)) {
        best = cost;
        vertical_kind = static_cast<int>(k);
      }
    }
    if (best == kBlocked) {
      result["reachable"] = false;
      result["why"] = fmt::format("the rules allow no {} by this speed (rise_cost)", rise > 0 ? "rising" : "descending");
      return;
    }
    vertical = best * static_cast<float>(std::abs(altitude));
    used += vertical;
  }
  if (move.Rich()) {
    std::vector<movement::KindRules> budgets = KindBudgets(move, square_ft);
    if (!limited) {
      for (auto& kind : budgets) kind.budget = std::numeric_limits<float>::infinity();
    }
    movement::RichReach rich = movement::RichSearch(*move.grid, budgets, move.creature->at,
                                                    move.creature->squares_per_side, used, move.facing, to,
                                                    move.squeeze, move.start_shape);
    int32_t state = rich.BestState(to.x, to.y);
    if (state >= 0) {
      for (int32_t at : movement::StatesTo(rich, state)) {
        route.push_back(rich.SquareOf(at));
        if (route.size() == 1) continue;
        kinds.push_back(rich.kind[static_cast<size_t>(at)]);
        if (move.squeeze) moves.push_back(rich.StepInto(at));
      }
    }
  } else {
    float budget = limited ? static_cast<float>(move.kinds[0]->budget_ft / square_ft) - used
                           : std::numeric_limits<float>::infinity();
    movement::Reach reach = movement::Search(*move.grid, *move.rules, move.creature->at,
                                             move.creature->squares_per_side, budget, to, move.squeeze,
                                             move.start_shape);
    int32_t state = reach.BestState(to.x, to.y);
    if (state >= 0) {
      std::vector<int32_t> states = movement::StatesTo(reach, state);
      for (size_t i = 0; i < states.size(); ++i) {
        route.push_back(reach.SquareOf(states[i]));
        if (i == 0 || !move.squeeze || moves.size() + 1 < i) continue;
        // The search found the step; should it not be found again, later steps read as whole.
        if (auto step = movement::MoveBetween(*move.grid, *move.rules, reach, states[i - 1], states[i])) {
          moves.push_back(*step);
        }
      }
    }
    kinds.assign(route.empty() ? 0 : route.size() - 1, 0);
  }
  if (HookFailed(move, result)) return;
  result["reachable"] = !route.empty();
  if (route.empty()) {
    result["why"] = limited ? fmt::format("no legal route within the {} mode's {} ft", move.mode_name,
                                          move.kinds[0]->budget_ft - move.used_ft)
                            : "no legal route";
    // The search took no step closer to the source the mover keeps away from (RefuseSteps).
    if (move.keep_away) result["why"] = fmt::format("{} that never comes closer: {}", result["why"].get<std::string>(), move.keep_away->Why());
    if (!limited) result["within"] = nullptr;
    return;
  }
  nlohmann::json steps = nlohmann::json::array();
  nlohmann::json explain = nlohmann::json::array();
  float total = 0;
  int counter = 0;
  int facing = movement::kNoFacing;
  for (size_t i = 1; i < route.size(); ++i) {
    const Kind& kind = *move.kinds[static_cast<size_t>(kinds[i - 1])];
    movement::SpaceMove space_move = StepOf(move, moves, route, i);
    int direction = space_move.direction;
    int dx = movement::kDirections[direction][0], dy = movement::kDirections[direction][1];
    int turn = move.facing ? movement::Turns(facing, direction) : 0;
    const movement::Footprint& footprint = space_move.footprint;
    float cost = movement::FootprintStep(*move.grid, *kind.rules, route[i - 1].x, route[i - 1].y, dx, dy, counter,
                                         footprint, turn);
    total += cost;
    nlohmann::json step = {{"at", At(route[i])}, {"cost", Number(cost)}, {"total", Number(total)}};
    if (move.kinds.size() > 1) step["speed"] = kind.name;
    if (move.facing) step["turn"] = turn;
    if (footprint.narrowed != 0) step["squeezed"] = Squeezed(route[i], footprint);
    steps.push_back(std::move(step));
    for (auto& entry : ExplainStep(context, move, kind, route[i - 1], space_move, counter, turn)) {
      entry["step"] = i;
      explain.push_back(std::move(entry));
    }
    if (dx != 0 && dy != 0) counter = (counter + 1) % move.rules->cycle();
    facing = direction;
  }
  for (int32_t level = 1; level <= std::abs(altitude); ++level) {
    const Kind& kind = *move.kinds[static_cast<size_t>(vertical_kind)];
    nlohmann::json rules;
    float cost = RiseCost(context, kind, rise, &rules);
    total += cost;
    nlohmann::json step = {{"at", {to.x, to.y, rise * level}}, {"cost", Number(cost)}, {"total", Number(total)},
                           {"rise", rise}};
    if (move.kinds.size() > 1) step["speed"] = kind.name;
    steps.push_back(std::move(step));
    for (auto& entry : rules) {
      entry["step"] = steps.size();
      explain.push_back(std::move(entry));
    }
  }
  result["cost"] = Number(total);
  result["cost_ft"] = Number(total * square_ft);
  if (limited) result["left_ft"] = LeftFt(move, total * square_ft);
  result["may_end"] = route.size() > 1 ? MayEnd(move, to.x, to.y, StepOf(move, moves, route, route.size() - 1).footprint)
                                       : MayEnd(move, to.x, to.y, StartShape(move));
  result["steps"] = std::move(steps);
  result["explain"] = std::move(explain);
  AddBurrowTunnel(context, move, result);
  AddProvokedAttacks(context, *move.creature, move.kinds[0]->record, move.mode, route, ShapesAlong(move, moves, route),
                     route.size() - 1, result);
  if (HookFailed(move, result) || limited || result.value("status", "") == "error") return;
  AddWithin(context, query, result);
}

void AnswerRoute(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  Move move;
  if (!Prepare(context, query, move, result)) return;
  double square_ft = context.rules.manifest.square_ft;
  float used = static_cast<float>(move.used_ft / square_ft);
  std::vector<model::Square> route = {move.creature->at};
  std::vector<int32_t> altitudes = {0};  // a place without an altitude keeps the one before it
  for (const auto& place : query.params["through"]) {
    route.push_back({place[0].get<int32_t>(), place[1].get<int32_t>()});
    altitudes.push_back(place.size() == 3 ? place[2].get<int32_t>() : altitudes.back());
  }
  // A space that may squeeze takes the steps of the cheapest way along the route.
  std::vector<movement::SpaceMove> moves;
  if (move.squeeze) {
    moves = movement::CheapestMoves(*move.grid, *move.rules, route, FootprintsOf(move), move.start_shape);
  }
  nlohmann::json steps = nlohmann::json::array();
  nlohmann::json explain = nlohmann::json::array();
  float total = 0;
  int counter = 0;
  int facing = movement::kNoFacing;
  model::Square last_legal = route[0];
  bool legal = true;
  for (size_t i = 1; i < route.size(); ++i) {
    model::Square from = route[i - 1];
    model::Square to = route[i];
    int dx = to.x - from.x;
    int dy = to.y - from.y;
    int rise = altitudes[i] - altitudes[i - 1];
    std::string why;
    Priced priced;
    movement::SpaceMove space_move = StepOf(move, moves, route, i);  // a squeezing space may step aside
    int direction = space_move.direction;
    if (rise == 0 && direction >= 0) {
      dx = movement::kDirections[direction][0];
      dy = movement::kDirections[direction][1];
    }
    int turn = 0;
    if (rise != 0) {
      // Straight up or down: the facing and the diagonal count stay.
      if (dx != 0 || dy != 0) {
        why = "a step changes the square or the altitude, not both";
      } else if (std::abs(rise) > 1) {
        why = "the altitude changes one square at a time";
      } else {
        priced = PriceRise(context, move, square_ft, rise, used + total);
        nlohmann::json rules;
        RiseCost(context, *move.kinds[static_cast<size_t>(std::max(priced.kind, 0))], rise, &rules);
        for (auto& entry : rules) {
          entry["step"] = i;
          explain.push_back(std::move(entry));
        }
        if (priced.over_budget) why = "not enough movement to change altitude";
        else if (priced.kind < 0) why = "the rules do not allow this change of altitude (rise_cost)";
      }
    } else if (direction < 0) {
      why = "the squares are not adjacent";
    } else {
      turn = move.facing ? movement::Turns(facing, direction) : 0;
      priced = PriceStep(move, square_ft, from, space_move, counter, turn, used + total);
      const Kind& kind = *move.kinds[static_cast<size_t>(std::max(priced.kind, 0))];
      for (auto& entry : ExplainStep(context, move, kind, from, space_move, counter, turn)) {
        entry["step"] = i;
        explain.push_back(std::move(entry));
      }
      if (priced.over_budget) {
        // The numbers of the kind that came closest: what the move would have used by it, and its budget.
        const Kind& shortest = *move.kinds[static_cast<size_t>(priced.short_kind)];
        why = fmt::format("not enough movement: {} of {} squares", used + total + priced.short_cost,
                          shortest.budget_ft / square_ft);
        if (move.kinds.size() > 1) why += fmt::format(" by the {} speed", shortest.name);
      } else if (priced.kind < 0) {
        why = "the rules do not allow this step (may_enter, or the space leaves the map)";
      }
    }
    if (why.empty() && rise == 0 && move.keep_away && move.keep_away->Approaches(from.x, from.y, to.x, to.y)) {
      why = move.keep_away->Why();
    }
    if (!why.empty() && !move.immobile.empty()) why = move.immobile;
    if (!why.empty()) {
      legal = false;
      result["first_illegal"] = {{"step", i}, {"at", At(to)}, {"why", why}};
      break;
    }
    total += priced.cost;
    if (dx != 0 && dy != 0) counter = (counter + 1) % move.rules->cycle();
    if (rise == 0) facing = direction;
    bool may_end = MayEnd(move, to.x, to.y, space_move.footprint);
    if (may_end) last_legal = to;
    nlohmann::json at = At(to);
    if (altitudes[i] != 0 || rise != 0) at.push_back(altitudes[i]);
    nlohmann::json step = {{"at", at}, {"cost", Number(priced.cost)}, {"total", Number(total)}, {"may_end", may_end}};
    if (rise != 0) step["rise"] = rise;
    if (move.kinds.size() > 1) step["speed"] = move.kinds[static_cast<size_t>(priced.kind)]->name;
    if (move.facing && rise == 0) step["turn"] = turn;
    if (space_move.footprint.narrowed != 0) step["squeezed"] = Squeezed(to, space_move.footprint);
    steps.push_back(std::move(step));
  }
  size_t taken = steps.size();
  model::Square reached = route[taken];
  int32_t altitude = altitudes[taken];
  bool may_end_there = MayEnd(move, reached.x, reached.y,
                             taken == 0 ? StartShape(move) : StepOf(move, moves, route, taken).footprint);
  result["legal"] = legal && may_end_there;
  result["cost"] = Number(total);
  result["cost_ft"] = Number(total * square_ft);
  result["left_ft"] = LeftFt(move, total * square_ft);
  result["steps"] = std::move(steps);
  // Stopping where it may not end puts the creature back on the last square it could end on.
  result["ends_at"] = At(may_end_there ? reached
                                       : AccidentalEnd(context, query, reached, last_legal,
                                                       [&](int32_t x, int32_t y) { return MayEnd(move, x, y); },
                                                       result));
  if (result.value("status", "") == "error") {  // a rule failed: no half answer beside the message
    result = {{"id", result["id"]}, {"kind", result["kind"]}, {"status", "error"}, {"message", result["message"]}};
    return;
  }
  if (altitude != 0) result["altitude"] = altitude;
  if (query.params.value("drop_prone", false) && legal && may_end_there &&
      !DropProne(context, move, total * square_ft, result)) {
    return;
  }
  result["explain"] = std::move(explain);
  if (legal && may_end_there) AddBurrowTunnel(context, move, result);
  AddProvokedAttacks(context, *move.creature, move.kinds[0]->record, move.mode, route, ShapesAlong(move, moves, route),
                     taken, result);
  HookFailed(move, result);
}

}  // namespace rulecraft::query
