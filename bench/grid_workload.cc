// The grid workload of ../shared/bench/WORKLOAD.md through rulecraft: the map read from the
// generator's file, the d20 rule from bench/rulesets/workload_grid (dnd35's rules with the
// workload's choice on difficult diagonals), the engine's search. Prints the reference
// program's `key value` lines so bench/run.sh can compare them.
//
// Usage: grid_workload reach|path MAP [CACHE_FOLDER]
// With CACHE_FOLDER the ruleset is loaded through a compiled cache kept there
// (ruleset/compiled_cache.h): the first run keeps it, later runs read it.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <string>

#include "movement/search.h"
#include "query/records.h"
#include "ruleset/compiled_cache.h"
#include "ruleset/ruleset.h"

using namespace rulecraft;

namespace {

// Reads "W H" then H rows of '.', '~', '#'.
bool ReadMap(const char* path, model::GridMap& map) {
  std::ifstream in(path);
  if (!(in >> map.width >> map.height) || map.width <= 0 || map.height <= 0) return false;
  map.terrain_kinds = {"open", "difficult", "wall"};
  map.cells.reserve(static_cast<size_t>(map.width) * static_cast<size_t>(map.height));
  std::string row;
  for (int32_t y = 0; y < map.height; ++y) {
    if (!(in >> row) || static_cast<int32_t>(row.size()) != map.width) return false;
    for (char symbol : row) map.cells.push_back(symbol == '~' ? 1 : symbol == '#' ? 2 : 0);
  }
  return true;
}

// The non-wall square with the smallest Manhattan distance to (cx, cy); ties: row-major first.
model::Square Nearest(const model::GridMap& map, int32_t cx, int32_t cy) {
  model::Square best{-1, -1};
  int64_t best_distance = std::numeric_limits<int64_t>::max();
  for (int32_t y = 0; y < map.height; ++y) {
    for (int32_t x = 0; x < map.width; ++x) {
      if (map.cells[static_cast<size_t>(y * map.width + x)] == 2) continue;
      int64_t distance = std::abs(x - cx) + std::abs(y - cy);
      if (distance < best_distance) best_distance = distance, best = {x, y};
    }
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if ((argc != 3 && argc != 4) || (std::string(argv[1]) != "reach" && std::string(argv[1]) != "path")) {
    std::fprintf(stderr, "usage: grid_workload reach|path MAP [CACHE_FOLDER]\n");
    return 2;
  }
  bool path = std::string(argv[1]) == "path";
  auto start_clock = std::chrono::steady_clock::now();
  SourceSet sources;
  Diagnostics diagnostics;
  std::string cache_folder = argc == 4 ? argv[3] : "";
  auto rules = ruleset::LoadRulesetCached(RULECRAFT_BENCH_DIR "/rulesets/workload_grid", cache_folder, sources, diagnostics);
  if (!rules) {
    std::fprintf(stderr, "%s", Render(diagnostics, sources).c_str());
    return 1;
  }
  if (!diagnostics.empty()) std::fprintf(stderr, "%s", Render(diagnostics, sources).c_str());  // the cache's warning
  model::Scenario scenario;
  model::GridMap map;
  if (!ReadMap(argv[2], map)) {
    std::fprintf(stderr, "grid_workload: cannot read the map %s\n", argv[2]);
    return 1;
  }
  scenario.map = std::move(map);
  const model::GridMap& grid = *scenario.map;
  model::Square source = Nearest(grid, grid.width / 2, grid.height / 2);
  model::Square target = Nearest(grid, grid.width - 1, grid.height - 1);
  model::Creature mover;
  mover.id = "mover";
  mover.race = "human";
  mover.at = source;
  scenario.creatures.push_back(mover);
  auto loaded_clock = std::chrono::steady_clock::now();

  query::CreatureRecord record;
  query::BuildCreatureRecord(scenario.creatures[0], *rules, record);
  movement::GridView view(scenario, *rules, scenario.creatures[0]);
  movement::StepRules step_rules(*rules, view, record.slots.data(), rules->Table("movement_modes").IndexOf("move"));
  float unlimited = std::numeric_limits<float>::infinity();
  movement::Reach reach = movement::Search(view, step_rules, source, 1, unlimited,
                                           path ? std::optional<model::Square>(target) : std::nullopt);
  auto searched_clock = std::chrono::steady_clock::now();
  if (path) {
    int32_t state = reach.BestState(target.x, target.y);
    std::printf("path_cost %.0f\npath_steps %zu\n", reach.Cost(target.x, target.y),
                state < 0 ? 0 : movement::RouteTo(reach, state).size() - 1);
  } else {
    int64_t within = 0, reachable = 0, checksum = 0;
    for (int32_t y = 0; y < grid.height; ++y) {
      for (int32_t x = 0; x < grid.width; ++x) {
        float cost = reach.Cost(x, y);
        if (std::isinf(cost)) continue;
        ++reachable;
        within += cost <= 12 ? 1 : 0;
        checksum += static_cast<int64_t>(cost);
      }
    }
    std::printf("reach12 %lld\nreachable %lld\nchecksum %lld\ntarget_cost %.0f\n",
                static_cast<long long>(within), static_cast<long long>(reachable),
                static_cast<long long>(checksum), reach.Cost(target.x, target.y));
  }
  auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  std::printf("ms_load %.3f\nms_search %.3f\n", ms(start_clock, loaded_clock), ms(loaded_clock, searched_clock));
  return step_rules.ok() ? 0 : 1;
}
