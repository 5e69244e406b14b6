// Cones and lines of area effects (combat/area_template) against deliberately simple references:
// exact integer arithmetic for a cone's centre test, and points sampled along a line at exact
// rational positions for the squares a line passes through (as cover_lines_test.cc samples).
#include <cstdlib>
#include <random>
#include <utility>

#include <gtest/gtest.h>

#include "combat/area_template.h"

namespace rulecraft::combat {
namespace {

// A cone of half width `num / den` from the integer point `o` along the integer direction (a, b):
// with everything doubled, the square's centre is (2x + 1, 2y + 1).
bool ReferenceCone(int64_t ox, int64_t oy, int64_t a, int64_t b, int64_t num, int64_t den, model::Square square) {
  int64_t dx = 2 * square.x + 1 - 2 * ox, dy = 2 * square.y + 1 - 2 * oy;
  int64_t along = dx * a + dy * b;
  int64_t across = std::llabs(dx * b - dy * a);
  return along > 0 && across * den <= along * num;
}

// Whether the ray from the integer point `o` along (a, b) has more than one point in the closed
// square: sampled on the segment to o + 16 (a, b) at t = k / N, N = 2 |16a| |16b|, which hits every
// grid crossing and a point inside every piece between two crossings.
bool ReferenceLine(int64_t ox, int64_t oy, int64_t a, int64_t b, model::Square square) {
  int64_t dx = 16 * a, dy = 16 * b;
  int64_t n = 2 * std::max<int64_t>(1, std::llabs(dx)) * std::max<int64_t>(1, std::llabs(dy));
  int inside = 0;
  for (int64_t k = 1; k < n && inside < 2; ++k) {
    int64_t x = ox * n + k * dx, y = oy * n + k * dy;
    bool in_x = x >= square.x * n && x <= (square.x + 1) * n;
    bool in_y = y >= square.y * n && y <= (square.y + 1) * n;
    if (in_x && in_y) ++inside;
  }
  return inside >= 2;
}

TEST(AreaTemplate, ConeMatchesTheReference) {
  std::mt19937 random(7);
  std::uniform_int_distribution<int> coordinate(-4, 4), direction(-3, 3);
  for (int trial = 0; trial < 400; ++trial) {
    int64_t ox = coordinate(random), oy = coordinate(random), a = direction(random), b = direction(random);
    if (a == 0 && b == 0) continue;
    const std::pair<int64_t, int64_t> halves[] = {{1, 1}, {1, 2}};
    for (auto [num, den] : halves) {
      for (int32_t y = -8; y <= 8; ++y) {
        for (int32_t x = -8; x <= 8; ++x) {
          GridPoint origin{static_cast<double>(ox), static_cast<double>(oy)};
          GridPoint toward{static_cast<double>(ox + a), static_cast<double>(oy + b)};
          ASSERT_EQ(ConeCovers(origin, toward, static_cast<double>(num) / static_cast<double>(den), {x, y}),
                    ReferenceCone(ox, oy, a, b, num, den, {x, y}))
              << "origin " << ox << "," << oy << " direction " << a << "," << b << " half width " << num << "/" << den
              << " square " << x << "," << y;
        }
      }
    }
  }
}

TEST(AreaTemplate, LineMatchesTheReference) {
  std::mt19937 random(11);
  std::uniform_int_distribution<int> coordinate(-3, 3), direction(-3, 3);
  for (int trial = 0; trial < 150; ++trial) {
    int64_t ox = coordinate(random), oy = coordinate(random), a = direction(random), b = direction(random);
    if (a == 0 && b == 0) continue;
    for (int32_t y = -6; y <= 6; ++y) {
      for (int32_t x = -6; x <= 6; ++x) {
        GridPoint origin{static_cast<double>(ox), static_cast<double>(oy)};
        GridPoint toward{static_cast<double>(ox + a), static_cast<double>(oy + b)};
        ASSERT_EQ(LineCovers(origin, toward, 0, {x, y}), ReferenceLine(ox, oy, a, b, {x, y}))
            << "origin " << ox << "," << oy << " direction " << a << "," << b << " square " << x << "," << y;
      }
    }
  }
}

// The 3.5 SRD cone "in a quarter-circle": 15 ft east from the intersection (2, 4), before its
// length is applied, the first two columns hold 2 and 4 squares.
TEST(AreaTemplate, QuarterCircleColumns) {
  GridPoint origin{2, 4}, east{3, 4};
  int first = 0, second = 0;
  for (int32_t y = 0; y < 9; ++y) {
    first += ConeCovers(origin, east, 1, {2, y}) ? 1 : 0;
    second += ConeCovers(origin, east, 1, {3, y}) ? 1 : 0;
  }
  EXPECT_EQ(first, 2);
  EXPECT_EQ(second, 4);
}

// A wide line takes the squares whose centre lies within half its width; a line along a grid
// line passes along both rows beside it.
TEST(AreaTemplate, WideAndGrazingLines) {
  GridPoint origin{0, 4}, east{1, 4};
  EXPECT_TRUE(LineCovers(origin, east, 1, {3, 3}));   // centre 0.5 from the line: on the edge
  EXPECT_FALSE(LineCovers(origin, east, 1, {3, 2}));  // 1.5 away
  EXPECT_TRUE(LineCovers(origin, east, 3, {3, 2}));   // 15 ft wide: 1.5 each side
  EXPECT_TRUE(LineCovers(origin, east, 0, {3, 3}));
  EXPECT_TRUE(LineCovers(origin, east, 0, {3, 4}));
  EXPECT_FALSE(LineCovers(origin, east, 0, {3, 5}));
  EXPECT_FALSE(LineCovers(origin, east, 0, {-1, 4}));  // behind the origin
}

}  // namespace
}  // namespace rulecraft::combat
