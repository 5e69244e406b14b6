// The route search and the dnd35 step rules against a deliberately simple reference: the d20
// rule written out in plain C++ from the text, and Bellman-Ford relaxation until nothing
// changes, on many random maps, for a Medium and a Large mover.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "search_test_world.h"

namespace rulecraft {
namespace {

using testing_world::kInf;

struct Terrain {
  bool blocking, corner, hindering;
};
// open, difficult, wall, hampering, pit — as 000 describes them.
const Terrain kTerrain[] = {{false, false, false}, {false, false, true}, {true, true, false},
                            {false, false, true},  {true, false, false}};

// 000: 1-2-1-2 diagonals; difficult terrain and hampering obstacles double; a diagonal into
// hindering terrain counts 3; walls block corners, pits do not; blocked squares are never entered.
float ReferenceStep(const std::vector<int>& map, int width, int height, int x, int y, int dx, int dy,
                    int counter, int side) {
  float worst = 0;
  for (int j = 0; j < side; ++j) {
    for (int i = 0; i < side; ++i) {
      int tx = x + i + dx, ty = y + j + dy;
      if (tx < 0 || ty < 0 || tx >= width || ty >= height) return -1;
      const Terrain& to = kTerrain[map[static_cast<size_t>(ty * width + tx)]];
      if (to.blocking) return -1;
      bool diagonal = dx != 0 && dy != 0;
      if (diagonal && (kTerrain[map[static_cast<size_t>((y + j) * width + tx)]].corner ||
                       kTerrain[map[static_cast<size_t>(ty * width + x + i)]].corner)) {
        return -1;
      }
      float cost = to.hindering ? (diagonal ? 3.0f : 2.0f) : (diagonal ? (counter % 2 == 0 ? 1.0f : 2.0f) : 1.0f);
      worst = std::max(worst, cost);
    }
  }
  return worst;
}

class MovementSearch : public ::testing::TestWithParam<int> {};

TEST_P(MovementSearch, DijkstraAgreesWithBellmanFordOnRandomMaps) {
  int side = GetParam();
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  std::mt19937 random(1000 + static_cast<unsigned>(side));
  for (int round = 0; round < 60; ++round) {
    int width = 4 + static_cast<int>(random() % 7), height = 4 + static_cast<int>(random() % 7);
    std::vector<int> map = testing_world::RandomCells(random, width, height, {55, 75, 87, 94}, side);
    auto world = testing_world::MakeWorld(
        *rules, testing_world::MakeMap(width, height, map, {"open", "difficult", "wall", "hampering", "pit"}),
        side == 1 ? "medium" : "large", side);
    ASSERT_TRUE(world->rules->ok()) << world->rules->error();
    movement::Reach reach = movement::Search(*world->view, *world->rules, {0, 0}, side, kInf);
    std::vector<float> expected = testing_world::BellmanFordReach(
        width, height,
        [&](int x, int y, int dx, int dy, int counter) { return ReferenceStep(map, width, height, x, y, dx, dy, counter, side); });
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        float want = testing_world::CheapestAt(expected, width, x, y);
        ASSERT_EQ(reach.Cost(x, y), want) << "round " << round << " square " << x << "," << y;
        // A* toward one square finds the same cost as the full search.
        if ((x + y + round) % 7 == 0) {
          movement::Reach toward = movement::Search(*world->view, *world->rules, {0, 0}, side, kInf, model::Square{x, y});
          ASSERT_EQ(toward.Cost(x, y), want) << "A*: round " << round << " square " << x << "," << y;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(MediumAndLarge, MovementSearch, ::testing::Values(1, 2));

}  // namespace
}  // namespace rulecraft
