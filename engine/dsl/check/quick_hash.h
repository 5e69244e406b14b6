// A hash of a short name read eight bytes at a time (issue 15): the name indexes of checking and
// lowering hash every name they look up, and NameIndex::Hash's byte-at-a-time FNV-1a was about
// a tenth of compiling the rules.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace rulecraft::check {

// A hash of `name` for NameIndex::FindHashed and AddHashed; indexes that use it must use it for
// every name they file and look up (names are still compared whenever hashes match).
inline uint32_t QuickHash(std::string_view name) {
  constexpr uint64_t kMultiplier = 0xff51afd7ed558ccdull;
  const char* bytes = name.data();
  size_t size = name.size();
  uint64_t hash = size * 0x9e3779b97f4a7c15ull;
  auto mix = [&](uint64_t word) { hash = (hash ^ word) * kMultiplier; };
  if (size >= 8) {
    for (size_t at = 0; at + 8 < size; at += 8) {
      uint64_t word;
      std::memcpy(&word, bytes + at, 8);
      mix(word);
    }
    uint64_t last;  // the last eight bytes, overlapping the words before when the size is not a multiple of 8
    std::memcpy(&last, bytes + size - 8, 8);
    mix(last);
  } else if (size >= 4) {
    uint32_t first, last;  // overlapping when the size is below 8
    std::memcpy(&first, bytes, 4);
    std::memcpy(&last, bytes + size - 4, 4);
    mix(first | uint64_t{last} << 32);
  } else if (size > 0) {
    auto byte = [&](size_t at) { return uint64_t{static_cast<unsigned char>(bytes[at])}; };
    mix(byte(0) | byte(size / 2) << 8 | byte(size - 1) << 16);
  }
  return static_cast<uint32_t>(hash ^ hash >> 32);
}

}  // namespace rulecraft::check
