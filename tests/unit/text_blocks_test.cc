// The block-at-a-time check of text (TextPrefixEnd) and FirstBadByte built on it, against a
// deliberately simple decoder: every pair of bytes, the classes of broken sequences at every
// alignment, sequences cut by the end of the text, and random texts.
#include "base/text_blocks.h"

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "base/text_bytes.h"

namespace rulecraft {
namespace {

// The obviously correct reading: decode each code point, then judge it.
std::optional<size_t> SimpleBadOffset(std::string_view text) {
  size_t at = 0;
  while (at < text.size()) {
    auto lead = static_cast<unsigned char>(text[at]);
    if (lead < 0x80) {
      if (lead == 0x7F || (lead < 0x20 && lead != '\t' && lead != '\n' && lead != '\r')) return at;
      ++at;
      continue;
    }
    size_t length = 0;
    uint32_t code = 0;
    if (lead >= 0xC0 && lead < 0xE0) {
      length = 2;
      code = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead < 0xF0) {
      length = 3;
      code = lead & 0x0Fu;
    } else if (lead >= 0xF0 && lead < 0xF8) {
      length = 4;
      code = lead & 0x07u;
    } else {
      return at;
    }
    if (at + length > text.size()) return at;
    for (size_t i = 1; i < length; ++i) {
      auto next = static_cast<unsigned char>(text[at + i]);
      if ((next & 0xC0) != 0x80) return at;
      code = (code << 6) | (next & 0x3Fu);
    }
    const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < least[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return at;
    at += length;
  }
  return std::nullopt;
}

// What FirstBadByte must say of the byte at `at`.
std::string SimpleWhy(std::string_view text, size_t at) {
  auto byte = static_cast<unsigned char>(text[at]);
  if (byte >= 0x80) return fmt::format("a byte that is not UTF-8 (0x{:02X})", byte);
  if (byte == 0) return "a NUL byte";
  return fmt::format("the control character 0x{:02X}", byte);
}

// Checks FirstBadByte and TextPrefixEnd on `text` against the simple decoder.
::testing::AssertionResult Agrees(std::string_view text) {
  std::optional<size_t> want = SimpleBadOffset(text);
  std::optional<BadByte> got = FirstBadByte(text);
  if (want.has_value() != got.has_value() || (want && (got->offset != *want || got->why != SimpleWhy(text, *want)))) {
    return ::testing::AssertionFailure() << "FirstBadByte says " << (got ? std::to_string(got->offset) : "none")
                                         << ", the decoder " << (want ? std::to_string(*want) : "none");
  }
  for (TextBlockWidth width : {TextBlockWidth::kWidest, TextBlockWidth::k16, TextBlockWidth::k32}) {
    size_t prefix = TextPrefixEnd(text, width);
    if (prefix > text.size() || (want && prefix > *want) || SimpleBadOffset(text.substr(0, prefix)).has_value()) {
      return ::testing::AssertionFailure() << "TextPrefixEnd (width " << static_cast<int>(width) << ") says "
                                           << prefix << " of " << text.size();
    }
    std::optional<BadByte> resumed = FirstBadByteFrom(text, prefix);
    if (resumed.has_value() != want.has_value() || (want && resumed->offset != *want)) {
      return ::testing::AssertionFailure() << "FirstBadByteFrom " << prefix << " disagrees";
    }
  }
  return ::testing::AssertionSuccess();
}

const std::vector<std::string>& Fillers() {
  static const std::vector<std::string> fillers = {"x",  "\xED\x95\x9C", "\xD0\xBF", "\xF0\x9F\x98\x80",
                                                   "\t", "\r\n",         "ab\n"};
  return fillers;
}

// `piece` after `before` bytes of filler and before `after` more.
std::string Around(const std::string& piece, size_t before, size_t after, const std::string& filler) {
  std::string text;
  while (text.size() < before) text += filler;
  text.resize(before, 'a');
  text += piece;
  for (size_t i = 0; i < after; ++i) text += 'b';
  return text;
}

TEST(TextBlocks, EveryPairOfBytesAcrossABlockBoundary) {
  for (int first = 0; first < 256; ++first) {
    for (int second = 0; second < 256; ++second) {
      std::string pair = {static_cast<char>(first), static_cast<char>(second)};
      for (size_t before : {0u, 14u, 15u, 16u, 30u, 31u, 32u}) {
        for (size_t after : {0u, 1u, 20u}) {
          std::string text = Around(pair, before, after, "x");
          ASSERT_TRUE(Agrees(text)) << fmt::format("{:02X} {:02X} at {} with {} after", first, second, before, after);
        }
      }
    }
  }
}

// Every lead byte with every second byte and third and fourth bytes at the edges of their ranges.
TEST(TextBlocks, LongerSequencesAtEveryAlignment) {
  const std::vector<int> edges = {0x00, 0x0A, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0,
                                  0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF};
  for (int lead = 0xC0; lead < 256; ++lead) {
    for (int second = 0x70; second < 0xD0; ++second) {
      for (int third : edges) {
        for (int fourth : {0x41, 0x80, 0xBF, 0xC0}) {
          std::string piece = {static_cast<char>(lead), static_cast<char>(second), static_cast<char>(third),
                               static_cast<char>(fourth)};
          for (size_t before : {13u, 15u, 17u, 31u}) {
            ASSERT_TRUE(Agrees(Around(piece, before, 18, "x")))
                << fmt::format("{:02X} {:02X} {:02X} {:02X} at {}", lead, second, third, fourth, before);
          }
        }
      }
    }
  }
}

// Each class of broken sequence, and each well-formed one, at every offset of texts of every
// length up to three blocks, after ASCII and after multi-byte characters, and cut by the end.
TEST(TextBlocks, BrokenSequencesEverywhere) {
  const std::vector<std::string> pieces = {
      "\xC3\xA9",          "\xE2\x80\x94",      "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF", "\xEF\xBF\xBF",
      "\x80",              "\xBF",              "\xC0\xAF",         "\xC1\xBF",         "\xE0\x80\xAF",
      "\xE0\x9F\xBF",      "\xF0\x80\x80\xAF",  "\xF0\x8F\xBF\xBF", "\xED\xA0\x80",     "\xED\xBF\xBF",
      "\xF4\x90\x80\x80",  "\xF5\x80\x80\x80",  "\xF8\x88\x80\x80\x80", "\xFE",         "\xFF",
      "\xC3",              "\xE2\x80",          "\xF0\x9F\x98",     "\xC3\x41",         "\xE2\x41\x94",
      "\xE2\x80\x41",      "\xF0\x9F\x41\x80",  "\xC3\xA9\xA9",     "\xE2\x80\x94\x80", std::string(1, '\0'),
      "\x01",              "\x1B",              "\x1F",             "\x7F",             "\t\r",
  };
  for (const std::string& filler : Fillers()) {
    for (const std::string& piece : pieces) {
      for (size_t before = 0; before <= 70; ++before) {
        for (size_t after : {0u, 1u, 2u, 3u, 5u, 16u}) {
          ASSERT_TRUE(Agrees(Around(piece, before, after, filler)))
              << "piece of " << piece.size() << " bytes at " << before << ", " << after << " after";
        }
      }
    }
  }
}

// Random texts of mostly well-formed characters, some with a byte changed, and random bytes.
TEST(TextBlocks, RandomTexts) {
  const std::vector<std::string> pieces = {"\xED\x95\x9C", "\xEA\xB5\xAD", "\xD0\xBF", "\xD1\x80", "\xF0\x9F\x98\x80",
                                           " ",  "a", "  ", ": ", "\n", "\t", "\r\n", "bcdefghijklmnopq"};
  std::mt19937 random(15);
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    size_t count = random() % 60;
    for (size_t i = 0; i < count; ++i) text += pieces[random() % pieces.size()];
    if (round % 2 == 1 && !text.empty()) text[random() % text.size()] = static_cast<char>(random() % 256);
    if (round % 5 == 4) text.resize(random() % (text.size() + 1));
    ASSERT_TRUE(Agrees(text)) << "round " << round;
  }
  for (int round = 0; round < 20000; ++round) {
    std::string text(random() % 40, ' ');
    for (char& c : text) c = static_cast<char>(random() % 256);
    ASSERT_TRUE(Agrees(text)) << "bytes round " << round;
  }
}

}  // namespace
}  // namespace rulecraft
