// A die roll that repeats: seeded from the scenario's `seed` and the query's id, so the same
// scenario always answers the same (the d20 texts roll to settle equally close squares).
#pragma once

#include <cstdint>
#include <string>

namespace rulecraft::query {

// A face of a die with `sides` sides, 0-based.
uint64_t SeededRoll(uint64_t scenario_seed, const std::string& query_id, uint64_t sides);

}  // namespace rulecraft::query
