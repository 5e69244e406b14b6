#include "base/text_blocks.h"

#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define RULECRAFT_TEXT_BLOCKS_SSSE3 1
#include <immintrin.h>
#endif

namespace rulecraft {
namespace {

// Where the character that holds the byte before `at` starts, when it may run past `at` (its
// lead byte is among the three bytes before `at`); `at` otherwise. Every byte before `at` has
// been checked against the bytes before it, so a continuation byte there has its lead byte at
// most three bytes back.
size_t CharacterStartBefore(const unsigned char* bytes, size_t at) {
  for (size_t back = 1; back <= 3 && back <= at; ++back) {
    unsigned byte = bytes[at - back];
    if (byte < 0x80) return at;
    if (byte >= 0xC0) return at - back;
  }
  return at;
}

#if defined(RULECRAFT_TEXT_BLOCKS_SSSE3)

// The classes of mistakes a pair of bytes can show (Keiser and Lemire, "Validating UTF-8 in less
// than one instruction per byte", 2021): each byte pair is looked up by the high and low half of
// its first byte and the high half of its second; a mistake is a bit set in all three answers.
constexpr uint8_t kTooShort = 1 << 0;     // a lead byte not followed by a continuation byte
constexpr uint8_t kTooLong = 1 << 1;      // an ASCII byte followed by a continuation byte
constexpr uint8_t kOverlong3 = 1 << 2;    // E0 followed by 80-9F
constexpr uint8_t kTooLarge = 1 << 3;     // F4 followed by 90-BF, or F5-FF followed by 90-BF
constexpr uint8_t kSurrogate = 1 << 4;    // ED followed by A0-BF
constexpr uint8_t kOverlong2 = 1 << 5;    // C0 or C1 followed by a continuation byte
constexpr uint8_t kTooLarge80 = 1 << 6;   // F5-FF followed by 80-8F
constexpr uint8_t kOverlong4 = 1 << 6;    // F0 followed by 80-8F
constexpr uint8_t kTwoContinuations = 1 << 7;  // a continuation byte after a continuation byte
constexpr uint8_t kCarry = kTooShort | kTooLong | kTwoContinuations;  // decided by the high halves

// By the high half of the first byte of a pair.
alignas(16) constexpr uint8_t kFirstHigh[16] = {
    kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong,
    kTwoContinuations, kTwoContinuations, kTwoContinuations, kTwoContinuations,
    kTooShort | kOverlong2,
    kTooShort,
    kTooShort | kOverlong3 | kSurrogate,
    kTooShort | kTooLarge | kTooLarge80 | kOverlong4,
};
// By the low half of the first byte of a pair.
alignas(16) constexpr uint8_t kFirstLow[16] = {
    kCarry | kOverlong3 | kOverlong2 | kOverlong4,
    kCarry | kOverlong2,
    kCarry,
    kCarry,
    kCarry | kTooLarge,
    kCarry | kTooLarge | kTooLarge80,
    kCarry | kTooLarge | kTooLarge80,
    kCarry | kTooLarge | kTooLarge80,
    kCarry | kTooLarge | kTooLarge80,
    kCarry | kTooLarge | kTooLarge80,
    kCarry | kTooLarge | kTooLarge80,
    kCarry | kTooLarge | kTooLarge80,
    kCarry | kTooLarge | kTooLarge80,
    kCarry | kTooLarge | kTooLarge80 | kSurrogate,
    kCarry | kTooLarge | kTooLarge80,
    kCarry | kTooLarge | kTooLarge80,
};
// By the high half of the second byte of a pair.
alignas(16) constexpr uint8_t kSecondHigh[16] = {
    kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort,
    kTooLong | kOverlong2 | kTwoContinuations | kOverlong3 | kTooLarge80 | kOverlong4,
    kTooLong | kOverlong2 | kTwoContinuations | kOverlong3 | kTooLarge,
    kTooLong | kOverlong2 | kTwoContinuations | kSurrogate | kTooLarge,
    kTooLong | kOverlong2 | kTwoContinuations | kSurrogate | kTooLarge,
    kTooShort, kTooShort, kTooShort, kTooShort,
};

__m128i Load(const uint8_t (&table)[16]) { return _mm_load_si128(reinterpret_cast<const __m128i*>(table)); }

// Whether the sixteen bytes `block`, after the sixteen `before` (checked already), hold a byte
// that is not in a well-formed UTF-8 sequence, counting the sequences that began in `before`.
// A lead byte whose sequence runs past the block is not judged yet.
__attribute__((target("ssse3"))) bool BreaksUtf8(__m128i block, __m128i before) {
  const __m128i low_half = _mm_set1_epi8(0x0F);
  __m128i previous1 = _mm_alignr_epi8(block, before, 15);
  __m128i first_high = _mm_shuffle_epi8(Load(kFirstHigh), _mm_and_si128(_mm_srli_epi16(previous1, 4), low_half));
  __m128i first_low = _mm_shuffle_epi8(Load(kFirstLow), _mm_and_si128(previous1, low_half));
  __m128i second_high = _mm_shuffle_epi8(Load(kSecondHigh), _mm_and_si128(_mm_srli_epi16(block, 4), low_half));
  __m128i pair_mistakes = _mm_and_si128(_mm_and_si128(first_high, first_low), second_high);
  // The third and fourth bytes of a sequence must be continuation bytes: a byte two after E0-FF
  // or three after F0-FF has its high bit set here, and it must show kTwoContinuations above.
  __m128i third = _mm_subs_epu8(_mm_alignr_epi8(block, before, 14), _mm_set1_epi8(static_cast<char>(0xE0 - 0x80)));
  __m128i fourth = _mm_subs_epu8(_mm_alignr_epi8(block, before, 13), _mm_set1_epi8(static_cast<char>(0xF0 - 0x80)));
  __m128i continued = _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8(static_cast<char>(0x80)));
  __m128i mistakes = _mm_xor_si128(pair_mistakes, continued);
  return _mm_movemask_epi8(_mm_cmpeq_epi8(mistakes, _mm_setzero_si128())) != 0xFFFF;
}

__attribute__((target("ssse3"))) size_t TextPrefixEndSsse3(const unsigned char* bytes, size_t size) {
  const __m128i space = _mm_set1_epi8(0x20);
  const __m128i delete_char = _mm_set1_epi8(0x7F);
  const __m128i line_feed = _mm_set1_epi8('\n');
  const __m128i tab = _mm_set1_epi8('\t');
  const __m128i carriage_return = _mm_set1_epi8('\r');
  __m128i before = _mm_setzero_si128();
  bool before_has_high = false;  // whether a sequence may run from `before` into the next block
  size_t at = 0;
  for (; at + 16 <= size; at += 16) {
    __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + at));
    // Read as signed, every byte from 0x80 on is below 0x20, as the control characters are.
    __m128i outside = _mm_or_si128(_mm_cmplt_epi8(block, space), _mm_cmpeq_epi8(block, delete_char));
    __m128i feeds = _mm_cmpeq_epi8(block, line_feed);
    outside = _mm_andnot_si128(feeds, outside);
    auto outside_mask = static_cast<unsigned>(_mm_movemask_epi8(outside));
    if (outside_mask == 0 && !before_has_high) {
      before = block;
      continue;
    }
    auto high_mask = static_cast<unsigned>(_mm_movemask_epi8(block));
    if (unsigned control = outside_mask & ~high_mask; control != 0) {
      __m128i allowed = _mm_or_si128(_mm_cmpeq_epi8(block, tab), _mm_cmpeq_epi8(block, carriage_return));
      if ((control & ~static_cast<unsigned>(_mm_movemask_epi8(allowed))) != 0) break;
    }
    if ((high_mask != 0 || before_has_high) && BreaksUtf8(block, before)) break;
    before = block;
    before_has_high = high_mask != 0;
  }
  return CharacterStartBefore(bytes, at);
}

// The same as TextPrefixEndSsse3, thirty-two bytes at a time; the tables are looked up in each
// sixteen-byte half, and the bytes before a block's first are taken across the halves.
__attribute__((target("avx2"))) size_t TextPrefixEndAvx2(const unsigned char* bytes, size_t size) {
  const __m256i first_high_table = _mm256_broadcastsi128_si256(Load(kFirstHigh));
  const __m256i first_low_table = _mm256_broadcastsi128_si256(Load(kFirstLow));
  const __m256i second_high_table = _mm256_broadcastsi128_si256(Load(kSecondHigh));
  const __m256i low_half = _mm256_set1_epi8(0x0F);
  const __m256i below_space = _mm256_set1_epi8(0x20);
  const __m256i delete_char = _mm256_set1_epi8(0x7F);
  const __m256i line_feed = _mm256_set1_epi8('\n');
  const __m256i tab = _mm256_set1_epi8('\t');
  const __m256i carriage_return = _mm256_set1_epi8('\r');
  __m256i before = _mm256_setzero_si256();
  bool before_has_high = false;
  size_t at = 0;
  for (; at + 32 <= size; at += 32) {
    __m256i block = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bytes + at));
    __m256i outside = _mm256_or_si256(_mm256_cmpgt_epi8(below_space, block), _mm256_cmpeq_epi8(block, delete_char));
    __m256i feeds = _mm256_cmpeq_epi8(block, line_feed);
    outside = _mm256_andnot_si256(feeds, outside);
    auto outside_mask = static_cast<uint32_t>(_mm256_movemask_epi8(outside));
    if (outside_mask == 0 && !before_has_high) {
      before = block;
      continue;
    }
    auto high_mask = static_cast<uint32_t>(_mm256_movemask_epi8(block));
    if (uint32_t control = outside_mask & ~high_mask; control != 0) {
      __m256i allowed = _mm256_or_si256(_mm256_cmpeq_epi8(block, tab), _mm256_cmpeq_epi8(block, carriage_return));
      if ((control & ~static_cast<uint32_t>(_mm256_movemask_epi8(allowed))) != 0) break;
    }
    if (high_mask != 0 || before_has_high) {
      // Per half: the last sixteen bytes of `before` and the first of `block`, then the two halves of `block`.
      __m256i carried = _mm256_permute2x128_si256(before, block, 0x21);
      __m256i previous1 = _mm256_alignr_epi8(block, carried, 15);
      __m256i first_high =
          _mm256_shuffle_epi8(first_high_table, _mm256_and_si256(_mm256_srli_epi16(previous1, 4), low_half));
      __m256i first_low = _mm256_shuffle_epi8(first_low_table, _mm256_and_si256(previous1, low_half));
      __m256i second_high =
          _mm256_shuffle_epi8(second_high_table, _mm256_and_si256(_mm256_srli_epi16(block, 4), low_half));
      __m256i pair_mistakes = _mm256_and_si256(_mm256_and_si256(first_high, first_low), second_high);
      __m256i third = _mm256_subs_epu8(_mm256_alignr_epi8(block, carried, 14),
                                       _mm256_set1_epi8(static_cast<char>(0xE0 - 0x80)));
      __m256i fourth = _mm256_subs_epu8(_mm256_alignr_epi8(block, carried, 13),
                                        _mm256_set1_epi8(static_cast<char>(0xF0 - 0x80)));
      __m256i continued = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(static_cast<char>(0x80)));
      if (!_mm256_testz_si256(_mm256_xor_si256(pair_mistakes, continued), _mm256_set1_epi8(-1))) break;
    }
    before = block;
    before_has_high = high_mask != 0;
  }
  return CharacterStartBefore(bytes, at);
}

bool HasSsse3() {
  static const bool has = __builtin_cpu_supports("ssse3") != 0;
  return has;
}

bool HasAvx2() {
  static const bool has = __builtin_cpu_supports("avx2") != 0;
  return has;
}

#endif

}  // namespace

size_t TextPrefixEnd(std::string_view text, TextBlockWidth width) {
#if defined(RULECRAFT_TEXT_BLOCKS_SSSE3)
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  if (width != TextBlockWidth::k16 && HasAvx2()) return TextPrefixEndAvx2(bytes, text.size());
  if (width != TextBlockWidth::k32 && HasSsse3()) return TextPrefixEndSsse3(bytes, text.size());
#endif
  (void)text;
  (void)width;
  return 0;
}

size_t TextPrefixEnd(std::string_view text) { return TextPrefixEnd(text, TextBlockWidth::kWidest); }

}  // namespace rulecraft
