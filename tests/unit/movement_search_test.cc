// The route search and the dnd35 step rules against a deliberately simple reference: the d20
// rule written out in plain C++ from the text, and Bellman-Ford relaxation until nothing
// changes, on many random maps, for a Medium and a Large mover.
#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "movement/search.h"
#include "query/records.h"
#include "ruleset/ruleset.h"

namespace rulecraft {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// The map symbols of the test and their dnd35 terrain kinds.
const char* kKinds[] = {"open", "difficult", "wall", "hampering", "pit"};

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

std::vector<float> ReferenceReach(const std::vector<int>& map, int width, int height, int side) {
  std::vector<float> cost(static_cast<size_t>(width * height * 2), kInf);
  cost[0] = 0;  // the mover starts at (0, 0), no diagonal taken
  for (bool changed = true; changed;) {
    changed = false;
    for (int state = 0; state < width * height * 2; ++state) {
      if (cost[static_cast<size_t>(state)] == kInf) continue;
      int square = state / 2, counter = state % 2, x = square % width, y = square / width;
      for (const auto& d : movement::kDirections) {
        float step = ReferenceStep(map, width, height, x, y, d[0], d[1], counter, side);
        if (step < 0) continue;
        int next_counter = d[0] != 0 && d[1] != 0 ? 1 - counter : counter;
        size_t next = static_cast<size_t>(((y + d[1]) * width + x + d[0]) * 2 + next_counter);
        if (cost[static_cast<size_t>(state)] + step < cost[next]) {
          cost[next] = cost[static_cast<size_t>(state)] + step;
          changed = true;
        }
      }
    }
  }
  return cost;
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
    std::vector<int> map(static_cast<size_t>(width * height));
    for (int& cell : map) {
      unsigned roll = static_cast<unsigned>(random() % 100);
      cell = roll < 55 ? 0 : roll < 75 ? 1 : roll < 87 ? 2 : roll < 94 ? 3 : 4;
    }
    for (int j = 0; j < side; ++j) {
      for (int i = 0; i < side; ++i) map[static_cast<size_t>(j * width + i)] = 0;  // the start stands on open ground
    }
    model::Scenario scenario;
    model::GridMap grid;
    grid.width = width;
    grid.height = height;
    grid.terrain_kinds.assign(std::begin(kKinds), std::end(kKinds));
    for (int cell : map) grid.cells.push_back(static_cast<uint16_t>(cell));
    scenario.map = grid;
    model::Creature mover;
    mover.id = "mover";
    mover.race = "human";
    mover.size = side == 1 ? "medium" : "large";
    mover.squares_per_side = side;
    scenario.creatures.push_back(mover);

    query::CreatureRecord record;
    query::BuildCreatureRecord(scenario.creatures[0], *rules, record);
    movement::GridView view(scenario, *rules, scenario.creatures[0]);
    int mode = rules->Table("movement_modes").IndexOf("move");
    movement::StepRules step_rules(*rules, view, record.slots.data(), mode);
    ASSERT_TRUE(step_rules.ok()) << step_rules.error();
    movement::Reach reach = movement::Search(view, step_rules, {0, 0}, side, kInf);
    std::vector<float> expected = ReferenceReach(map, width, height, side);
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        float want = std::min(expected[static_cast<size_t>((y * width + x) * 2)],
                              expected[static_cast<size_t>((y * width + x) * 2 + 1)]);
        ASSERT_EQ(reach.Cost(x, y), want) << "round " << round << " square " << x << "," << y;
        // A* toward one square finds the same cost as the full search.
        if ((x + y + round) % 7 == 0) {
          movement::Reach toward = movement::Search(view, step_rules, {0, 0}, side, kInf, model::Square{x, y});
          ASSERT_EQ(toward.Cost(x, y), want) << "A*: round " << round << " square " << x << "," << y;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(MediumAndLarge, MovementSearch, ::testing::Values(1, 2));

}  // namespace
}  // namespace rulecraft
