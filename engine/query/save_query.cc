#include "query/save_query.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <queue>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "combat/area_template.h"
#include "model/area_params.h"
#include "query/attack_record.h"
#include "query/cover_answer.h"
#include "query/records.h"

namespace rulecraft::query {
namespace {

constexpr double kUnreached = std::numeric_limits<double>::infinity();

// Distances in squares by the ruleset's rule gap_distance (how far a square lies dx and dy
// squares beyond a space): from a grid intersection, the squares touching it are 1 and 1 away.
class AreaDistance {
 public:
  AreaDistance(const AnswerContext& context, int rule)
      : context_(context), rule_(rule), machine_(*context.rules.program) {}

  double Gap(int32_t dx, int32_t dy) {
    eval::Slot args[2];
    args[0].number = dx;
    args[1].number = dy;
    double feet = machine_.Call(rule_, args).number;
    return feet / context_.rules.manifest.square_ft;
  }

  // Straight from the intersection `origin` to the far edge of `square` (a burst, an emanation).
  double Straight(model::Square origin, model::Square square) {
    int32_t dx = square.x >= origin.x ? square.x - origin.x + 1 : origin.x - square.x;
    int32_t dy = square.y >= origin.y ? square.y - origin.y + 1 : origin.y - square.y;
    return Gap(std::max(dx, dy), std::min(dx, dy));
  }

  // Along the shortest way around walls (a spread): every square within `limit` squares that the
  // effect fills, counted as the rule counts a straight line (orthogonal steps 1, diagonals as
  // the rule's k-th diagonal adds), never into a wall square, across a wall between squares or
  // diagonally between two walls.
  std::vector<double> AroundCorners(model::Square origin, double limit, const std::vector<bool>& wall,
                                    const std::vector<bool>& wall_east, const std::vector<bool>& wall_south) {
    const model::GridMap& map = *context_.scenario.map;
    int cycle = std::max(1, context_.rules.manifest.diagonal_cycle);
    // What the next diagonal adds after k diagonals (k counted around the cycle).
    std::vector<double> diagonal(static_cast<size_t>(cycle));
    for (int k = 0; k < cycle; ++k) diagonal[static_cast<size_t>(k)] = Gap(k + 1, k + 1) - Gap(k, k);
    double orthogonal = Gap(1, 0);
    size_t cells = static_cast<size_t>(map.width) * static_cast<size_t>(map.height);
    std::vector<double> best(cells * static_cast<size_t>(cycle), kUnreached);
    using Entry = std::pair<double, size_t>;  // distance, state (cell * cycle + diagonals)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    auto cell_of = [&](int32_t x, int32_t y) { return static_cast<size_t>(y) * static_cast<size_t>(map.width) + static_cast<size_t>(x); };
    // The squares touching the intersection: one diagonal's distance, the first diagonal spent.
    double first = Gap(1, 1);
    for (int32_t y = origin.y - 1; y <= origin.y; ++y) {
      for (int32_t x = origin.x - 1; x <= origin.x; ++x) {
        if (!map.Contains({x, y}) || wall[cell_of(x, y)]) continue;
        size_t state = cell_of(x, y) * static_cast<size_t>(cycle) + static_cast<size_t>(1 % cycle);
        if (first <= limit && first < best[state]) {
          best[state] = first;
          open.push({first, state});
        }
      }
    }
    while (!open.empty()) {
      auto [distance, state] = open.top();
      open.pop();
      if (distance > best[state]) continue;
      size_t cell = state / static_cast<size_t>(cycle);
      int k = static_cast<int>(state % static_cast<size_t>(cycle));
      int32_t x = static_cast<int32_t>(cell % static_cast<size_t>(map.width));
      int32_t y = static_cast<int32_t>(cell / static_cast<size_t>(map.width));
      for (int32_t dy = -1; dy <= 1; ++dy) {
        for (int32_t dx = -1; dx <= 1; ++dx) {
          if (dx == 0 && dy == 0) continue;
          int32_t nx = x + dx, ny = y + dy;
          if (!map.Contains({nx, ny}) || wall[cell_of(nx, ny)]) continue;
          bool diagonal_step = dx != 0 && dy != 0;
          if (diagonal_step && wall[cell_of(nx, y)] && wall[cell_of(x, ny)]) continue;
          if (!diagonal_step && dx != 0 && wall_east[cell_of(std::min(x, nx), y)]) continue;
          if (!diagonal_step && dy != 0 && wall_south[cell_of(x, std::min(y, ny))]) continue;
          double next = distance + (diagonal_step ? diagonal[static_cast<size_t>(k)] : orthogonal);
          int next_k = diagonal_step ? (k + 1) % cycle : k;
          size_t next_state = cell_of(nx, ny) * static_cast<size_t>(cycle) + static_cast<size_t>(next_k);
          if (next > limit + 1e-9 || next >= best[next_state]) continue;
          best[next_state] = next;
          open.push({next, next_state});
        }
      }
    }
    std::vector<double> by_cell(cells, kUnreached);
    for (size_t state = 0; state < best.size(); ++state) {
      by_cell[state / static_cast<size_t>(cycle)] = std::min(by_cell[state / static_cast<size_t>(cycle)], best[state]);
    }
    return by_cell;
  }

  const std::string& error() const { return machine_.error(); }

 private:
  const AnswerContext& context_;
  int rule_;
  eval::Machine machine_;
};

// Whether a terrain kind gives full cover (a wall): what stops an area effect.
bool IsWall(const tables::Table& terrain, const std::string& kind) {
  const tables::Row* row = terrain.Find(kind);
  const tables::Value* cover = row != nullptr ? row->Get("cover") : nullptr;
  return cover != nullptr && cover->text == "full";
}

// The map's walls for an area that turns corners: wall squares, and walls between squares.
struct WallMap {
  std::vector<bool> square, east, south;
};

WallMap WallsOf(const AnswerContext& context) {
  const model::GridMap& map = *context.scenario.map;
  const tables::Table& terrain = context.rules.Table("terrain");
  size_t cells = map.cells.size();
  WallMap walls{std::vector<bool>(cells), std::vector<bool>(cells), std::vector<bool>(cells)};
  for (size_t cell = 0; cell < cells; ++cell) walls.square[cell] = IsWall(terrain, map.terrain_kinds[map.cells[cell]]);
  for (const model::Edge& edge : map.edges) {
    if (!IsWall(terrain, map.terrain_kinds[edge.kind])) continue;
    model::Square first = edge.a.x + edge.a.y < edge.b.x + edge.b.y ? edge.a : edge.b;
    size_t cell = static_cast<size_t>(first.y) * static_cast<size_t>(map.width) + static_cast<size_t>(first.x);
    (edge.a.y == edge.b.y ? walls.east : walls.south)[cell] = true;
  }
  return walls;
}

// The distance in squares to the nearest square of `occupied` of an area spreading all round
// (a burst, an emanation, a spread), straight or, when it turns corners, around walls.
double NearestInRadius(const AnswerContext& context, AreaDistance& distance, model::Square origin, double radius,
                       bool turns_corners, const model::Area& occupied) {
  const model::GridMap& map = *context.scenario.map;
  std::vector<double> around;
  if (turns_corners) {
    WallMap walls = WallsOf(context);
    around = distance.AroundCorners(origin, radius, walls.square, walls.east, walls.south);
  }
  double nearest = kUnreached;
  for (int32_t dy = 0; dy < occupied.height; ++dy) {
    for (int32_t dx = 0; dx < occupied.width; ++dx) {
      model::Square square{occupied.at.x + dx, occupied.at.y + dy};
      if (!map.Contains(square)) continue;
      double d = turns_corners
                     ? around[static_cast<size_t>(square.y) * static_cast<size_t>(map.width) + static_cast<size_t>(square.x)]
                     : distance.Straight(origin, square);
      nearest = std::min(nearest, d);
    }
  }
  return nearest;
}

// The point a compass direction aims at from `origin` (north is up: y decreasing).
combat::GridPoint Aim(const nlohmann::json& params, model::Square origin) {
  if (params.contains("toward")) return {params["toward"][0].get<double>(), params["toward"][1].get<double>()};
  static const std::array<std::pair<const char*, std::pair<int, int>>, 8> kCompass = {{
      {"n", {0, -1}}, {"ne", {1, -1}}, {"e", {1, 0}}, {"se", {1, 1}},
      {"s", {0, 1}}, {"sw", {-1, 1}}, {"w", {-1, 0}}, {"nw", {-1, -1}}}};
  std::string name = params.value("direction", "e");
  for (const auto& [compass, step] : kCompass) {
    if (name == compass) return {origin.x + static_cast<double>(step.first), origin.y + static_cast<double>(step.second)};
  }
  return {static_cast<double>(origin.x), static_cast<double>(origin.y)};
}

// The distance in squares to the nearest square of `occupied` that a cone or a line covers
// (combat/area_template.h), or unreached when it covers none; `error` when the shape's row lacks
// what its form needs.
double NearestInTemplate(const AnswerContext& context, AreaDistance& distance, const std::string& form,
                         const tables::Row& shape, const nlohmann::json& params, model::Square origin,
                         const model::Area& occupied, std::string& error) {
  double square_ft = context.rules.manifest.square_ft;
  combat::GridPoint from{static_cast<double>(origin.x), static_cast<double>(origin.y)};
  combat::GridPoint toward = Aim(params, origin);
  if (std::fabs(toward.x - from.x) + std::fabs(toward.y - from.y) < 1e-9) {
    error = "the area's 'toward' is its point of origin: it aims nowhere";
    return kUnreached;
  }
  double half_width = shape.Number("cone_half_width", -1);
  if (form == "cone" && half_width < 0) {
    error = fmt::format("the area shape '{}' is a cone without 'cone_half_width' (docs/tables.md)", shape.name);
    return kUnreached;
  }
  double width = params.contains("width") ? params["width"].get<double>() : shape.Number("line_width", 0);
  const model::GridMap& map = *context.scenario.map;
  double nearest = kUnreached;
  for (int32_t dy = 0; dy < occupied.height; ++dy) {
    for (int32_t dx = 0; dx < occupied.width; ++dx) {
      model::Square square{occupied.at.x + dx, occupied.at.y + dy};
      if (!map.Contains(square)) continue;
      bool covered = form == "cone" ? combat::ConeCovers(from, toward, half_width, square)
                                    : combat::LineCovers(from, toward, width / square_ft, square);
      if (covered) nearest = std::min(nearest, distance.Straight(origin, square));
    }
  }
  return nearest;
}

}  // namespace

void AnswerSave(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const model::Scenario& scenario = context.scenario;
  if (!scenario.map) return (void)Fail(result, "a save against an area needs a map");
  const model::Creature* creature = scenario.FindCreature(query.params["creature"].get<std::string>());
  if (creature == nullptr || !creature->valid) return (void)Fail(result, "the creature has errors (see diagnostics)");
  int gap_rule = context.rules.program->FindRule("gap_distance");
  if (gap_rule < 0) return (void)Fail(result, "a save against an area needs the rule 'gap_distance' (docs/dsl.md)");
  const tables::Row* shape = context.rules.Table("area_shapes").Find(query.params["shape"].get<std::string>());
  if (shape == nullptr) return (void)Fail(result, "this ruleset has no table 'area_shapes'");
  bool turns_corners = shape->Get("turns_corners") != nullptr && shape->Get("turns_corners")->AsBool();
  bool cover_applies = shape->Get("cover_applies") != nullptr && shape->Get("cover_applies")->AsBool();
  model::Square origin{query.params["origin"][0].get<int32_t>(), query.params["origin"][1].get<int32_t>()};
  double square_ft = context.rules.manifest.square_ft;

  // The point of origin as the corner lines of effect start from: a space of no squares.
  model::Creature point;
  point.id = "(point of origin)";
  point.at = origin;
  point.squares_per_side = 0;
  CreatureRecord point_record, creature_record;
  BuildCreatureRecord(point, context.rules, point_record);
  BuildCreatureRecord(*creature, context.rules, creature_record);
  std::array<eval::Slot, kAttackRecordSlots> attack{};
  attack[kAttackRangedSlot].number = 1;
  attack[kAttackAttackerSlot].record = point_record.slots.data();
  attack[kAttackDefenderSlot].record = creature_record.slots.data();
  nlohmann::json measured = nlohmann::json::object();
  CoverOutcome cover = MeasureCover(context, point, *creature, attack.data(), measured);
  if (!cover.error.empty()) return (void)Fail(result, cover.error);
  bool line_of_effect = measured.value("line_of_effect", true);

  AreaDistance distance(context, gap_rule);
  std::string form = model::AreaForm(*shape);
  model::Area occupied = creature->Occupied();
  double nearest = kUnreached;
  if (form == "radius") {
    double radius = query.params["radius"].get<double>() / square_ft;
    nearest = NearestInRadius(context, distance, origin, radius, turns_corners, occupied);
  } else {
    std::string error;
    nearest = NearestInTemplate(context, distance, form, *shape, query.params, origin, occupied, error);
    if (!error.empty()) return (void)Fail(result, error);
  }
  if (!distance.error().empty()) return (void)Fail(result, distance.error());
  double reach = (form == "radius" ? query.params["radius"] : query.params["length"]).get<double>() / square_ft;
  // A burst, an emanation, a cone or a line needs a line of effect from its origin; a spread
  // goes around.
  bool in_area = nearest <= reach + 1e-9 && (turns_corners || line_of_effect);
  result["creature"] = creature->id;
  result["origin"] = query.params["origin"];
  result["shape"] = shape->name;
  result["form"] = form;
  if (form == "radius") {
    result["radius_ft"] = query.params["radius"];
  } else {
    result["length_ft"] = query.params["length"];
    if (query.params.contains("direction")) result["direction"] = query.params["direction"];
    if (query.params.contains("toward")) result["toward"] = query.params["toward"];
  }
  result["in_area"] = in_area;
  result["distance_ft"] = nearest == kUnreached ? nlohmann::json(nullptr) : nlohmann::json(nearest * square_ft);
  result["line_of_effect"] = line_of_effect;
  if (measured.contains("cover")) result["cover"] = measured["cover"];
  result["cover_ignored"] = !cover_applies;
  result["reflex_bonus"] = cover_applies && in_area ? measured.value("reflex_bonus", 0) : 0;
  if (measured.contains("cover_lines")) result["cover_lines"] = measured["cover_lines"];
  result["explain"] = cover.explain;
  // The shape's row: how it spreads (form) and whether it turns corners.
  for (const char* column : {"form", "turns_corners", "cover_applies", "cone_half_width", "line_width"}) {
    const tables::Value* cell = shape->Get(column);
    if (cell == nullptr) continue;
    std::string written = cell->text.empty() ? (cell->AsBool() ? "true" : "false") : cell->text;
    result["explain"].push_back({{"table", "area_shapes"}, {"row", shape->name}, {"column", column},
                                 {"value", written}, {"at", Where(cell->span, context.sources)}});
  }
}

}  // namespace rulecraft::query
