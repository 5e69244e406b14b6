// Google Benchmark: single rule evaluations through eval::Machine, each next to plain C++
// doing the same work on the same inputs, and the cost of loading + compiling a ruleset.
//
//   StepCost/rules       one `step_cost` call (bench/rulesets/d20_grid, WORKLOAD.md section 2)
//   StepCost/native      the same rule as a C++ lambda over plain structs
//   AttackModifier/rules one `attack_modifier` call (bench/rulesets/rules_workload, section 5)
//   AttackModifier/native the same table as a C++ lambda over a flag word
//   LoadRuleset/NAME     LoadRuleset: reading the manifest, rules and tables of NAME and of the
//                        rulesets under it, checking and compiling (d20_grid and rules_workload
//                        extend bench_base, a few tiny tables; dnd35 is the bundled game
//                        ruleset as it is today, so its time changes as it grows); its files
//                        are read and parsed on one thread per core (at most 4)
//   LoadRuleset/one_thread/dnd35  the same on the calling thread only (CompileOptions::threads = 1)
//   LoadRuleset/kept/dnd35  dnd35 through a compiled cache (ruleset/compiled_cache.h) that holds
//                        it: its files read and compared, its compiled form read back
//
// Each evaluation benchmark walks through 4,096 different inputs, one per iteration, so branch
// prediction cannot learn a single answer. Before timing, the rules and the lambda are checked
// to agree on every input; a disagreement skips the benchmark with an error.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "dsl/ast/types.h"
#include "dsl/check/environment.h"
#include "dsl/compile/program.h"
#include "dsl/eval/machine.h"
#include "query/records.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/compiled_cache.h"
#include "ruleset/ruleset.h"
#include "workload.h"

using namespace rulecraft;

namespace {

constexpr size_t kSteps = 4096;  // a power of two: the index wraps with a mask

// Loads a ruleset of bench/rulesets, or a bundled one, reading and parsing its files on up to
// `threads` threads (0: one per core).
std::optional<ruleset::Ruleset> Load(const std::string& name, std::string* errors = nullptr, int threads = 0) {
  SourceSet sources;
  Diagnostics diagnostics;
  std::string directory = std::string(RULECRAFT_BENCH_RULESETS) + "/" + name;
  if (!std::filesystem::exists(directory)) directory = ruleset::ResolveRuleset(name, ".").value_or(name);
  compile::CompileOptions options;
  options.threads = threads;
  auto rules = ruleset::LoadRuleset(directory, sources, diagnostics, options);
  if (!rules && errors != nullptr) *errors = Render(diagnostics, sources);
  return rules;
}

// A small deterministic generator for the step inputs (any will do; this is not the workload's).
struct Lcg {
  uint64_t state;
  uint32_t Next() {
    state = state * 6364136223846793005u + 1442695040888963407u;
    return static_cast<uint32_t>(state >> 33);
  }
};

// ---------------------------------------------------------------------------------------------
// step_cost

// The steps as plain structs for the lambda.
struct NativeSquare {
  int terrain;
  int x;
  int y;
};
struct NativeStep {
  const NativeSquare* from;
  const NativeSquare* to;
  bool diagonal;
  int diagonal_number;
};

// The d20 rule in plain C++ (WORKLOAD.md section 2).
const auto native_step_cost = [](const NativeStep& step, const std::vector<bool>& difficult) {
  const bool hard = difficult[static_cast<size_t>(step.to->terrain)];
  if (!step.diagonal) return hard ? 2 : 1;
  if (step.diagonal_number % 2 == 1) return hard ? 3 : 1;
  return hard ? 4 : 2;
};

// Records are filled by field name (dsl/check/environment lists them), so the benchmark follows
// the engine's record layouts: a field it has no value for is 0.
struct RecordLayout {
  const check::RecordKind* kind = nullptr;
  size_t size() const { return compile::kRecordHeader + kind->fields.size(); }
};

struct StepFixture {
  std::optional<ruleset::Ruleset> rules;
  std::string error;
  int rule = -1;
  query::CreatureRecord mover;
  std::vector<eval::Slot> squares;  // square records, one after another
  std::vector<eval::Slot> steps;    // step records
  std::vector<eval::Slot> args;     // the rule's arguments for each step, one after another
  size_t params = 0;
  std::vector<NativeSquare> native_squares;
  std::vector<NativeStep> native_steps;
  std::vector<bool> difficult;  // by terrain row
};

StepFixture& Steps() {
  static StepFixture* fixture = [] {
    auto* f = new StepFixture;
    auto fail = [f](std::string error) {
      f->error = std::move(error);
      f->rules.reset();
      return f;
    };
    f->rules = Load("d20_grid", &f->error);
    if (!f->rules) return f;
    const compile::Program& program = *f->rules->program;
    f->rule = program.FindRule("step_cost");
    if (f->rule < 0) return fail("d20_grid has no rule step_cost");
    const tables::Table& terrain = f->rules->Table("terrain");
    const int open = terrain.IndexOf("open");
    const int difficult = terrain.IndexOf("difficult");
    if (open < 0 || difficult < 0) return fail("d20_grid needs terrain rows open and difficult");
    const compile::ColumnData* column = nullptr;
    for (const compile::ColumnData& c : program.columns) {
      if (c.table == "terrain" && c.column == "difficult") column = &c;
    }
    if (column == nullptr) return fail("no compiled column terrain.difficult");
    for (double value : column->values) f->difficult.push_back(value != 0);

    model::Creature creature;
    creature.race = "walker";  // bench_base has one race
    query::BuildCreatureRecord(creature, *f->rules, f->mover);

    const RecordLayout square{check::FindRecordKind("square")};
    const RecordLayout step{check::FindRecordKind("step")};
    if (square.kind == nullptr || step.kind == nullptr) return fail("no square or step record kind");

    // Squares: 20% difficult terrain, like the workload's maps.
    Lcg lcg{7};
    const size_t squares = kSteps + 1;
    f->squares.assign(squares * square.size(), eval::Slot{.bits = 0});
    f->native_squares.resize(squares);
    for (size_t i = 0; i < squares; ++i) {
      const int row = lcg.Next() % 5 == 0 ? difficult : open;
      const int x = static_cast<int>(i % 64);
      const int y = static_cast<int>(i / 64);
      eval::Slot* record = &f->squares[i * square.size()];
      for (size_t field = 0; field < square.kind->fields.size(); ++field) {
        const std::string& name = square.kind->fields[field].name;
        eval::Slot& slot = record[compile::kRecordHeader + field];
        if (name == "terrain") slot.number = row;
        if (name == "x") slot.number = x;
        if (name == "y") slot.number = y;
      }
      f->native_squares[i] = {row, x, y};
    }
    // Steps: half of them diagonal, numbered 1, 2, 1, 2 … along the way.
    f->steps.assign(kSteps * step.size(), eval::Slot{.bits = 0});
    f->native_steps.resize(kSteps);
    int diagonals = 0;
    for (size_t i = 0; i < kSteps; ++i) {
      const bool diagonal = lcg.Next() % 2 == 0;
      const int number = diagonal ? diagonals++ % 2 + 1 : 0;
      eval::Slot* record = &f->steps[i * step.size()];
      for (size_t field = 0; field < step.kind->fields.size(); ++field) {
        const check::RecordField& info = step.kind->fields[field];
        eval::Slot& slot = record[compile::kRecordHeader + field];
        if (info.name == "to") {
          slot.record = &f->squares[(i + 1) * square.size()];
        } else if (info.type == ast::Type::Record("square")) {  // from, or the squares beside
          slot.record = &f->squares[i * square.size()];
        } else if (info.name == "diagonal") {
          slot.number = diagonal ? 1 : 0;
        } else if (info.name == "diagonal_number") {
          slot.number = number;
        }
      }
      f->native_steps[i] = {&f->native_squares[i], &f->native_squares[i + 1], diagonal, number};
    }
    // Arguments by the rule's parameter types: the mover, the step, and (when the hook point
    // has one) the movement mode `move`.
    const compile::CompiledRule& compiled = program.rules[static_cast<size_t>(f->rule)];
    f->params = compiled.param_types.size();
    f->args.resize(kSteps * f->params);
    for (size_t i = 0; i < kSteps; ++i) {
      for (size_t p = 0; p < f->params; ++p) {
        const ast::Type& type = compiled.param_types[p];
        eval::Slot& slot = f->args[i * f->params + p];
        if (type == ast::Type::Record("creature")) {
          slot.record = f->mover.slots.data();
        } else if (type == ast::Type::Record("step")) {
          slot.record = &f->steps[i * step.size()];
        } else if (type == ast::Type::Row("movement_modes")) {
          slot.number = f->rules->Table("movement_modes").IndexOf("move");
        } else {
          return fail("step_cost has a parameter of type " + ast::TypeName(type) +
                      " the benchmark cannot fill");
        }
      }
    }

    eval::Machine machine(program);
    for (size_t i = 0; i < kSteps; ++i) {
      const double rules = machine.Call(f->rule, {&f->args[i * f->params], f->params}).number;
      const int native = native_step_cost(f->native_steps[i], f->difficult);
      if (rules != native || !machine.error().empty()) {
        return fail("step_cost disagrees with the C++ rule on step " + std::to_string(i));
      }
    }
    return f;
  }();
  return *fixture;
}

void BM_StepCostRules(benchmark::State& state) {
  StepFixture& f = Steps();
  if (!f.rules) return state.SkipWithError(f.error.c_str());
  eval::Machine machine(*f.rules->program);
  size_t i = 0;
  double sum = 0;
  for (auto _ : state) {
    sum += machine.Call(f.rule, {&f.args[i * f.params], f.params}).number;
    i = (i + 1) & (kSteps - 1);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StepCostRules)->Name("StepCost/rules");

void BM_StepCostNative(benchmark::State& state) {
  StepFixture& f = Steps();
  if (!f.rules) return state.SkipWithError(f.error.c_str());
  size_t i = 0;
  long sum = 0;
  for (auto _ : state) {
    const NativeStep& step = f.native_steps[i];
    benchmark::DoNotOptimize(&step);  // one call per iteration: no vectorising across steps
    sum += native_step_cost(step, f.difficult);
    i = (i + 1) & (kSteps - 1);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StepCostNative)->Name("StepCost/native");

// ---------------------------------------------------------------------------------------------
// attack_modifier

// WORKLOAD.md section 5 written out by hand: bit f of `flags` is flag f of the table.
const auto native_attack_modifier = [](uint32_t flags, bool melee) {
  auto has = [flags](int f) { return static_cast<int>((flags >> f) & 1u); };
  int attack = 0;
  attack += std::max(has(0) * 1, has(1) * 2) - has(2) * 1;  // morale: bless, heroism; bane
  attack += std::max(has(3), has(4));                        // luck: prayer, divine favor
  attack += std::max(has(5) * 1, has(6) * 3);                // enhancement: magic weapons
  if (melee) attack += has(7) * 2 + has(8) * 2 - has(10) * 4;  // flanking, charging, prone
  attack -= has(9) * 2;                                      // shaken
  int defense = has(11) + has(12) + has(13) * 2;             // dodge stacks
  defense += std::max(has(14) * 2, has(15) * 1);             // deflection
  defense += has(16) * 4;                                    // cover
  defense += has(17) * (melee ? -4 : 4);                     // defender prone
  defense -= has(18) * 2;                                    // stunned
  return attack - defense;
};

struct AttackFixture {
  std::optional<ruleset::Ruleset> rules;
  std::string error;
  int rule = -1;
  std::vector<bench::AttackInput> inputs;
  std::vector<eval::Slot> records;  // attack records, one after another
  std::vector<eval::Slot> args;
};

AttackFixture& Attacks() {
  static AttackFixture* fixture = [] {
    auto* f = new AttackFixture;
    f->rules = Load("rules_workload", &f->error);
    if (!f->rules) return f;
    const compile::Program& program = *f->rules->program;
    f->rule = program.FindRule("attack_modifier");
    if (f->rule < 0) {
      f->error = "rules_workload has no rule attack_modifier";
      f->rules.reset();
      return f;
    }
    const check::RecordKind* attack = check::FindRecordKind("attack");
    const int melee = attack == nullptr ? -1 : attack->FieldIndex("melee");
    const int ranged = attack == nullptr ? -1 : attack->FieldIndex("ranged");
    if (melee < 0 || ranged < 0) {
      f->error = "no attack record with fields melee and ranged";
      f->rules.reset();
      return f;
    }
    const size_t size = compile::kRecordHeader + attack->fields.size();
    f->inputs = bench::WorkloadInputs();
    f->records.assign(f->inputs.size() * size, eval::Slot{.bits = 0});
    f->args.resize(f->inputs.size());
    for (size_t i = 0; i < f->inputs.size(); ++i) {
      uint64_t flags = 0;
      for (size_t flag = 0; flag < bench::kFlagNames.size(); ++flag) {
        const int bit = program.FlagBit(bench::kFlagNames[flag]);
        if (bit >= 0 && ((f->inputs[i].flags >> flag) & 1u)) flags |= uint64_t{1} << bit;
      }
      eval::Slot* record = &f->records[i * size];
      record[0].bits = flags;
      record[1].pointer = nullptr;  // no scenario bonuses
      record[compile::kRecordHeader + melee].number = f->inputs[i].melee ? 1 : 0;
      record[compile::kRecordHeader + ranged].number = f->inputs[i].melee ? 0 : 1;
      f->args[i].record = record;
    }
    eval::Machine machine(program);
    for (size_t i = 0; i < f->inputs.size(); ++i) {
      const double rules = machine.Call(f->rule, {&f->args[i], 1}).number;
      const int native = native_attack_modifier(f->inputs[i].flags, f->inputs[i].melee);
      if (rules != native || !machine.error().empty()) {
        f->error = "attack_modifier disagrees with the C++ table on input " + std::to_string(i);
        f->rules.reset();
        return f;
      }
    }
    return f;
  }();
  return *fixture;
}

void BM_AttackModifierRules(benchmark::State& state) {
  AttackFixture& f = Attacks();
  if (!f.rules) return state.SkipWithError(f.error.c_str());
  eval::Machine machine(*f.rules->program);
  size_t i = 0;
  double sum = 0;
  for (auto _ : state) {
    sum += machine.Call(f.rule, {&f.args[i], 1}).number;
    i = (i + 1) & (bench::kInputs - 1);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AttackModifierRules)->Name("AttackModifier/rules");

void BM_AttackModifierNative(benchmark::State& state) {
  AttackFixture& f = Attacks();
  if (!f.rules) return state.SkipWithError(f.error.c_str());
  size_t i = 0;
  long sum = 0;
  for (auto _ : state) {
    const bench::AttackInput& input = f.inputs[i];
    benchmark::DoNotOptimize(&input);
    sum += native_attack_modifier(input.flags, input.melee);
    i = (i + 1) & (bench::kInputs - 1);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AttackModifierNative)->Name("AttackModifier/native");

// ---------------------------------------------------------------------------------------------
// Loading and compiling

void BM_LoadRuleset(benchmark::State& state, const char* name, int threads) {
  for (auto _ : state) {
    std::string errors;
    auto rules = Load(name, &errors, threads);
    if (!rules) return state.SkipWithError(("cannot load " + std::string(name) + "\n" + errors).c_str());
    benchmark::DoNotOptimize(rules->program.get());
  }
}
// Wall-clock time: the load's other threads work too.
BENCHMARK_CAPTURE(BM_LoadRuleset, d20_grid, "d20_grid", 0)
    ->Name("LoadRuleset/d20_grid")
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_LoadRuleset, rules_workload, "rules_workload", 0)
    ->Name("LoadRuleset/rules_workload")
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_LoadRuleset, dnd35, "dnd35", 0)->Name("LoadRuleset/dnd35")->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_LoadRuleset, dnd35_one_thread, "dnd35", 1)
    ->Name("LoadRuleset/one_thread/dnd35")
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

// The compiled cache: kept by a first load into a fresh folder, then read back at each iteration.
void BM_LoadKeptRuleset(benchmark::State& state, const char* name) {
  std::filesystem::path cache = std::filesystem::temp_directory_path() / "rulecraft_bench_kept";
  std::filesystem::remove_all(cache);
  auto directory = ruleset::ResolveRuleset(name, ".");
  if (!directory) return state.SkipWithError(("no bundled ruleset " + std::string(name)).c_str());
  for (auto _ : state) {
    SourceSet sources;
    Diagnostics diagnostics;
    bool used_kept = false;
    auto rules = ruleset::LoadRulesetCached(*directory, cache.string(), sources, diagnostics, {}, &used_kept);
    if (!rules) return state.SkipWithError(("cannot load " + std::string(name)).c_str());
    benchmark::DoNotOptimize(rules->program.get());
    state.counters["kept_used"] = used_kept;  // 1 after the first iteration
  }
  std::filesystem::remove_all(cache);
}
BENCHMARK_CAPTURE(BM_LoadKeptRuleset, dnd35, "dnd35")
    ->Name("LoadRuleset/kept/dnd35")
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
