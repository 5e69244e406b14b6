// Barriers between squares (a map's edges:, dnd35 rules barrier_cost, blocked_between,
// cuts_corner) against a deliberately simple reference: the rules written out in plain C++ from
// 000 장애물 and 대각선, and Bellman-Ford relaxation until nothing changes, on many random maps
// with random low walls and walls between squares, for a Medium and a Large mover.
#include <algorithm>
#include <random>

#include <gtest/gtest.h>

#include "search_test_world.h"

namespace rulecraft {
namespace {

using testing_world::kInf;

// open, difficult, wall; barriers: 0 none, 1 low_wall (hampering), 2 wall (blocking, a corner).
const std::vector<std::string> kKinds = {"open", "difficult", "wall", "low_wall"};

struct Map {
  int width, height;
  std::vector<int> cells, east, south;
  int At(int x, int y) const { return cells[static_cast<size_t>(y * width + x)]; }
  bool Inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
  // The barrier between two side-by-side squares.
  int Between(int x, int y, int to_x, int to_y) const {
    if (!Inside(x, y) || !Inside(to_x, to_y)) return 0;
    int first = std::min(y, to_y) * width + std::min(x, to_x);
    return y == to_y ? east[static_cast<size_t>(first)] : south[static_cast<size_t>(first)];
  }
};

// 000: difficult terrain doubles (a diagonal into it 3); a low wall between squares costs 2 on top
// of the square beyond; a wall between squares is never crossed, and its end is a corner; wall
// squares block and are corners.
float ReferenceStep(const Map& map, int x, int y, int dx, int dy, int counter, int side) {
  bool diagonal = dx != 0 && dy != 0;
  float worst = 0;
  for (int j = 0; j < side; ++j) {
    for (int i = 0; i < side; ++i) {
      int tx = x + i + dx, ty = y + j + dy, fx = tx - dx, fy = ty - dy;
      if (!map.Inside(tx, ty) || map.At(tx, ty) == 2) return -1;
      int barriers[4] = {0, 0, 0, 0};
      bool crosses = true;
      if (diagonal) {
        if (map.At(tx, fy) == 2 || map.At(fx, ty) == 2) return -1;
        barriers[0] = map.Between(fx, fy, tx, fy);
        barriers[1] = map.Between(tx, fy, tx, ty);
        barriers[2] = map.Between(fx, fy, fx, ty);
        barriers[3] = map.Between(fx, ty, tx, ty);
        crosses = (barriers[0] != 0 || barriers[1] != 0) && (barriers[2] != 0 || barriers[3] != 0);
      } else {
        barriers[0] = map.Between(fx, fy, tx, ty);
      }
      float extra = 0;
      for (int barrier : barriers) {
        if (barrier == 2) return -1;  // crossed, or a corner passed
        if (barrier == 1 && crosses) extra = 2;
      }
      bool difficult = map.At(tx, ty) == 1;
      float cost = difficult ? (diagonal ? 3.0f : 2.0f) : (diagonal ? (counter % 2 == 0 ? 1.0f : 2.0f) : 1.0f);
      worst = std::max(worst, cost + extra);
    }
  }
  return worst;
}

std::vector<float> ReferenceReach(const Map& map, int side) {
  return testing_world::BellmanFordReach(map.width, map.height, [&](int x, int y, int dx, int dy, int counter) {
    return ReferenceStep(map, x, y, dx, dy, counter, side);
  });
}

class BarrierSearch : public ::testing::TestWithParam<int> {};

TEST_P(BarrierSearch, DijkstraAgreesWithBellmanFordOnRandomMaps) {
  int side = GetParam();
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  std::mt19937 random(3000 + static_cast<unsigned>(side));
  int crossed = 0;  // squares whose cheapest way crosses a low wall: the maps must exercise barriers
  for (int round = 0; round < 40; ++round) {
    int width = 5 + static_cast<int>(random() % 5), height = 5 + static_cast<int>(random() % 5);
    Map map{width, height, testing_world::RandomCells(random, width, height, {70, 88}, side), {}, {}};
    size_t squares = static_cast<size_t>(width * height);
    map.east.assign(squares, 0);
    map.south.assign(squares, 0);
    model::GridMap grid = testing_world::MakeMap(width, height, map.cells, kKinds);
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        for (int down = 0; down < 2; ++down) {
          int tx = x + (down == 0 ? 1 : 0), ty = y + down;
          unsigned roll = static_cast<unsigned>(random() % 100);
          if (!map.Inside(tx, ty) || roll >= 25) continue;
          int barrier = roll < 15 ? 1 : 2;
          (down == 0 ? map.east : map.south)[static_cast<size_t>(y * map.width + x)] = barrier;
          grid.edges.push_back({{x, y}, {tx, ty}, static_cast<uint16_t>(barrier == 1 ? 3 : 2)});
        }
      }
    }
    auto world = testing_world::MakeWorld(*rules, grid, side == 1 ? "medium" : "large", side);
    ASSERT_TRUE(world->rules->ok()) << world->rules->error();
    movement::Reach reach = movement::Search(*world->view, *world->rules, {0, 0}, side, kInf);
    std::vector<float> expected = ReferenceReach(map, side);
    Map open = map;  // the same map without barriers, to count where they matter
    std::fill(open.east.begin(), open.east.end(), 0);
    std::fill(open.south.begin(), open.south.end(), 0);
    std::vector<float> without = ReferenceReach(open, side);
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        float want = testing_world::CheapestAt(expected, map.width, x, y);
        ASSERT_EQ(reach.Cost(x, y), want) << "round " << round << " square " << x << "," << y;
        if (want != kInf && want != testing_world::CheapestAt(without, map.width, x, y)) ++crossed;
      }
    }
  }
  EXPECT_GT(crossed, 40);
}

INSTANTIATE_TEST_SUITE_P(MediumAndLarge, BarrierSearch, ::testing::Values(1, 2));

}  // namespace
}  // namespace rulecraft
