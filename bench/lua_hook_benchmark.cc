// Google Benchmark: what a Lua exception hook (docs/lua.md) costs.
//
//   LuaHook/Call/keep        one step_cost hook call through hooks::Runner, a script that keeps
//                            the rules' result (`return nil`): the floor of a call (a fresh
//                            environment, the script's top level, the call, the views)
//   LuaHook/Call/incorporeal one call of scripts/incorporeal.lua's step_cost on a difficult
//                            square: reads the terrain, asks the rules for the cost on open ground
//   LuaHook/Reach/dsl/SIDE   a whole `reach` search (grid view, step rules, Dijkstra) on a
//                            SIDE×SIDE map (64 and 256) of open, difficult and wall squares, dnd35
//                            rules, a mover with no script: what a scenario without hooks pays
//   LuaHook/Reach/lua/SIDE   the same search for a mover whose trait names incorporeal.lua: the
//                            rules' memo calls the hook once per distinct step, not per step
//                            (counter hook_calls: the script calls of one search)
//   LuaHook/Setup            making the sandboxed Lua state a query with hooks needs
//   LuaHook/FirstCall        Setup, then compiling incorporeal.lua and its first call
//
// The Call benchmarks are the cost of a hook per step the memo has not seen; the Reach pair is
// the cost per query. Each Reach iteration counts the map's squares as items.
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include <benchmark/benchmark.h>

#include "hooks/runner.h"
#include "movement/search.h"
#include "query/records.h"
#include "ruleset/ruleset.h"

using namespace rulecraft;

namespace {

struct Fixture {
  SourceSet sources;
  std::optional<ruleset::Ruleset> rules;
  std::string error;
};

Fixture& Dnd35() {
  static Fixture fixture = [] {
    Fixture f;
    Diagnostics diagnostics;
    auto directory = ruleset::ResolveRuleset("dnd35", ".");
    if (directory) f.rules = ruleset::LoadRuleset(*directory, f.sources, diagnostics);
    if (!f.rules) f.error = "cannot load dnd35: " + Render(diagnostics, f.sources);
    return f;
  }();
  return fixture;
}

std::string ReadScript(const char* name) {
  std::ifstream in(std::string(RULECRAFT_SOURCE_DIR) + "/scripts/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Answers the scripts' on_terrain questions with fixed numbers (the Call benchmarks measure Lua).
struct FixedOracle : hooks::Oracle {
  std::optional<double> StepOnTerrain(const hooks::StepFacts&, int) override { return 1.0; }
  bool EndOnTerrain(const hooks::SquareFacts&, int) override { return true; }
  std::string DescribeStep(const hooks::StepFacts&) override { return ""; }
  std::string DescribeSquare(const hooks::SquareFacts&) override { return ""; }
};

void CallBenchmark(benchmark::State& state, const std::string& text) {
  Fixture& dnd35 = Dnd35();
  if (!dnd35.rules) return state.SkipWithError(dnd35.error.c_str());
  auto script = hooks::ScriptFromText("bench.lua", text);
  if (script->error) return state.SkipWithError(script->error_text.c_str());
  hooks::Runner runner(*dnd35.rules, hooks::LimitsOf(*dnd35.rules));
  FixedOracle oracle;
  runner.SetOracle(&oracle);
  hooks::CreatureFacts mover;
  mover.id = "ghost";
  mover.size = "medium";
  mover.traits = {"incorporeal"};
  runner.SetMover(mover, {script.get()});
  runner.SetMode(dnd35.rules->Table("movement_modes").IndexOf("move"));
  int difficult = dnd35.rules->Table("terrain").IndexOf("difficult");
  // A few square classes, as a grid view would number them; their views are built once.
  hooks::StepFacts steps[4];
  for (int i = 0; i < 4; ++i) {
    hooks::SquareFacts square{i, difficult, false, false, 0, false, nullptr};
    steps[i] = {square, square, square, i % 2 == 1, i % 2 == 1 ? 1 : 0};
  }
  const std::vector<const hooks::Script*> none;
  size_t i = 0;
  for (auto _ : state) {
    double cost = runner.StepCost(steps[i++ & 3], none, 2);
    benchmark::DoNotOptimize(cost);
  }
  if (runner.failed()) state.SkipWithError(runner.failure_text().c_str());
}

void BM_CallKeep(benchmark::State& state) {
  CallBenchmark(state, "function step_cost(mover, step, mode, cost)\n  return nil\nend\n");
}
BENCHMARK(BM_CallKeep)->Name("LuaHook/Call/keep");

void BM_CallIncorporeal(benchmark::State& state) { CallBenchmark(state, ReadScript("incorporeal.lua")); }
BENCHMARK(BM_CallIncorporeal)->Name("LuaHook/Call/incorporeal");

// A side×side map: walls on a lattice, difficult terrain in stripes.
model::Scenario Map(int32_t side) {
  model::Scenario scenario;
  model::GridMap map;
  map.width = side;
  map.height = side;
  map.terrain_kinds = {"open", "difficult", "wall"};
  for (int32_t y = 0; y < map.height; ++y) {
    for (int32_t x = 0; x < map.width; ++x) {
      uint16_t kind = (x % 7 == 3 && y % 5 != 0) ? 2 : ((x + 2 * y) % 9 < 3 ? 1 : 0);
      map.cells.push_back(kind);
    }
  }
  map.cells[0] = 0;
  scenario.map = std::move(map);
  return scenario;
}

void ReachBenchmark(benchmark::State& state, bool lua) {
  Fixture& dnd35 = Dnd35();
  if (!dnd35.rules) return state.SkipWithError(dnd35.error.c_str());
  const ruleset::Ruleset& rules = *dnd35.rules;
  int32_t side = static_cast<int32_t>(state.range(0));
  model::Scenario scenario = Map(side);
  model::Creature ghost;
  ghost.id = "ghost";
  ghost.race = "human";
  ghost.traits = {"incorporeal"};
  std::shared_ptr<const hooks::Script> script;
  if (lua) {
    script = hooks::ScriptFromText("scripts/incorporeal.lua", ReadScript("incorporeal.lua"));
    if (script->error) return state.SkipWithError(script->error_text.c_str());
    ghost.scripts.push_back(script);
  }
  scenario.creatures.push_back(ghost);
  const model::Creature& mover = scenario.creatures[0];
  int mode = rules.Table("movement_modes").IndexOf("move");
  float unlimited = std::numeric_limits<float>::infinity();
  int64_t calls = 0;
  for (auto _ : state) {
    // What a movement query builds for its mover (query/movement_query.cc, Prepare).
    std::unique_ptr<hooks::Runner> hooks;
    if (lua) {
      hooks = std::make_unique<hooks::Runner>(rules, hooks::LimitsOf(rules));
      hooks->SetMover(query::CreatureFactsOf(mover), query::ScriptsOf(mover));
      hooks->SetMode(mode);
    }
    query::CreatureRecord record;
    query::BuildCreatureRecord(mover, rules, record);
    movement::GridView view(scenario, rules, mover);
    movement::StepRules step_rules(rules, view, record.slots.data(), mode, hooks.get());
    movement::Reach reach = movement::Search(view, step_rules, mover.at, 1, unlimited);
    benchmark::DoNotOptimize(reach.cost.data());
    if (hooks && hooks->failed()) return state.SkipWithError(hooks->failure_text().c_str());
    calls = hooks ? hooks->calls() : 0;
  }
  state.counters["hook_calls"] = static_cast<double>(calls);
  state.SetItemsProcessed(state.iterations() * side * side);
}

void BM_ReachDsl(benchmark::State& state) { ReachBenchmark(state, false); }
BENCHMARK(BM_ReachDsl)->Name("LuaHook/Reach/dsl")->Arg(64)->Arg(256)->Unit(benchmark::kMicrosecond);

void BM_ReachLua(benchmark::State& state) { ReachBenchmark(state, true); }
BENCHMARK(BM_ReachLua)->Name("LuaHook/Reach/lua")->Arg(64)->Arg(256)->Unit(benchmark::kMicrosecond);

void BM_RunnerSetup(benchmark::State& state) {
  Fixture& dnd35 = Dnd35();
  if (!dnd35.rules) return state.SkipWithError(dnd35.error.c_str());
  for (auto _ : state) {
    hooks::Runner runner(*dnd35.rules, hooks::LimitsOf(*dnd35.rules));
    benchmark::DoNotOptimize(&runner);
  }
}
BENCHMARK(BM_RunnerSetup)->Name("LuaHook/Setup");

void BM_FirstCall(benchmark::State& state) {
  Fixture& dnd35 = Dnd35();
  if (!dnd35.rules) return state.SkipWithError(dnd35.error.c_str());
  auto script = hooks::ScriptFromText("bench.lua", ReadScript("incorporeal.lua"));
  hooks::CreatureFacts mover;
  hooks::StepFacts step;
  FixedOracle oracle;
  for (auto _ : state) {
    hooks::Runner runner(*dnd35.rules, hooks::LimitsOf(*dnd35.rules));
    runner.SetOracle(&oracle);
    runner.SetMover(mover, {script.get()});
    runner.SetMode(0);
    benchmark::DoNotOptimize(runner.StepCost(step, {}, 1));
  }
}
BENCHMARK(BM_FirstCall)->Name("LuaHook/FirstCall");

}  // namespace

BENCHMARK_MAIN();
