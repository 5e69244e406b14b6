// A creature that may not move closer to the source of one of its conditions while it sees that
// source (5e frightened: "can't willingly move closer to the source of its fear"): the conditions
// table's `keeps_away_from_source` column, the scenario's `sources:`, and sight (query/sight.h).
#pragma once

#include <optional>
#include <string>

#include "model/scenario.h"
#include "query/answer.h"

namespace rulecraft::query {

// The source a mover keeps away from, where it stands, and how far the mover starts from it.
struct KeepAway {
  std::string condition;  // the mover's condition (a row whose keeps_away_from_source is true)
  std::string source;     // the creature the scenario ties it to (`sources: { frightened: dragon }`)
  model::Area source_space;
  int32_t side = 1;       // the mover's space, in squares a side
  int32_t start = 0;      // squares between the mover's start and the source (KeepAwayDistance)

  // Squares between the mover's space at (x, y) and the source's: the larger of the gaps across
  // and down (5e's grid: every square, diagonals too, counts 5 ft).
  int32_t Distance(int32_t x, int32_t y) const;
  // Whether a step from (fx, fy) to (tx, ty) comes closer to the source.
  bool Approaches(int32_t fx, int32_t fy, int32_t tx, int32_t ty) const {
    return Distance(tx, ty) < Distance(fx, fy);
  }
  // Whether ending at (x, y) leaves the mover closer than it started.
  bool EndsCloser(int32_t x, int32_t y) const { return Distance(x, y) < start; }
  // Why a move is refused, naming the condition, the source and the table column.
  std::string Why() const;
};

// The source the mover keeps away from, when one of its conditions is marked
// `keeps_away_from_source`, the scenario names that condition's source, and the mover may see it
// by the rules (query/sight.h MaySee: walls, and squares whose concealment by the rule
// square_concealment blocks sight to this mover); nullopt otherwise, with `error` set when a rule failed.
std::optional<KeepAway> KeepAwayOf(const AnswerContext& context, const model::Creature& mover, std::string& error);

}  // namespace rulecraft::query
