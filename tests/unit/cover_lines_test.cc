// The line geometry under cover and concealment (combat/line_contact, combat/cover) against a
// deliberately simple reference: points sampled along each line at exact rational positions.
//
// Why sampling is exact here: the line from corner A to corner B, with d = B - A, crosses grid
// lines only at t = j / |dx| or t = i / |dy|; any two such values differ by at least
// 1 / (|dx| |dy|). Sampling t = k / N with N = 2 |dx| |dy| (k = 1 … N - 1, end points left out)
// therefore hits every crossing point (so every corner the line grazes) and puts a sample
// strictly inside every piece between crossings. Points are kept as integers scaled by N.
#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "combat/cover.h"
#include "combat/gap.h"
#include "combat/line_contact.h"

namespace rulecraft::combat {
namespace {

Contact ReferenceContact(Corner from, Corner to, model::Square square) {
  int64_t dx = to.x - from.x, dy = to.y - from.y;
  if (dx == 0 && dy == 0) return Contact::kNone;
  int64_t n = 2 * std::max<int64_t>(1, std::abs(dx)) * std::max<int64_t>(1, std::abs(dy));
  Contact contact = Contact::kNone;
  for (int64_t k = 1; k < n; ++k) {
    int64_t x = from.x * n + k * dx, y = from.y * n + k * dy;
    int64_t x0 = square.x * n, x1 = (square.x + 1) * n, y0 = square.y * n, y1 = (square.y + 1) * n;
    if (x0 < x && x < x1 && y0 < y && y < y1) return Contact::kInside;
    if (x0 <= x && x <= x1 && y0 <= y && y <= y1) contact = Contact::kBorder;
  }
  return contact;
}

// Whether a line is blocked by solid squares, point by point: a sample inside a solid square;
// on a side shared by two solid squares; on a grid point where two diagonally opposite squares
// are solid.
bool ReferenceBlocked(Corner from, Corner to, const std::function<bool(model::Square)>& solid) {
  int64_t dx = to.x - from.x, dy = to.y - from.y;
  if (dx == 0 && dy == 0) return false;
  int64_t n = 2 * std::max<int64_t>(1, std::abs(dx)) * std::max<int64_t>(1, std::abs(dy));
  auto floor_div = [](int64_t a, int64_t b) { return static_cast<int32_t>(a >= 0 ? a / b : -((-a + b - 1) / b)); };
  for (int64_t k = 1; k < n; ++k) {
    int64_t x = from.x * n + k * dx, y = from.y * n + k * dy;
    int32_t sx = floor_div(x, n), sy = floor_div(y, n);
    bool on_x = x % n == 0, on_y = y % n == 0;
    if (!on_x && !on_y && solid({sx, sy})) return true;
    if (on_x && !on_y && solid({sx - 1, sy}) && solid({sx, sy})) return true;
    if (!on_x && on_y && solid({sx, sy - 1}) && solid({sx, sy})) return true;
    if (on_x && on_y && ((solid({sx - 1, sy - 1}) && solid({sx, sy})) || (solid({sx, sy - 1}) && solid({sx - 1, sy})))) {
      return true;
    }
  }
  return false;
}

// Whether a line leaves its end point `end` across a pinch, point by point: `sample` (scaled by
// n) is the line's first sample after `end`; the free squares around `end` whose closed square
// holds it are where the line goes; with two diagonally opposite solid squares touching at `end`,
// the line is pinched off when the free square of `own` there is not among them.
bool ReferencePinched(Corner end, int64_t sample_x, int64_t sample_y, int64_t n, const model::Area& own,
                      const std::function<bool(model::Square)>& solid) {
  bool pinch = (solid({end.x - 1, end.y - 1}) && solid({end.x, end.y})) ||
               (solid({end.x, end.y - 1}) && solid({end.x - 1, end.y}));
  if (!pinch) return false;
  bool own_touched = false, own_found = false;
  for (int32_t qy : {end.y - 1, end.y}) {
    for (int32_t qx : {end.x - 1, end.x}) {
      model::Square square{qx, qy};
      if (!own.Contains(square) || solid(square)) continue;  // a space inside a wall has no side
      own_found = true;
      own_touched |= qx * n <= sample_x && sample_x <= (qx + 1) * n && qy * n <= sample_y && sample_y <= (qy + 1) * n;
    }
  }
  return own_found && !own_touched;
}

// ReferenceBlocked for a line from the attacker's corner (a corner of `from_space`) to a corner
// of the defender's square `target`: also blocked when it leaves either end across a pinch.
bool ReferenceBlockedBetween(Corner from, Corner to, const model::Area& from_space, model::Square target,
                             const std::function<bool(model::Square)>& solid) {
  if (ReferenceBlocked(from, to, solid)) return true;
  int64_t dx = to.x - from.x, dy = to.y - from.y;
  if (dx == 0 && dy == 0) return false;
  int64_t n = 2 * std::max<int64_t>(1, std::abs(dx)) * std::max<int64_t>(1, std::abs(dy));
  return ReferencePinched(from, from.x * n + dx, from.y * n + dy, n, from_space, solid) ||
         ReferencePinched(to, to.x * n - dx, to.y * n - dy, n, model::Area{target, 1, 1}, solid);
}

TEST(LineContact, SolidBlockingMatchesSampledReference) {
  std::mt19937 random(11);
  std::uniform_int_distribution<int32_t> coordinate(0, 8);
  std::uniform_int_distribution<int> roll(0, 99);
  for (int round = 0; round < 300; ++round) {
    std::vector<bool> walls(100);
    for (size_t i = 0; i < walls.size(); ++i) walls[i] = roll(random) < 25;
    auto solid = [&](model::Square s) {
      return s.x >= 0 && s.y >= 0 && s.x < 10 && s.y < 10 && walls[static_cast<size_t>(s.y * 10 + s.x)];
    };
    Corner from{coordinate(random), coordinate(random)};
    Corner to{coordinate(random), coordinate(random)};
    bool fast = PassesBetweenSolids(from, to, solid);
    ForEachSquareMet(from, to, [&](model::Square square, Contact contact) {
      fast |= contact == Contact::kInside && solid(square);
    });
    EXPECT_EQ(fast, ReferenceBlocked(from, to, solid))
        << "line (" << from.x << "," << from.y << ")-(" << to.x << "," << to.y << ")";
  }
}

TEST(LineContact, MatchesSampledReferenceOnRandomSegments) {
  std::mt19937 random(20261122);
  std::uniform_int_distribution<int32_t> coordinate(0, 9);
  for (int round = 0; round < 400; ++round) {
    Corner from{coordinate(random), coordinate(random)};
    Corner to{coordinate(random), coordinate(random)};
    std::vector<std::tuple<int32_t, int32_t, Contact>> visited;
    ForEachSquareMet(from, to, [&](model::Square square, Contact contact) {
      visited.emplace_back(square.x, square.y, contact);
    });
    size_t expected_count = 0;
    for (int32_t y = -1; y <= 10; ++y) {
      for (int32_t x = -1; x <= 10; ++x) {
        Contact expected = ReferenceContact(from, to, {x, y});
        ASSERT_EQ(ContactOf(from, to, {x, y}), expected)
            << "line (" << from.x << "," << from.y << ")-(" << to.x << "," << to.y << ") square " << x << "," << y;
        if (expected != Contact::kNone) {
          ++expected_count;
          EXPECT_NE(std::find(visited.begin(), visited.end(), std::make_tuple(x, y, expected)), visited.end());
        }
      }
    }
    EXPECT_EQ(visited.size(), expected_count);
  }
}

TEST(LineContact, PinnedCases) {
  EXPECT_EQ(ContactOf({1, 0}, {3, 2}, {1, 0}), Contact::kInside);   // along its diagonal
  EXPECT_EQ(ContactOf({0, -1}, {4, 3}, {2, 0}), Contact::kBorder);  // only its corner (2,1)
  EXPECT_EQ(ContactOf({1, 0}, {3, 2}, {2, 0}), Contact::kBorder);   // only its corner (2,1)
  EXPECT_EQ(ContactOf({0, 1}, {3, 1}, {1, 0}), Contact::kBorder);   // along its bottom side
  EXPECT_EQ(ContactOf({0, 1}, {3, 1}, {1, 1}), Contact::kBorder);   // along its top side
  EXPECT_EQ(ContactOf({1, 1}, {2, 2}, {1, 1}), Contact::kInside);
  EXPECT_EQ(ContactOf({1, 1}, {2, 2}, {0, 0}), Contact::kNone);     // only at the end point
}

// A brute-force survey over the reference contacts, for comparison with SurveyLines.
CoverSurvey ReferenceSurvey(const model::GridMap& map, const model::Area& attacker, const model::Area& defender,
                            const std::vector<SquareOnLine>& squares) {
  auto at = [&](model::Square s) { return squares[static_cast<size_t>(s.y * map.width + s.x)]; };
  CoverSurvey survey;
  survey.space_concealed = survey.space_hidden = true;
  for (int32_t j = 0; j < defender.height; ++j) {
    for (int32_t i = 0; i < defender.width; ++i) {
      survey.space_concealed &= at({defender.at.x + i, defender.at.y + j}).concealing;
      survey.space_hidden &= at({defender.at.x + i, defender.at.y + j}).blocks_sight;
    }
  }
  for (int32_t cy = 0; cy <= attacker.height; ++cy) {
    for (int32_t cx = 0; cx <= attacker.width; ++cx) {
      for (int32_t j = 0; j < defender.height; ++j) {
        for (int32_t i = 0; i < defender.width; ++i) {
          CoverCandidate candidate;
          candidate.corner = {attacker.at.x + cx, attacker.at.y + cy};
          candidate.target = {defender.at.x + i, defender.at.y + j};
          bool hidden = at(candidate.target).blocks_sight;
          std::pair<int32_t, int32_t> best_low{1 << 20, 0};
          for (int32_t k = 0; k < 4; ++k) {
            Corner to{candidate.target.x + (k & 1), candidate.target.y + (k >> 1)};
            bool wall = false, low = false, creature = false, passed = false, concealing = false;
            // Outside the map is solid, as a wall (docs/scenarios.md, "The map's edge").
            auto in_map = [&](model::Square q) { return q.x >= 0 && q.y >= 0 && q.x < map.width && q.y < map.height; };
            auto on_line = [&](model::Square q) {
              SquareOnLine outside;
              outside.wall = true;
              return in_map(q) ? at(q) : outside;
            };
            bool solid = ReferenceBlockedBetween(candidate.corner, to, attacker, candidate.target,
                                                 [&](model::Square q) { return on_line(q).wall; });
            bool blind = ReferenceBlockedBetween(candidate.corner, to, attacker, candidate.target, [&](model::Square q) {
              return on_line(q).wall || on_line(q).blocks_sight;
            });
            for (int32_t y = -1; y <= map.height; ++y) {
              for (int32_t x = -1; x <= map.width; ++x) {
                Contact contact = ReferenceContact(candidate.corner, to, {x, y});
                if (contact == Contact::kNone) continue;
                SquareOnLine on = on_line({x, y});
                wall |= on.wall;
                concealing |= on.concealing;
                if (contact == Contact::kInside) {
                  creature |= on.creature;
                  passed |= on.friend_passed;
                }
                if (on.low) {
                  low = true;
                  Gap gap = GapTo(defender, {x, y});
                  best_low = std::min(best_low, std::pair{std::max(gap.dx, gap.dy), std::min(gap.dx, gap.dy)});
                }
              }
            }
            candidate.wall_lines += wall;
            candidate.low_lines += low;
            candidate.creature_lines += creature;
            candidate.friend_lines += passed && !creature;
            candidate.concealing_lines += concealing;
            candidate.blocked_lines += solid || low || creature;
            candidate.through_wall_lines += solid;
            survey.line_of_effect |= !solid;
            survey.wall_between |= solid;
            survey.line_of_sight |= !solid && !blind && !hidden;
          }
          candidate.has_low_obstacle = best_low.first < (1 << 20);
          survey.candidates.push_back(candidate);
          // The reference keeps the nearest low obstacle's gap key (larger, smaller axis) in
          // low_obstacle: ties between squares at the same gap may pick either square.
          if (candidate.has_low_obstacle) survey.candidates.back().low_obstacle = {best_low.first, best_low.second};
        }
      }
    }
  }
  return survey;
}

// A random map drawn for a failure's message: '#' wall, 'A' attacker, 'D' defender.
std::string Drawn(const model::GridMap& map, const std::vector<SquareOnLine>& squares, const model::Area& attacker,
                  const model::Area& defender) {
  std::string text;
  for (int32_t y = 0; y < map.height; ++y) {
    for (int32_t x = 0; x < map.width; ++x) {
      bool wall = squares[static_cast<size_t>(y * map.width + x)].wall;
      text += attacker.Contains({x, y}) ? (wall ? 'a' : 'A') : defender.Contains({x, y}) ? (wall ? 'd' : 'D') : wall ? '#' : '.';
    }
    text += '\n';
  }
  return text;
}

// SurveyLines against ReferenceSurvey on `rounds` random 9×8 maps, `wall_percent` of whose
// squares are walls (many walls: many pinches at the creatures' corners, many lines along them).
void CompareOnRandomMaps(unsigned seed, int rounds, int wall_percent) {
  std::mt19937 random(seed);
  int w = wall_percent - 12;  // the other kinds' thresholds move up with the walls'
  for (int round = 0; round < rounds; ++round) {
    model::GridMap map;
    map.width = 9;
    map.height = 8;
    std::vector<SquareOnLine> squares(static_cast<size_t>(map.width * map.height));
    std::uniform_int_distribution<int> roll(0, 99);
    for (SquareOnLine& square : squares) {
      int kind = roll(random);
      square.wall = kind < 12 + w;
      square.low = kind >= 12 + w && kind < 20 + w;
      square.creature = kind >= 20 + w && kind < 26 + w;
      square.friend_passed = kind >= 26 + w && kind < 29 + w;
      square.concealing = kind >= 29 + w && kind < 40 + w;
      square.blocks_sight = kind >= 35 + w && kind < 40 + w;
    }
    // Whole spaces of one or two squares a side, and bands of a squeezed space.
    std::uniform_int_distribution<int> side_roll(1, 2);
    model::Area attacker{{0, 0}, side_roll(random), side_roll(random)};
    model::Area defender{{0, 0}, side_roll(random), side_roll(random)};
    std::uniform_int_distribution<int32_t> ax(0, map.width - attacker.width), ay(0, map.height - attacker.height);
    std::uniform_int_distribution<int32_t> bx(0, map.width - defender.width), by(0, map.height - defender.height);
    attacker.at = {ax(random), ay(random)};
    defender.at = {bx(random), by(random)};
    auto facts = [&](model::Square s) { return squares[static_cast<size_t>(s.y * map.width + s.x)]; };
    CoverSurvey fast = SurveyLines(map, attacker, defender, facts);
    CoverSurvey slow = ReferenceSurvey(map, attacker, defender, squares);
    ASSERT_EQ(fast.candidates.size(), slow.candidates.size());
    EXPECT_EQ(fast.line_of_effect, slow.line_of_effect);
    EXPECT_EQ(fast.line_of_sight, slow.line_of_sight);
    EXPECT_EQ(fast.space_concealed, slow.space_concealed);
    EXPECT_EQ(fast.space_hidden, slow.space_hidden);
    EXPECT_EQ(fast.wall_between, slow.wall_between);
    for (size_t i = 0; i < fast.candidates.size(); ++i) {
      const CoverCandidate& a = fast.candidates[i];
      const CoverCandidate& b = slow.candidates[i];
      SCOPED_TRACE(testing::Message() << "round " << round << " candidate " << i << " corner (" << a.corner.x << ","
                                      << a.corner.y << ") target (" << a.target.x << "," << a.target.y << ")\n"
                                      << Drawn(map, squares, attacker, defender));
      EXPECT_EQ(a.corner, b.corner);
      EXPECT_EQ(a.target, b.target);
      EXPECT_EQ(a.wall_lines, b.wall_lines);
      EXPECT_EQ(a.low_lines, b.low_lines);
      EXPECT_EQ(a.creature_lines, b.creature_lines);
      EXPECT_EQ(a.friend_lines, b.friend_lines);
      EXPECT_EQ(a.concealing_lines, b.concealing_lines);
      EXPECT_EQ(a.blocked_lines, b.blocked_lines);
      EXPECT_EQ(a.through_wall_lines, b.through_wall_lines);
      ASSERT_EQ(a.has_low_obstacle, b.has_low_obstacle);
      if (a.has_low_obstacle) {
        Gap gap = GapTo(defender, a.low_obstacle);
        EXPECT_EQ(std::max(gap.dx, gap.dy), b.low_obstacle.x);
        EXPECT_EQ(std::min(gap.dx, gap.dy), b.low_obstacle.y);
      }
    }
  }
}


TEST(CoverSurvey, MatchesBruteForceOnRandomMaps) { CompareOnRandomMaps(7, 60, 12); }

TEST(CoverSurvey, MatchesBruteForceOnWalledMaps) { CompareOnRandomMaps(21, 120, 35); }

// A map of `rows` ('#' a wall) as SurveyLines sees it.
struct DrawnMap {
  model::GridMap map;
  std::vector<std::string> rows;

  explicit DrawnMap(std::vector<std::string> drawn) : rows(std::move(drawn)) {
    map.height = static_cast<int32_t>(rows.size());
    map.width = static_cast<int32_t>(rows.front().size());
  }
  SquareFacts Facts() const {
    return [this](model::Square s) {
      SquareOnLine on;
      on.wall = rows[static_cast<size_t>(s.y)][static_cast<size_t>(s.x)] == '#';
      return on;
    };
  }
  CoverSurvey Survey(model::Square attacker, model::Square defender) const {
    return SurveyLines(map, {attacker, 1, 1}, {defender, 1, 1}, Facts());
  }
};

TEST(LineContact, LeavesAcrossPinch) {
  // Walls at (1,0) and (0,1) touch at the point (1,1).
  auto solid = [](model::Square s) { return (s.x == 1 && s.y == 0) || (s.x == 0 && s.y == 1); };
  model::Area corner_square{{0, 0}, 1, 1}, beyond{{1, 1}, 1, 1};
  EXPECT_TRUE(LeavesAcrossPinch({1, 1}, {3, 3}, corner_square, solid));   // out of the sealed corner
  EXPECT_TRUE(LeavesAcrossPinch({1, 1}, {3, 1}, corner_square, solid));   // along the wall's face beyond
  EXPECT_TRUE(LeavesAcrossPinch({1, 1}, {1, 4}, corner_square, solid));
  EXPECT_FALSE(LeavesAcrossPinch({1, 1}, {0, 0}, corner_square, solid));  // back into its own square
  EXPECT_FALSE(LeavesAcrossPinch({1, 1}, {3, 3}, beyond, solid));         // from the open side
  EXPECT_TRUE(LeavesAcrossPinch({1, 1}, {0, 0}, beyond, solid));
  EXPECT_FALSE(LeavesAcrossPinch({1, 1}, {3, 3}, model::Area{{5, 5}, 1, 1}, solid));  // not its corner
  // The other pair: walls at (0,0) and (1,1), a creature at (1,0) north-east of the point.
  auto other = [](model::Square s) { return (s.x == 0 && s.y == 0) || (s.x == 1 && s.y == 1); };
  EXPECT_TRUE(LeavesAcrossPinch({1, 1}, {0, 3}, model::Area{{1, 0}, 1, 1}, other));
  EXPECT_FALSE(LeavesAcrossPinch({1, 1}, {3, 0}, model::Area{{1, 0}, 1, 1}, other));
  // No pinch: one wall only.
  EXPECT_FALSE(LeavesAcrossPinch({1, 1}, {3, 3}, corner_square, [](model::Square s) { return s.x == 1 && s.y == 0; }));
}

TEST(CoverSurvey, SealedCornerHasNoLineOut) {
  // Issue 21: walls at (1,0) and (0,1); the creature at (0,0) can move nowhere, and no line leaves
  // it either, not even from the point the two walls share.
  DrawnMap drawn({".#..", "#...", "...."});
  CoverSurvey survey = drawn.Survey({0, 0}, {2, 2});
  EXPECT_FALSE(survey.line_of_effect);
  EXPECT_FALSE(survey.line_of_sight);
  EXPECT_TRUE(survey.wall_between);
  // The other way round too: the line ends on the shared point from the wrong side.
  EXPECT_FALSE(drawn.Survey({2, 2}, {0, 0}).line_of_effect);
  // Open the corner (no wall at (0,1)): the line from (1,1) passes again, grazing one wall.
  DrawnMap open({".#..", "....", "...."});
  EXPECT_TRUE(open.Survey({0, 0}, {2, 2}).line_of_effect);
}

TEST(CoverSurvey, MapEdgeIsSolid) {
  // Issue 21: on a one-row map a wall square across the row stops every move; no line passes
  // along the map's edge past it either.
  DrawnMap row({"..#.."});
  EXPECT_FALSE(row.Survey({0, 0}, {4, 0}).line_of_effect);
  // The same corridor drawn with side walls answers the same.
  DrawnMap corridor({"#####", "..#..", "#####"});
  EXPECT_FALSE(corridor.Survey({0, 1}, {4, 1}).line_of_effect);
  // Without the wall across it, both see along the row, and both grazing the edge as a wall face.
  DrawnMap open_row({"....."});
  DrawnMap open_corridor({"#####", ".....", "#####"});
  CoverSurvey along_row = open_row.Survey({0, 0}, {4, 0});
  CoverSurvey along_corridor = open_corridor.Survey({0, 1}, {4, 1});
  EXPECT_TRUE(along_row.line_of_effect);
  EXPECT_TRUE(along_corridor.line_of_effect);
  ASSERT_EQ(along_row.candidates.size(), along_corridor.candidates.size());
  for (size_t i = 0; i < along_row.candidates.size(); ++i) {
    EXPECT_EQ(along_row.candidates[i].wall_lines, along_corridor.candidates[i].wall_lines) << "candidate " << i;
    EXPECT_EQ(along_row.candidates[i].through_wall_lines, along_corridor.candidates[i].through_wall_lines);
  }
}

}  // namespace
}  // namespace rulecraft::combat
