// Every limit rulecraft puts on its input, in one place.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rulecraft::limits {

// Largest file (rules, table, scenario) read, in bytes.
inline constexpr size_t kMaxFileBytes = 16u << 20;
// Errors reported per run before the rest are summarised.
inline constexpr size_t kMaxErrors = 200;
// Largest map side, in squares.
inline constexpr int32_t kMaxMapSide = 4096;
// Creatures per scenario.
inline constexpr size_t kMaxCreatures = 10000;
// Nesting depth of `extends` chains between rulesets.
inline constexpr int kMaxExtendsDepth = 16;
// Largest edit distance at which a name is offered as "did you mean".
inline constexpr size_t kMaxSuggestionDistance = 3;

}  // namespace rulecraft::limits
