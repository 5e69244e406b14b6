// What the route-search tests build for each random map: a dnd35 scenario of one mover, its
// grid view and step rules, and a deliberately simple Bellman-Ford reference over (square,
// diagonal parity). Shared by movement_search_test, movement_barriers_test and
// squeeze_search_test.
#pragma once

#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "movement/grid_view.h"
#include "movement/search.h"
#include "movement/step_rules.h"
#include "query/records.h"
#include "ruleset/ruleset.h"

namespace rulecraft::testing_world {

inline constexpr float kInf = std::numeric_limits<float>::infinity();

// Random terrain kind indices for a width × height map, by percent thresholds: a roll below
// thresholds[k] gives kind k, above them all the last kind + 1; the start's side × side space
// is kind 0.
inline std::vector<int> RandomCells(std::mt19937& random, int width, int height, const std::vector<unsigned>& thresholds,
                                    int side) {
  std::vector<int> cells(static_cast<size_t>(width * height));
  for (int& cell : cells) {
    unsigned roll = static_cast<unsigned>(random() % 100);
    cell = static_cast<int>(thresholds.size());
    for (size_t k = 0; k < thresholds.size(); ++k) {
      if (roll < thresholds[k]) {
        cell = static_cast<int>(k);
        break;
      }
    }
  }
  for (int j = 0; j < side; ++j) {
    for (int i = 0; i < side; ++i) cells[static_cast<size_t>(j * width + i)] = 0;
  }
  return cells;
}

// A map of these terrain kinds (names of dnd35's terrain table).
inline model::GridMap MakeMap(int width, int height, const std::vector<int>& cells, const std::vector<std::string>& kinds) {
  model::GridMap map;
  map.width = width;
  map.height = height;
  map.terrain_kinds = kinds;
  for (int cell : cells) map.cells.push_back(static_cast<uint16_t>(cell));
  return map;
}

// One mover (at (0, 0), of this size, with these traits and conditions) on a map, with the
// records and rules a search needs.
struct World {
  model::Scenario scenario;
  query::CreatureRecord record;
  std::unique_ptr<movement::GridView> view;
  std::unique_ptr<movement::StepRules> rules;
};

inline std::unique_ptr<World> MakeWorld(const ruleset::Ruleset& rules, model::GridMap map, const std::string& size,
                                        int32_t side, std::vector<std::string> traits = {},
                                        std::vector<std::string> conditions = {}) {
  auto world = std::make_unique<World>();
  world->scenario.map = std::move(map);
  model::Creature mover;
  mover.id = "mover";
  mover.race = "human";
  mover.size = size;
  mover.squares_per_side = side;
  mover.traits = std::move(traits);
  mover.conditions = std::move(conditions);
  world->scenario.creatures.push_back(mover);
  query::BuildCreatureRecord(world->scenario.creatures[0], rules, world->record);
  world->view = std::make_unique<movement::GridView>(world->scenario, rules, world->scenario.creatures[0]);
  world->rules = std::make_unique<movement::StepRules>(rules, *world->view, world->record.slots.data(),
                                                       rules.Table("movement_modes").IndexOf("move"));
  return world;
}

// The cost of one step of the space at (x, y) in direction (dx, dy) with `counter` diagonals
// taken (mod 2); negative when the step may not be taken.
using ReferenceStepCost = std::function<float(int x, int y, int dx, int dy, int counter)>;

// Bellman-Ford relaxation from (0, 0), no diagonal taken, until nothing changes: the cheapest
// cost per (square, diagonal parity), indexed (y * width + x) * 2 + parity.
inline std::vector<float> BellmanFordReach(int width, int height, const ReferenceStepCost& step_cost) {
  std::vector<float> cost(static_cast<size_t>(width * height * 2), kInf);
  cost[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int state = 0; state < width * height * 2; ++state) {
      if (cost[static_cast<size_t>(state)] == kInf) continue;
      int square = state / 2, counter = state % 2, x = square % width, y = square / width;
      for (const auto& d : movement::kDirections) {
        float step = step_cost(x, y, d[0], d[1], counter);
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

// The cheaper of a square's two parities in a BellmanFordReach result.
inline float CheapestAt(const std::vector<float>& cost, int width, int x, int y) {
  size_t at = static_cast<size_t>((y * width + x) * 2);
  return std::min(cost[at], cost[at + 1]);
}

}  // namespace rulecraft::testing_world
