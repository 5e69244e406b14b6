// Which squares a straight line between two grid corners meets, and how: through a square's
// inside, or only along its border or through one of its corners. The geometry under cover,
// concealment and line of effect (002 엄폐: "선이 ... 구역 및 그 경계 ... 를 지나가게 된다면").
#pragma once

#include <cstdint>
#include <functional>

#include "model/scenario.h"

namespace rulecraft::combat {

// A grid point: corner (x, y) is the top-left corner of square (x, y).
struct Corner {
  int32_t x = 0;
  int32_t y = 0;
  bool operator==(const Corner&) const = default;
};

// How a line meets a square: not at all, only on its border (along a side or through a corner
// point), or through its inside.
enum class Contact : uint8_t { kNone, kBorder, kInside };

// How the segment from `from` to `to`, its two end points left out, meets `square`.
Contact ContactOf(Corner from, Corner to, model::Square square);

// Calls `visit` for every square the segment from `from` to `to` (end points left out) meets,
// with how it meets it; squares are visited in no particular order.
void ForEachSquareMet(Corner from, Corner to, const std::function<void(model::Square, Contact)>& visit);

// Whether the segment from `from` to `to` (end points left out) slips between two squares
// `solid` says are solid: along the seam where two solid squares share a side, or through a
// corner point where two diagonally opposite solid squares touch (walls touching at a corner
// are one wall, as a diagonal move cannot pass between them either: 000 모퉁이).
bool PassesBetweenSolids(Corner from, Corner to, const std::function<bool(model::Square)>& solid);

// Whether the segment from its end point `end` toward `toward` leaves `end` across a pinch: two
// diagonally opposite solid squares touching at `end`, with the square of `own` at that corner
// (the space the line belongs to there) on one side of them and the segment's first stretch on
// the other. The end point is left out of PassesBetweenSolids; walls touching at a corner are
// still one wall for a line drawn from that corner. False when `end` is no corner of `own`.
bool LeavesAcrossPinch(Corner end, Corner toward, const model::Area& own,
                       const std::function<bool(model::Square)>& solid);

}  // namespace rulecraft::combat
