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
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "movement/search.h"
#include "query/records.h"
#include "ruleset/compiled_cache.h"
#include "ruleset/ruleset.h"

using namespace rulecraft;

namespace {

// Parses "W H" then H rows of '.', '~', '#' (any other symbol is open), separated by white
// space, in one pass over the text.
bool ParseMap(std::string_view text, model::GridMap& map) {
  const char* at = text.data();
  const char* end = at + text.size();
  auto space = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  auto skip_space = [&] { while (at < end && space(*at)) ++at; };
  auto read_number = [&](int32_t& number) {
    skip_space();
    int64_t value = 0;
    const char* first = at;
    for (; at < end && *at >= '0' && *at <= '9' && value <= 1 << 20; ++at) value = value * 10 + (*at - '0');
    if (at == first || value <= 0 || value > 1 << 20) return false;
    number = static_cast<int32_t>(value);
    return true;
  };
  if (!read_number(map.width) || !read_number(map.height)) return false;
  if (static_cast<size_t>(map.width) * static_cast<size_t>(map.height) > text.size()) return false;
  map.terrain_kinds = {"open", "difficult", "wall"};
  map.cells.resize(static_cast<size_t>(map.width) * static_cast<size_t>(map.height));
  constexpr uint8_t kEnd = 0xFF;  // white space: ends a row
  uint8_t kind[256] = {};
  kind[static_cast<unsigned char>('~')] = 1;
  kind[static_cast<unsigned char>('#')] = 2;
  for (char c : {' ', '\n', '\r', '\t'}) kind[static_cast<unsigned char>(c)] = kEnd;
  uint16_t* cell = map.cells.data();
  for (int32_t y = 0; y < map.height; ++y) {
    skip_space();
    if (end - at < map.width) return false;
    for (const char* row_end = at + map.width; at < row_end; ++at) {
      uint8_t terrain = kind[static_cast<unsigned char>(*at)];
      if (terrain == kEnd) return false;
      *cell++ = terrain;
    }
    if (at < end && !space(*at)) return false;
  }
  return true;
}

// Reads the generator's map file. It is mapped whole and parsed in one pass (the reference program
// reads it whole too), so neither program's time is spent on a slower way to read the same bytes.
bool ReadMap(const char* path, model::GridMap& map) {
  int descriptor = open(path, O_RDONLY);
  if (descriptor < 0) return false;
  struct stat status {};
  void* mapped = MAP_FAILED;
  if (fstat(descriptor, &status) == 0 && status.st_size > 0) {
    mapped = mmap(nullptr, static_cast<size_t>(status.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0);
  }
  close(descriptor);
  if (mapped == MAP_FAILED) return false;
  std::string_view text(static_cast<const char*>(mapped), static_cast<size_t>(status.st_size));
  bool parsed = ParseMap(text, map);
  munmap(mapped, text.size());
  return parsed;
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
  auto ruleset_clock = std::chrono::steady_clock::now();
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
  std::printf("ms_load %.3f\nms_ruleset %.3f\nms_search %.3f\n", ms(start_clock, loaded_clock),
              ms(start_clock, ruleset_clock), ms(loaded_clock, searched_clock));
  return step_rules.ok() ? 0 : 1;
}
