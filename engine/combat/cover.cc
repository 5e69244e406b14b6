#include "combat/cover.h"

#include "combat/barrier_contact.h"
#include "combat/gap.h"

#include <algorithm>
#include <array>
#include <utility>

namespace rulecraft::combat {
namespace {

// What one line meets, and the low obstacle on it nearest the defender.
struct LineFacts {
  bool wall = false;
  bool wall_inside = false;   // through a wall's inside or between two walls: no line of effect
  bool sight_inside = false;  // the same for walls and squares that block sight
  bool low = false;
  bool creature = false;
  bool friend_passed = false;
  bool concealing = false;
  int least_cover = 0;  // the highest of the squares passed through (inside)
  bool has_low = false;
  model::Square nearest_low;
  model::Square nearest_low_beside;
  std::pair<int32_t, int32_t> nearest_low_gap{0, 0};

  // Keeps the low obstacle (a square, or the two squares beside a barrier) nearest the defender.
  void MeetLow(const model::Area& defender, model::Square square, model::Square beside);
};

// Orders gaps by the larger axis, then the smaller: any 1-2-1-2 or straight metric agrees.
std::pair<int32_t, int32_t> GapKey(const model::Area& defender, model::Square square) {
  Gap gap = GapTo(defender, square);
  return {std::max(gap.dx, gap.dy), std::min(gap.dx, gap.dy)};
}

void LineFacts::MeetLow(const model::Area& defender, model::Square square, model::Square beside) {
  auto key = std::min(GapKey(defender, square), GapKey(defender, beside));
  if (!has_low || key < nearest_low_gap) {
    has_low = true;
    nearest_low = square;
    nearest_low_beside = beside;
    nearest_low_gap = key;
  }
  low = true;
}

// The barrier between two side-by-side squares as a segment of the grid line between them.
void BarrierSegment(const BarrierOnLine& barrier, Corner& p, Corner& q, bool& vertical) {
  vertical = barrier.a.y == barrier.b.y;
  if (vertical) {
    int32_t x = std::max(barrier.a.x, barrier.b.x);
    p = {x, barrier.a.y};
    q = {x, barrier.a.y + 1};
  } else {
    int32_t y = std::max(barrier.a.y, barrier.b.y);
    p = {barrier.a.x, y};
    q = {barrier.a.x + 1, y};
  }
}

// What one line meets of the barriers between squares: cover from any contact; a wall crossed
// (or two walls in a straight line whose meeting point the line crosses) blocks it.
void SurveyBarriers(Corner from, Corner to, Inside from_space, Inside to_space, const model::Area& defender,
                    const std::vector<BarrierOnLine>& barriers, LineFacts& line) {
  std::vector<std::pair<Corner, bool>> wall_ends_crossed;  // (point, vertical line)
  for (const BarrierOnLine& barrier : barriers) {
    Corner p, q;
    bool vertical = false;
    BarrierSegment(barrier, p, q, vertical);
    Contact contact = BarrierContact(from, to, p, q, from_space, to_space);
    if (contact == Contact::kNone) continue;
    if (barrier.wall) {
      line.wall = true;
      if (contact == Contact::kInside) line.wall_inside = line.sight_inside = true;
      for (Corner end : {p, q}) {
        if (!CrossesAt(from, to, end, vertical)) continue;
        std::pair<Corner, bool> crossed{end, vertical};
        if (std::find(wall_ends_crossed.begin(), wall_ends_crossed.end(), crossed) != wall_ends_crossed.end()) {
          line.wall_inside = line.sight_inside = true;  // between two walls in a straight line
        }
        wall_ends_crossed.push_back(crossed);
      }
    }
    if (barrier.low) line.MeetLow(defender, barrier.a, barrier.b);
  }
}

// What the map holds at `square` for lines: outside the map is solid, as a wall (docs/scenarios.md,
// "The map's edge"), so no line slips along the edge past a wall that stops every move.
SquareOnLine OnLine(const model::GridMap& map, const SquareFacts& facts, model::Square square) {
  if (map.Contains(square)) return facts(square);
  SquareOnLine outside;
  outside.wall = true;
  return outside;
}

// What the line from the attacker's corner `from` (a corner of `from_space`) to the corner `to`
// of the defender's square `target` meets. Neither end point counts, except that a line leaving
// an end point across two walls touching there at their corners is blocked (LeavesAcrossPinch).
LineFacts SurveyLine(const model::GridMap& map, Corner from, Corner to, const model::Area& from_space,
                     model::Square target, const model::Area& defender, const SquareFacts& facts) {
  LineFacts line;
  auto wall = [&](model::Square square) { return OnLine(map, facts, square).wall; };
  auto opaque = [&](model::Square square) {
    SquareOnLine on = OnLine(map, facts, square);
    return on.wall || on.blocks_sight;
  };
  model::Area to_space{target, 1, 1};
  line.wall_inside = PassesBetweenSolids(from, to, wall) || LeavesAcrossPinch(from, to, from_space, wall) ||
                     LeavesAcrossPinch(to, from, to_space, wall);
  line.sight_inside = PassesBetweenSolids(from, to, opaque) || LeavesAcrossPinch(from, to, from_space, opaque) ||
                      LeavesAcrossPinch(to, from, to_space, opaque);
  ForEachSquareMet(from, to, [&](model::Square square, Contact contact) {
    SquareOnLine on = OnLine(map, facts, square);
    line.wall |= on.wall;
    line.concealing |= on.concealing;
    // 002 부드러운 엄폐: a square "occupied by a creature" is passed through its inside; only
    // walls and concealing terrain count their borders ("구역 및 그 경계").
    if (contact == Contact::kInside) {
      line.wall_inside |= on.wall;
      line.sight_inside |= on.blocks_sight;
      line.creature |= on.creature;
      line.friend_passed |= on.friend_passed;
      line.least_cover = std::max(line.least_cover, on.least_cover);
    }
    if (on.low) line.MeetLow(defender, square, square);
  });
  return line;
}

}  // namespace

CoverSurvey SurveyLines(const model::GridMap& map, const model::Area& attacker, const model::Area& defender,
                        const SquareFacts& facts, const std::vector<BarrierOnLine>& barriers) {
  Inside attacker_inside{attacker.at.x + attacker.width / 2.0, attacker.at.y + attacker.height / 2.0};
  CoverSurvey survey;
  survey.space_concealed = true;
  survey.space_hidden = true;
  for (int32_t j = 0; j < defender.height; ++j) {
    for (int32_t i = 0; i < defender.width; ++i) {
      model::Square square{defender.at.x + i, defender.at.y + j};
      SquareOnLine on = map.Contains(square) ? facts(square) : SquareOnLine{};
      survey.space_concealed &= on.concealing;
      survey.space_hidden &= on.blocks_sight;
    }
  }
  for (int32_t cy = 0; cy <= attacker.height; ++cy) {
    for (int32_t cx = 0; cx <= attacker.width; ++cx) {
      Corner corner{attacker.at.x + cx, attacker.at.y + cy};
      for (int32_t j = 0; j < defender.height; ++j) {
        for (int32_t i = 0; i < defender.width; ++i) {
          CoverCandidate candidate;
          candidate.corner = corner;
          candidate.target = {defender.at.x + i, defender.at.y + j};
          // A line that reaches a corner of a square which blocks sight does not see the
          // creature inside it, even if it never enters the square.
          bool target_hidden = map.Contains(candidate.target) && facts(candidate.target).blocks_sight;
          std::pair<int32_t, int32_t> nearest_low_gap{0, 0};
          for (int32_t k = 0; k < 4; ++k) {
            Corner to{candidate.target.x + (k & 1), candidate.target.y + (k >> 1)};
            LineFacts line = SurveyLine(map, corner, to, attacker, candidate.target, defender, facts);
            SurveyBarriers(corner, to, attacker_inside, {candidate.target.x + 0.5, candidate.target.y + 0.5}, defender,
                           barriers, line);
            candidate.lines[static_cast<size_t>(k)] = {to, line.wall, line.low, line.creature,
                                                       line.friend_passed && !line.creature, line.concealing};
            candidate.wall_lines += line.wall ? 1 : 0;
            candidate.low_lines += line.low ? 1 : 0;
            candidate.creature_lines += line.creature ? 1 : 0;
            candidate.blocked_lines += line.wall_inside || line.low || line.creature ? 1 : 0;
            candidate.through_wall_lines += line.wall_inside ? 1 : 0;
            candidate.friend_lines += line.friend_passed && !line.creature ? 1 : 0;
            candidate.concealing_lines += line.concealing ? 1 : 0;
            candidate.least_cover = std::max(candidate.least_cover, line.least_cover);
            // A line touching a wall only along its face or at a corner gives cover (002 "및 그
            // 경계") but is still a line of effect: no solid barrier stands on it. Between two
            // walls (a seam, or corners touching) it is blocked.
            survey.line_of_effect |= !line.wall_inside;
            survey.wall_between |= line.wall_inside;
            survey.line_of_sight |= !line.wall_inside && !line.sight_inside && !target_hidden;
            if (line.has_low && (!candidate.has_low_obstacle || line.nearest_low_gap < nearest_low_gap)) {
              candidate.has_low_obstacle = true;
              candidate.low_obstacle = line.nearest_low;
              candidate.low_obstacle_beside = line.nearest_low_beside;
              nearest_low_gap = line.nearest_low_gap;
            }
          }
          survey.candidates.push_back(candidate);
        }
      }
    }
  }
  return survey;
}

}  // namespace rulecraft::combat
