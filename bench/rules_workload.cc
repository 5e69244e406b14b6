// The rules workload of the shared benchmark (WORKLOAD.md section 5) run through rulecraft: the
// rule `attack_modifier` of bench/rulesets/rules_workload, compiled by the engine and evaluated
// N times by one eval::Machine.
//
// Usage: rules_workload [N=1000000] [RULESET_DIR]
// Prints `key value` lines like the reference program (evals, sum, wsum, ms_eval) plus ms_load.
// Exits 1 when the ruleset does not load, an evaluation fails, or, for an N whose answer is
// known (100,000 and 1,000,000), sum or wsum differ from it.
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dsl/check/environment.h"
#include "dsl/compile/program.h"
#include "dsl/eval/machine.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"
#include "workload.h"

using namespace rulecraft;

namespace {

using bench::kFlagNames;
using bench::kInputs;

struct Expected {
  long n;
  long sum;
  long wsum;
};
// From WORKLOAD.md (1,000,000) and the reference program (100,000).
constexpr Expected kKnown[] = {{1000000, -854957, -41897735}, {100000, -85339, -4178373}};

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 1000000;
  const std::string directory = argc > 2 ? argv[2] : RULECRAFT_BENCH_RULESETS "/rules_workload";
  if (n < 0) {
    std::fprintf(stderr, "usage: rules_workload [N=1000000] [RULESET_DIR]\n");
    return 2;
  }

  auto load_start = std::chrono::steady_clock::now();
  SourceSet sources;
  Diagnostics diagnostics;
  std::optional<ruleset::Ruleset> rules = ruleset::LoadRuleset(directory, sources, diagnostics);
  if (!rules) {
    std::fprintf(stderr, "rules_workload: cannot load %s\n%s", directory.c_str(),
                 Render(diagnostics, sources).c_str());
    return 1;
  }
  const compile::Program& program = *rules->program;
  const double ms_load = MillisecondsSince(load_start);
  const int rule = program.FindRule("attack_modifier");
  if (rule < 0) {
    std::fprintf(stderr, "rules_workload: %s has no rule attack_modifier\n", directory.c_str());
    return 1;
  }
  std::array<uint64_t, kFlagNames.size()> bit_of_flag{};
  for (size_t f = 0; f < kFlagNames.size(); ++f) {
    int bit = program.FlagBit(kFlagNames[f]);
    if (bit < 0) {
      std::fprintf(stderr, "rules_workload: no rule tests flag '%s'\n", kFlagNames[f]);
      return 1;
    }
    bit_of_flag[f] = uint64_t{1} << bit;
  }

  // The inputs as `attack` records (header: flags, scenario bonuses; then the fields in the
  // order dsl/check/environment lists them); flag f of the workload is bit FlagBit(name of f).
  const check::RecordKind* attack = check::FindRecordKind("attack");
  const int melee = attack == nullptr ? -1 : attack->FieldIndex("melee");
  const int ranged = attack == nullptr ? -1 : attack->FieldIndex("ranged");
  if (melee < 0 || ranged < 0) {
    std::fprintf(stderr, "rules_workload: no attack record with fields melee and ranged\n");
    return 1;
  }
  const size_t size = compile::kRecordHeader + attack->fields.size();
  const std::vector<bench::AttackInput> inputs = bench::WorkloadInputs();
  std::vector<eval::Slot> records(inputs.size() * size, eval::Slot{.bits = 0});
  std::vector<eval::Slot> args(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    eval::Slot* record = &records[i * size];
    uint64_t flags = 0;
    for (size_t f = 0; f < kFlagNames.size(); ++f) {
      if ((inputs[i].flags >> f) & 1u) flags |= bit_of_flag[f];
    }
    record[0].bits = flags;
    record[1].pointer = nullptr;  // no scenario bonuses
    record[compile::kRecordHeader + melee].number = inputs[i].melee ? 1 : 0;
    record[compile::kRecordHeader + ranged].number = inputs[i].melee ? 0 : 1;
    args[i].record = record;
  }

  eval::Machine machine(program);
  auto eval_start = std::chrono::steady_clock::now();
  long sum = 0;
  long wsum = 0;
  for (long i = 0; i < n; ++i) {
    const eval::Slot result = machine.Call(rule, {&args[static_cast<size_t>(i % kInputs)], 1});
    // The rule's total is a whole number (the known sums below fail otherwise): read it as one.
    const auto modifier = static_cast<long>(result.number);
    sum += modifier;
    wsum += modifier * (i % 97 + 1);
  }
  const double ms_eval = MillisecondsSince(eval_start);
  if (!machine.error().empty()) {
    std::fprintf(stderr, "rules_workload: %s\n", machine.error().c_str());
    return 1;
  }
  std::printf("evals %ld\nsum %ld\nwsum %ld\nms_eval %.3f\nms_load %.3f\n", n, sum, wsum, ms_eval,
              ms_load);

  for (const Expected& known : kKnown) {
    if (known.n == n && (known.sum != sum || known.wsum != wsum)) {
      std::fprintf(stderr, "rules_workload: expected sum %ld wsum %ld for N = %ld\n", known.sum,
                   known.wsum, n);
      return 1;
    }
  }
  return 0;
}
