#include "query/keep_away.h"

#include <algorithm>

#include <fmt/format.h>

#include "query/marked_conditions.h"
#include "query/sight.h"

namespace rulecraft::query {
namespace {

// The squares between two spans [a, a + a_size) and [b, b + b_size) on one axis (0 when they
// touch or overlap, 1 for a neighbour).
int32_t GapAlong(int32_t a, int32_t a_size, int32_t b, int32_t b_size) {
  if (a + a_size - 1 < b) return b - (a + a_size - 1);
  if (b + b_size - 1 < a) return a - (b + b_size - 1);
  return 0;
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

std::optional<KeepAway> KeepAwayOf(const AnswerContext& context, const model::Creature& mover, std::string& error) {
  if (!context.scenario.map || mover.conditions.empty()) return std::nullopt;
  for (const std::string& condition : ConditionsMarked(context.rules, "keeps_away_from_source")) {
    if (std::find(mover.conditions.begin(), mover.conditions.end(), condition) == mover.conditions.end()) continue;
    auto tied = mover.sources.find(condition);
    if (tied == mover.sources.end()) continue;
    const model::Creature* source = context.scenario.FindCreature(tied->second);
    if (source == nullptr || !source->valid) continue;
    SightAnswer sight = MaySee(context, mover, *source);
    if (!sight.error.empty()) {
      error = sight.error;
      return std::nullopt;
    }
    if (!sight.sees) continue;
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
