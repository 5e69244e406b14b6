// The rich route search (facing, several speed kinds) against deliberately simple references
// written from the texts in plain C++: Bellman-Ford over (square, diagonal counter, facing) for
// Starfinder flight with its 45° turns, and an exhaustive walk over (square, movement used) for
// 5e's switching between a walking and a flying speed, on many small random maps.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <tuple>

#include <gtest/gtest.h>

#include "movement/rich_search.h"
#include "movement/search.h"
#include "query/records.h"
#include "ruleset/ruleset.h"

namespace rulecraft {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

std::vector<int> RandomMap(std::mt19937& random, int width, int height, int walls_percent, int second_percent,
                           int third_percent) {
  std::vector<int> map(static_cast<size_t>(width * height));
  for (int& cell : map) {
    int roll = static_cast<int>(random() % 100);
    cell = roll < walls_percent ? 2 : roll < walls_percent + second_percent ? 1
                                    : roll < walls_percent + second_percent + third_percent ? 3 : 0;
  }
  map[0] = 0;  // the start stands on open ground
  return map;
}

model::Scenario ScenarioOf(const std::vector<int>& map, int width, int height, const char* const* kinds,
                           model::Creature mover) {
  model::Scenario scenario;
  model::GridMap grid;
  grid.width = width;
  grid.height = height;
  grid.terrain_kinds.assign(kinds, kinds + 4);
  for (int cell : map) grid.cells.push_back(static_cast<uint16_t>(cell));
  scenario.map = grid;
  scenario.creatures.push_back(std::move(mover));
  return scenario;
}

// 45° turns between two directions, from their compass angles (facing 8: none yet, free).
int ReferenceTurns(int facing, int d) {
  if (facing == 8) return 0;
  auto angle = [](int direction) {
    return std::atan2(static_cast<double>(movement::kDirections[direction][1]),
                      static_cast<double>(movement::kDirections[direction][0]));
  };
  double degrees = std::abs(angle(facing) - angle(d)) * 180.0 / M_PI;
  if (degrees > 180) degrees = 360 - degrees;
  return static_cast<int>(std::lround(degrees / 45.0));
}

// 001 flight: 1-2 diagonals; no diagonal past a wall's corner; walls never entered; difficult
// terrain does not hamper fliers but canopy does (2, 3 diagonally); each 45° turn 1 square.
float FlightStep(const std::vector<int>& map, int width, int height, int x, int y, int d, int counter, int facing) {
  int dx = movement::kDirections[d][0], dy = movement::kDirections[d][1];
  int tx = x + dx, ty = y + dy;
  if (tx < 0 || ty < 0 || tx >= width || ty >= height) return -1;
  auto at = [&](int i, int j) { return map[static_cast<size_t>(j * width + i)]; };
  if (at(tx, ty) == 2) return -1;
  bool diagonal = dx != 0 && dy != 0;
  if (diagonal && (at(tx, y) == 2 || at(x, ty) == 2)) return -1;
  bool canopy = at(tx, ty) == 3;
  float cost = canopy ? (diagonal ? 3.0f : 2.0f) : (diagonal ? (counter == 0 ? 1.0f : 2.0f) : 1.0f);
  return cost + static_cast<float>(ReferenceTurns(facing, d));
}

TEST(RichSearch, FlightTurnsAgreeWithBellmanFord) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules_set = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/starfinder", sources, diagnostics);
  ASSERT_TRUE(rules_set) << Render(diagnostics, sources);
  const char* kinds[] = {"open", "difficult", "wall", "canopy"};
  std::mt19937 random(4242);
  for (int round = 0; round < 40; ++round) {
    int width = 3 + static_cast<int>(random() % 6), height = 3 + static_cast<int>(random() % 6);
    std::vector<int> map = RandomMap(random, width, height, 15, 25, 15);
    model::Creature mover;
    mover.id = "flier";
    mover.speeds_ft = {{"land", 30}, {"fly", 60}};
    model::Scenario scenario = ScenarioOf(map, width, height, kinds, mover);
    query::CreatureRecord record;
    query::BuildCreatureRecord(scenario.creatures[0], *rules_set, record, "fly");
    movement::GridView view(scenario, *rules_set, scenario.creatures[0]);
    int mode = rules_set->Table("movement_modes").IndexOf("move");
    movement::StepRules rules(*rules_set, view, record.slots.data(), mode);
    ASSERT_TRUE(rules.ok()) << rules.error();
    rules.TrackTurns();
    float budget = round % 2 == 0 ? kInf : 7;
    movement::RichReach reach = movement::RichSearch(view, {{&rules, budget}}, {0, 0}, 1, 0, true);

    // Bellman-Ford over (square, counter, facing), facing 8 = none yet.
    auto index = [&](int x, int y, int counter, int facing) { return ((y * width + x) * 2 + counter) * 9 + facing; };
    std::vector<float> cost(static_cast<size_t>(width * height * 2 * 9), kInf);
    cost[static_cast<size_t>(index(0, 0, 0, 8))] = 0;
    for (bool changed = true; changed;) {
      changed = false;
      for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
          for (int counter = 0; counter < 2; ++counter) {
            for (int facing = 0; facing < 9; ++facing) {
              float at = cost[static_cast<size_t>(index(x, y, counter, facing))];
              if (at == kInf) continue;
              for (int d = 0; d < 8; ++d) {
                float step = FlightStep(map, width, height, x, y, d, counter, facing);
                if (step < 0 || at + step > budget) continue;
                bool diagonal = movement::kDirections[d][0] != 0 && movement::kDirections[d][1] != 0;
                size_t next = static_cast<size_t>(index(x + movement::kDirections[d][0], y + movement::kDirections[d][1],
                                                        diagonal ? 1 - counter : counter, d));
                if (at + step < cost[next]) {
                  cost[next] = at + step;
                  changed = true;
                }
              }
            }
          }
        }
      }
    }
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        float want = kInf;
        for (int state = 0; state < 18; ++state) want = std::min(want, cost[static_cast<size_t>(index(x, y, 0, 0) + state)]);
        ASSERT_EQ(reach.Cost(x, y), want) << "round " << round << " square " << x << "," << y;
        if ((x * 3 + y + round) % 5 == 0) {
          movement::RichReach toward =
              movement::RichSearch(view, {{&rules, budget}}, {0, 0}, 1, 0, true, model::Square{x, y});
          ASSERT_EQ(toward.Cost(x, y), want) << "toward: round " << round << " square " << x << "," << y;
        }
      }
    }
  }
}

// 003: every step 1 square, +1 into difficult terrain; walls never entered; a pit only by the
// flying speed. A step by a speed is possible while the movement used plus the step fits in it.
TEST(RichSearch, SwitchingSpeedsAgreesWithAnExhaustiveWalk) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules_set = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd5e", sources, diagnostics);
  ASSERT_TRUE(rules_set) << Render(diagnostics, sources);
  const char* kinds[] = {"open", "difficult", "wall", "pit"};
  std::mt19937 random(777);
  for (int round = 0; round < 60; ++round) {
    int width = 3 + static_cast<int>(random() % 6), height = 3 + static_cast<int>(random() % 6);
    std::vector<int> map = RandomMap(random, width, height, 12, 25, 20);
    int land = 1 + static_cast<int>(random() % 8), fly = 1 + static_cast<int>(random() % 8);
    model::Creature mover;
    mover.id = "switcher";
    mover.race = "default";
    mover.speeds_ft = {{"land", land * 5.0}, {"fly", fly * 5.0}};
    model::Scenario scenario = ScenarioOf(map, width, height, kinds, mover);
    query::CreatureRecord walking, flying;
    query::BuildCreatureRecord(scenario.creatures[0], *rules_set, walking, "land");
    query::BuildCreatureRecord(scenario.creatures[0], *rules_set, flying, "fly");
    movement::GridView view(scenario, *rules_set, scenario.creatures[0]);
    int mode = rules_set->Table("movement_modes").IndexOf("move");
    movement::StepRules walk_rules(*rules_set, view, walking.slots.data(), mode);
    movement::StepRules fly_rules(*rules_set, view, flying.slots.data(), mode);
    float used = static_cast<float>(round % 3);
    movement::RichReach reach = movement::RichSearch(
        view, {{&walk_rules, static_cast<float>(land)}, {&fly_rules, static_cast<float>(fly)}}, {0, 0}, 1, used, false);

    // Every (square, movement used) a sequence of legal steps reaches.
    std::set<std::tuple<int, int, int>> seen;
    std::vector<std::tuple<int, int, int>> stack = {{0, 0, static_cast<int>(used)}};
    seen.insert(stack.front());
    while (!stack.empty()) {
      auto [x, y, u] = stack.back();
      stack.pop_back();
      for (const auto& d : movement::kDirections) {
        int tx = x + d[0], ty = y + d[1];
        if (tx < 0 || ty < 0 || tx >= width || ty >= height) continue;
        int cell = map[static_cast<size_t>(ty * width + tx)];
        if (cell == 2) continue;
        int step = cell == 1 ? 2 : 1;
        bool by_land = cell != 3 && u + step <= land;
        bool by_fly = u + step <= fly;
        if (!by_land && !by_fly) continue;
        std::tuple<int, int, int> next{tx, ty, u + step};
        if (seen.insert(next).second) stack.push_back(next);
      }
    }
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        float want = kInf;
        for (const auto& [sx, sy, u] : seen) {
          if (sx == x && sy == y) want = std::min(want, static_cast<float>(u));
        }
        ASSERT_EQ(reach.Cost(x, y), want) << "round " << round << " square " << x << "," << y << " land " << land
                                          << " fly " << fly;
      }
    }
  }
}

}  // namespace
}  // namespace rulecraft
