// The inputs of the rules workload (WORKLOAD.md section 5), shared by the rules benchmarks.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace rulecraft::bench {

// The workload's 19 flags, in draw order (WORKLOAD.md section 5, column `name`).
inline constexpr std::array<const char*, 19> kFlagNames = {
    "bless",           "heroism",            "bane",         "prayer",
    "divine_favor",    "magic_weapon",       "greater_magic_weapon",
    "flanking",        "charging",           "shaken",       "attacker_prone",
    "dodge_feat",      "haste",              "fighting_defensively",
    "shield_of_faith", "ring_of_protection", "cover",        "defender_prone",
    "stunned"};
inline constexpr int kInputs = 4096;

// One input: bit f of `flags` is the f-th flag of kFlagNames.
struct AttackInput {
  uint32_t flags;
  bool melee;
};

// The 4,096 inputs: Park-Miller minimal standard generator, seed 42; for each input 19 draws
// (flag f is set when the f-th draw is divisible by 4), then one for the kind (even: melee).
inline std::vector<AttackInput> WorkloadInputs() {
  std::vector<AttackInput> inputs(kInputs);
  uint64_t x = 42;
  auto next = [&x] { return x = x * 48271 % 2147483647; };
  for (AttackInput& input : inputs) {
    input.flags = 0;
    for (uint32_t f = 0; f < kFlagNames.size(); ++f) {
      if (next() % 4 == 0) input.flags |= uint32_t{1} << f;
    }
    input.melee = next() % 2 == 0;
  }
  return inputs;
}

}  // namespace rulecraft::bench
