#include "base/content_hash.h"

#include <cstring>

namespace rulecraft {
namespace {

constexpr uint64_t kOdd1 = 0x9e3779b97f4a7c15ULL;
constexpr uint64_t kOdd2 = 0xc2b2ae3d27d4eb4fULL;

// Mixes the bits of a word so that every input bit reaches every output bit.
uint64_t Mix(uint64_t word) {
  word ^= word >> 31;
  word *= kOdd2;
  word ^= word >> 29;
  return word;
}

uint64_t Word(const char* at) {
  uint64_t word;
  std::memcpy(&word, at, sizeof word);
  return word;
}

}  // namespace

uint64_t ContentHash(std::string_view bytes, uint64_t seed) {
  // Four lanes, each taking every fourth word, so the multiplications overlap.
  uint64_t lanes[4] = {seed ^ kOdd1, seed + kOdd2, ~seed, seed * kOdd1 + 1};
  const char* at = bytes.data();
  size_t left = bytes.size();
  for (; left >= 32; at += 32, left -= 32) {
    for (int lane = 0; lane < 4; ++lane) lanes[lane] = (lanes[lane] ^ Word(at + 8 * lane)) * kOdd1;
  }
  uint64_t hash = Mix(lanes[0]) ^ Mix(lanes[1] + 1) * 3 ^ Mix(lanes[2] + 2) * 5 ^ Mix(lanes[3] + 3) * 7;
  for (; left >= 8; at += 8, left -= 8) hash = Mix((hash ^ Word(at)) * kOdd1);
  uint64_t tail = 0;
  std::memcpy(&tail, at, left);
  hash = Mix((hash ^ tail ^ (static_cast<uint64_t>(left) << 56)) * kOdd1);
  return Mix(hash ^ static_cast<uint64_t>(bytes.size()) * kOdd2);
}

}  // namespace rulecraft
