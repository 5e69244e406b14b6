// Which squares a cone or a line of an area effect covers on the grid. The point of origin is a
// grid point (corner (x, y) is the top-left corner of square (x, y)); the direction a point the
// area aims at. Only the shape's geometry: how far it reaches (the ruleset's rule gap_distance)
// and what stops it (line of effect) are the caller's.
#pragma once

#include "model/scenario.h"

namespace rulecraft::combat {

// A point of the grid in squares, possibly between corners (a square's centre is x + 0.5).
struct GridPoint {
  double x = 0;
  double y = 0;
};

// Whether a cone from `origin` towards `toward` covers `square`: its centre lies ahead of the
// origin and no farther from the cone's axis than `half_width` times its distance along it
// (1 is a quarter circle, 0.5 a cone as wide as it is long). A square whose centre lies on the
// cone's edge is covered.
bool ConeCovers(GridPoint origin, GridPoint toward, double half_width, model::Square square);

// Whether a line from `origin` towards `toward` covers `square`. `width` 0 (squares): the
// squares the line passes through, inside or along a side, not those it touches at a corner
// only; a positive width: the squares whose centre lies within half the width of the line.
// Either way only squares ahead of the origin.
bool LineCovers(GridPoint origin, GridPoint toward, double width, model::Square square);

}  // namespace rulecraft::combat
