// The lines of attack between two creatures (002 엄폐, 은폐): from each corner the attacker may
// choose to the corners of each square of the defender it may choose, what every line passes
// through. The engine only measures; the ruleset's `cover` and `concealment` rules decide what
// the facts mean (docs/dsl.md, the attack record).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "combat/line_contact.h"
#include "model/scenario.h"

namespace rulecraft::combat {

// What one map square holds for lines of attack.
struct SquareOnLine {
  bool wall = false;          // its terrain gives full cover (terrain `cover: full`)
  bool low = false;           // a low obstacle (terrain `cover: low`)
  bool creature = false;      // another creature stands in it (neither attacker nor defender)
  bool friend_passed = false; // only a friend of the defender whose square the defender shares
  bool concealing = false;    // its concealment (rule `square_concealment`) is more than none
  bool blocks_sight = false;  // that concealment blocks sight
  int least_cover = 0;        // the row of `cover` its terrain's `least_cover` names (0: none)
};

// The map as lines of attack see it: `at(square)` for squares inside the map.
using SquareFacts = std::function<SquareOnLine(model::Square)>;

// A barrier on the edge between two side-by-side squares (a map's `edges:`), as lines of attack
// see it.
struct BarrierOnLine {
  model::Square a;
  model::Square b;
  bool wall = false;  // its terrain gives full cover
  bool low = false;   // a low obstacle
};

// What one line of attack meets on its way to a corner of the defender's square.
struct LineMeets {
  Corner to;
  bool wall = false;
  bool low = false;
  bool creature = false;
  bool friend_passed = false;  // a friend's square only (not counted when it meets a creature too)
  bool concealing = false;
};

// One choice of the attacker: one of its corners and one square of the defender; four lines.
struct CoverCandidate {
  Corner corner;
  model::Square target;
  int32_t wall_lines = 0;        // lines through or along a wall (or through a wall's corner)
  int32_t low_lines = 0;         // lines through or along a low obstacle
  int32_t creature_lines = 0;    // lines through the inside of another creature's square
  int32_t friend_lines = 0;      // lines through a friend's square the defender moves through
  int32_t concealing_lines = 0;  // lines through or along a concealing square
  int32_t blocked_lines = 0;     // lines through a wall (not only grazing it), meeting a low obstacle
                                 // or through a creature, each line once
  int32_t through_wall_lines = 0;  // lines through a wall's inside or between two walls (not grazing)
  int32_t least_cover = 0;       // the highest least_cover of the squares the lines pass through
  bool has_low_obstacle = false;
  model::Square low_obstacle;    // of the low obstacles met, the one nearest the defender
  model::Square low_obstacle_beside;  // for a barrier between squares, the square on its other
                                      // side; else low_obstacle again
  std::array<LineMeets, 4> lines;  // the four lines, to the target's corners in reading order
};

// Every candidate, and the facts over all of them.
struct CoverSurvey {
  std::vector<CoverCandidate> candidates;
  bool line_of_effect = false;   // some line passes neither through a wall's inside nor
                                 // between two walls (PassesBetweenSolids)
  bool line_of_sight = false;    // the same for walls and squares that block sight, on a line that
                                 // ends at a defender square that does not block sight
  bool space_concealed = false;  // every square of the defender's space is concealing
  bool space_hidden = false;     // every square of the defender's space blocks sight
  bool wall_between = false;     // some line, from any corner, passes through a wall's inside or between two walls
};

// Surveys the lines from every corner of the squares the attacker occupies to the four corners
// of each square the defender occupies. Squares outside the map are solid, as walls: a line
// along the map's edge meets them as it would a wall's face. A line leaving its end point
// between two walls that touch there at their corners, away from the creature's own square, is
// blocked (walls touching at a corner are one wall). A line through a wall barrier's inside, or between two wall barriers in a straight
// line, has no line of effect; one touching a barrier (its end, along it) gets cover from it.
CoverSurvey SurveyLines(const model::GridMap& map, const model::Area& attacker, const model::Area& defender,
                        const SquareFacts& facts, const std::vector<BarrierOnLine>& barriers = {});

}  // namespace rulecraft::combat
