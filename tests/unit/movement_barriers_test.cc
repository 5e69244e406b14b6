// Barriers between squares (a map's edges:, dnd35 rules barrier_cost, blocked_between,
// cuts_corner) against a deliberately simple reference: the rules written out in plain C++ from
// 000 장애물 and 대각선, and Bellman-Ford relaxation until nothing changes, on many random maps
// with random low walls and walls between squares, for a Medium and a Large mover.
#include <algorithm>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "movement/search.h"
#include "query/records.h"
#include "ruleset/ruleset.h"

namespace rulecraft {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// open, difficult, wall; barriers: 0 none, 1 low_wall (hampering), 2 wall (blocking, a corner).
const char* kKinds[] = {"open", "difficult", "wall", "low_wall"};

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
  int width = map.width, height = map.height;
  std::vector<float> cost(static_cast<size_t>(width * height * 2), kInf);
  cost[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int state = 0; state < width * height * 2; ++state) {
      if (cost[static_cast<size_t>(state)] == kInf) continue;
      int square = state / 2, counter = state % 2, x = square % width, y = square / width;
      for (const auto& d : movement::kDirections) {
        float step = ReferenceStep(map, x, y, d[0], d[1], counter, side);
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
    Map map{5 + static_cast<int>(random() % 5), 5 + static_cast<int>(random() % 5), {}, {}, {}};
    size_t squares = static_cast<size_t>(map.width * map.height);
    map.cells.resize(squares);
    map.east.assign(squares, 0);
    map.south.assign(squares, 0);
    for (int& cell : map.cells) {
      unsigned roll = static_cast<unsigned>(random() % 100);
      cell = roll < 70 ? 0 : roll < 88 ? 1 : 2;
    }
    for (int j = 0; j < side; ++j) {
      for (int i = 0; i < side; ++i) map.cells[static_cast<size_t>(j * map.width + i)] = 0;  // the start is open
    }
    model::GridMap grid;
    grid.width = map.width;
    grid.height = map.height;
    grid.terrain_kinds.assign(std::begin(kKinds), std::end(kKinds));
    for (int cell : map.cells) grid.cells.push_back(static_cast<uint16_t>(cell));
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
    model::Scenario scenario;
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
    std::vector<float> expected = ReferenceReach(map, side);
    Map open = map;  // the same map without barriers, to count where they matter
    std::fill(open.east.begin(), open.east.end(), 0);
    std::fill(open.south.begin(), open.south.end(), 0);
    std::vector<float> without = ReferenceReach(open, side);
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        size_t at = static_cast<size_t>((y * map.width + x) * 2);
        float want = std::min(expected[at], expected[at + 1]);
        ASSERT_EQ(reach.Cost(x, y), want) << "round " << round << " square " << x << "," << y;
        if (want != kInf && want != std::min(without[at], without[at + 1])) ++crossed;
      }
    }
  }
  EXPECT_GT(crossed, 40);
}

INSTANTIATE_TEST_SUITE_P(MediumAndLarge, BarrierSearch, ::testing::Values(1, 2));

}  // namespace
}  // namespace rulecraft
