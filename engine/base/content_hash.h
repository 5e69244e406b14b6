// A fast 64-bit hash of bytes, to tell whether a file's text is the one seen before. Not for
// adversaries: two texts someone crafted to collide could; edits made by people will not.
#pragma once

#include <cstdint>
#include <string_view>

namespace rulecraft {

// The hash of `bytes`, started from `seed` (chain several texts by passing the last hash).
uint64_t ContentHash(std::string_view bytes, uint64_t seed = 0);

}  // namespace rulecraft
