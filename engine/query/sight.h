// Sight between creatures on the map as the rules see it: the lines cover answers draw
// (combat/cover.h), squares that hide by the rule `square_concealment` and the `concealment`
// table's `blocks_sight` column, walls by the terrain's `cover: full`. Shared by the `attack`
// query's cover and concealment (query/cover_answer.h) and by 5e frightened (query/keep_away.h).
#pragma once

#include <string>
#include <vector>

#include "combat/cover.h"
#include "dsl/eval/machine.h"
#include "query/answer.h"

namespace rulecraft::query {

// What the map's squares conceal from one viewer: the rule `square_concealment(attack, terrain)`,
// asked once per terrain kind with an attack record whose attacker is the viewer, gives a row of
// `concealment`; that row's `blocks_sight` says whether it hides what lies in the square.
class SquareSight {
 public:
  static constexpr int kNotAsked = -2;

  // `attack` (the viewer is attack.attacker) must outlive this; `machine` runs the rule.
  SquareSight(const AnswerContext& context, eval::Machine& machine, const eval::Slot* attack);

  // Whether the ruleset has the rule and the table (without them no square conceals).
  bool measured() const { return rule_ >= 0 && table_ != nullptr; }
  // The row of `concealment` the square conceals with for the viewer: -1 outside the map, for a
  // terrain the `terrain` table lacks, or without the rule.
  int RowAt(model::Square square);
  // Whether a row of `concealment` blocks sight (false for -1, no table or no such row).
  bool BlocksSight(int row) const;
  // The row given each of the map's terrain kinds (GridMap::terrain_kinds order), kNotAsked for
  // a kind no square asked about yet.
  const std::vector<int>& rows_by_kind() const { return rows_by_kind_; }

 private:
  const AnswerContext& context_;
  eval::Machine& machine_;
  const eval::Slot* attack_;
  int rule_ = -1;
  const tables::Table* table_ = nullptr;
  std::vector<int> rows_by_kind_;
};

// The map's barriers between squares that give cover (terrain `cover: full` or `low`), as the
// lines see them.
std::vector<combat::BarrierOnLine> MapBarriers(const AnswerContext& context);

// Whether one creature may see another.
struct SightAnswer {
  bool sees = true;
  std::string error;  // the rule square_concealment failed
};

// Whether `viewer` may see `seen`: without a map it does; on one, some line from a corner of
// the viewer's squares to the corners of a square of the seen creature passes no wall (terrain
// `cover: full`, a wall barrier, the map's edge) and no square that blocks sight to this viewer
// (SquareSight), and ends at a square of the seen creature that does not (combat::CoverSurvey's
// line_of_sight). So a 5e creature with the trait darkvision sees into darkness and one without
// does not, as the `attack` query's concealment says.
SightAnswer MaySee(const AnswerContext& context, const model::Creature& viewer, const model::Creature& seen);

}  // namespace rulecraft::query
