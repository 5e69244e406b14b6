#include "query/keep_away.h"

#include <algorithm>

#include <fmt/format.h>

#include "combat/cover.h"
#include "query/marked_conditions.h"

namespace rulecraft::query {
namespace {

// The squares between two spans [a, a + a_size) and [b, b + b_size) on one axis (0 when they
// touch or overlap, 1 for a neighbour).
int32_t GapAlong(int32_t a, int32_t a_size, int32_t b, int32_t b_size) {
  if (a + a_size - 1 < b) return b - (a + a_size - 1);
  if (b + b_size - 1 < a) return a - (b + b_size - 1);
  return 0;
}

// Whether the mover sees the source: walls (terrain cover `full`) and squares whose terrain
// concealment is `total` block the lines (combat/cover.h SurveyLines).
bool Sees(const AnswerContext& context, const model::Creature& mover, const model::Creature& source) {
  const model::GridMap& map = *context.scenario.map;
  const tables::Table& terrain = context.rules.Table("terrain");
  auto facts = [&](model::Square square) {
    combat::SquareOnLine on;
    int row = terrain.IndexOf(map.TerrainAt(square));
    if (row < 0) return on;
    const tables::Row& kind = terrain.rows[static_cast<size_t>(row)];
    const tables::Value* cover = kind.Get("cover");
    const tables::Value* concealment = kind.Get("concealment");
    on.wall = cover != nullptr && cover->text == "full";
    on.blocks_sight = concealment != nullptr && concealment->text == "total";
    on.concealing = on.blocks_sight;
    return on;
  };
  std::vector<combat::BarrierOnLine> barriers;
  for (const model::Edge& edge : map.edges) {
    int row = terrain.IndexOf(map.terrain_kinds[edge.kind]);
    const tables::Value* cover = row >= 0 ? terrain.rows[static_cast<size_t>(row)].Get("cover") : nullptr;
    if (cover != nullptr && cover->text == "full") barriers.push_back({edge.a, edge.b, true, false});
  }
  return combat::SurveyLines(map, mover.Occupied(), source.Occupied(), facts, barriers).line_of_sight;
}

}  // namespace

int32_t KeepAway::Distance(int32_t x, int32_t y) const {
  return std::max(GapAlong(x, side, source_space.at.x, source_space.width),
                  GapAlong(y, side, source_space.at.y, source_space.height));
}

std::string KeepAway::Why() const {
  return fmt::format("'{}' of '{}', which it can see: it can't willingly move closer to it (table conditions, "
                     "keeps_away_from_source)",
                     condition, source);
}

std::optional<KeepAway> KeepAwayOf(const AnswerContext& context, const model::Creature& mover) {
  if (!context.scenario.map) return std::nullopt;
  for (const std::string& condition : ConditionsMarked(context.rules, "keeps_away_from_source")) {
    if (std::find(mover.conditions.begin(), mover.conditions.end(), condition) == mover.conditions.end()) continue;
    auto tied = mover.sources.find(condition);
    if (tied == mover.sources.end()) continue;
    const model::Creature* source = context.scenario.FindCreature(tied->second);
    if (source == nullptr || !source->valid || !Sees(context, mover, *source)) continue;
    KeepAway away;
    away.condition = condition;
    away.source = source->id;
    away.source_space = source->Occupied();
    away.side = mover.squares_per_side;
    away.start = away.Distance(mover.Occupied().at.x, mover.Occupied().at.y);
    return away;
  }
  return std::nullopt;
}

}  // namespace rulecraft::query
