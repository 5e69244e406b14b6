#include "base/text_bytes.h"

#include <algorithm>
#include <cstdint>
#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "base/text_blocks.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rulecraft {
namespace {

// The length of the well-formed UTF-8 sequence at `at` (an ASCII byte is one), or 0.
size_t SequenceLength(std::string_view text, size_t at) {
  return static_cast<unsigned char>(text[at]) < 0x80 ? 1 : MultiByteLength(text, at);
}

}  // namespace

size_t EndOfPlainAscii(std::string_view text, size_t at) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
  const char* data = text.data();
#if defined(__SSE2__)
  // Sixteen bytes at a time: a byte is outside the run when, read as signed, it is below 0x20
  // (every byte from 0x80 on, and the control characters) or is 0x7F, and is not a line feed.
  const __m128i space = _mm_set1_epi8(0x20);
  const __m128i del_char = _mm_set1_epi8(0x7F);
  const __m128i feed = _mm_set1_epi8(0x0A);
  while (at + 16 <= text.size()) {
    __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at));
    __m128i outside = _mm_or_si128(_mm_cmplt_epi8(bytes, space), _mm_cmpeq_epi8(bytes, del_char));
    outside = _mm_andnot_si128(_mm_cmpeq_epi8(bytes, feed), outside);
    auto mask = static_cast<unsigned>(_mm_movemask_epi8(outside));
    if (mask != 0) return at + static_cast<size_t>(std::countr_zero(mask));
    at += 16;
  }
#endif
  // Eight bytes at a time: each byte's high bit says whether it is outside the run. The sums
  // stay within their byte (a low seven bits' value plus at most 0x60), so no byte's answer
  // spills into the next.
  while (at + 8 <= text.size()) {
    uint64_t word;
    std::memcpy(&word, data + at, 8);
    uint64_t low = word & kLow7;
    uint64_t not_ascii = word & kHigh;
    uint64_t del = (low + kOnes) & kHigh;               // low seven bits 0x7F
    uint64_t control = ~(low + 0x60 * kOnes) & kHigh;   // low seven bits below 0x20
    uint64_t feeds = word ^ (0x0A * kOnes);
    uint64_t line_feed = ~(((feeds & kLow7) + kLow7) | feeds) & kHigh;  // exactly 0x0A
    uint64_t outside = (not_ascii | del | control) & ~line_feed;
    if (outside != 0) {
      // The lowest flagged bit is the first such byte in memory on a little-endian machine.
      if constexpr (std::endian::native == std::endian::little) {
        return at + static_cast<size_t>(std::countr_zero(outside)) / 8;
      }
      break;
    }
    at += 8;
  }
  while (at < text.size()) {
    auto byte = static_cast<unsigned char>(text[at]);
    if (!((byte >= 0x20 && byte < 0x7F) || byte == '\n')) break;
    ++at;
  }
  return at;
}

std::optional<BadByte> FirstBadByte(std::string_view text) {
  // A block of bytes at a time as far as they are surely text; then character by character from
  // the start of the character where that stopped (a mistake, or the last few bytes).
  return FirstBadByteFrom(text, TextPrefixEnd(text));
}

std::optional<BadByte> FirstBadByteFrom(std::string_view text, size_t from) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  size_t size = text.size();
  size_t at = from;
  while (at < size) {
    at = EndOfPlainAscii(text, at);
    // A run of other characters (a comment in Korean or Russian): each read in place, with a
    // single printable ASCII byte between them (a space between words) read here too; two in a
    // row go back to the eight-byte reading.
    while (at < size) {
      unsigned byte = bytes[at];
      if (byte >= 0x80) {
        size_t length = MultiByteLength(text, at);
        if (length == 0) return BadByte{at, fmt::format("a byte that is not UTF-8 (0x{:02X})", byte)};
        at += length;
        continue;
      }
      if (byte == 0) return BadByte{at, "a NUL byte"};
      if ((byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') || byte == 0x7F) {
        return BadByte{at, fmt::format("the control character 0x{:02X}", byte)};
      }
      ++at;
      if (at < size && bytes[at] < 0x80) break;
    }
  }
  return std::nullopt;
}

std::vector<std::string_view> SplitCharacters(std::string_view text) {
  std::vector<std::string_view> characters;
  for (size_t at = 0; at < text.size();) {
    size_t length = std::max<size_t>(1, SequenceLength(text, at));
    characters.push_back(text.substr(at, length));
    at += length;
  }
  return characters;
}

}  // namespace rulecraft
