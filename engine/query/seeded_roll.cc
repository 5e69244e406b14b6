#include "query/seeded_roll.h"

namespace rulecraft::query {
namespace {

// SplitMix64.
uint64_t Mix(uint64_t value) {
  value += 0x9e3779b97f4a7c15ULL;
  value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
  value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
  return value ^ (value >> 31);
}

}  // namespace

uint64_t SeededRoll(uint64_t scenario_seed, const std::string& query_id, uint64_t sides) {
  uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a of the query id
  for (unsigned char c : query_id) hash = (hash ^ c) * 0x100000001b3ULL;
  return sides == 0 ? 0 : Mix(scenario_seed ^ hash) % sides;
}

}  // namespace rulecraft::query
