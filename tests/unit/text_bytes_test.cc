// The byte checks every file goes through: the eight-bytes-at-a-time run of plain ASCII against
// a byte-by-byte reference, and FirstBadByte's answers built on it.
#include "base/text_bytes.h"

#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace rulecraft {
namespace {

// The obviously correct reading: byte by byte.
size_t ReferenceEnd(std::string_view text, size_t at) {
  while (at < text.size()) {
    auto byte = static_cast<unsigned char>(text[at]);
    if (!((byte >= 0x20 && byte < 0x7F) || byte == '\n')) break;
    ++at;
  }
  return at;
}

// The obviously correct FirstBadByte: one character at a time, each checked on its own.
std::optional<size_t> ReferenceBadOffset(std::string_view text) {
  for (size_t at = 0; at < text.size();) {
    auto byte = static_cast<unsigned char>(text[at]);
    if (byte >= 0x80) {
      size_t length = MultiByteLength(text, at);
      if (length == 0) return at;
      at += length;
      continue;
    }
    if (byte == 0x7F || (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r')) return at;
    ++at;
  }
  return std::nullopt;
}

TEST(EndOfPlainAscii, StopsAtTheFirstByteOutsideTheRun) {
  EXPECT_EQ(EndOfPlainAscii("", 0), 0u);
  EXPECT_EQ(EndOfPlainAscii("abc", 0), 3u);
  EXPECT_EQ(EndOfPlainAscii("rows:\n  - { name: a }\n", 0), 22u);
  EXPECT_EQ(EndOfPlainAscii("abcdefgh\tij", 0), 8u);
  EXPECT_EQ(EndOfPlainAscii("abcdefghijklmn\x7Fo", 0), 14u);
  EXPECT_EQ(EndOfPlainAscii("abcdefghijk\xC3\xA9", 0), 11u);
  EXPECT_EQ(EndOfPlainAscii("abcdefghijk\xC3\xA9", 3), 11u);
  EXPECT_EQ(EndOfPlainAscii(std::string_view("ab\0cdefghij", 11), 0), 2u);
  EXPECT_EQ(EndOfPlainAscii("a\r\nbcdefghij", 0), 1u);
  EXPECT_EQ(EndOfPlainAscii("~~~~~~~~~~ \x1F", 0), 11u);
}

// Every byte value at every position of words of several lengths and starts, and random texts
// mostly of plain ASCII, read both ways.
TEST(EndOfPlainAscii, AgreesWithTheByteByByteReading) {
  for (int value = 0; value < 256; ++value) {
    for (size_t length = 1; length <= 20; ++length) {
      for (size_t position = 0; position < length; ++position) {
        std::string text(length, 'x');
        text[position] = static_cast<char>(value);
        if (position > 0) text[position - 1] = '\n';
        for (size_t from = 0; from <= position; ++from) {
          ASSERT_EQ(EndOfPlainAscii(text, from), ReferenceEnd(text, from))
              << "byte " << value << " at " << position << " of " << length << " from " << from;
        }
      }
    }
  }
  std::mt19937 random(15);
  for (int round = 0; round < 2000; ++round) {
    std::string text(random() % 64, ' ');
    for (char& c : text) {
      auto roll = random() % 100;
      c = roll < 80 ? static_cast<char>(0x20 + random() % 0x5F) : roll < 90 ? '\n' : static_cast<char>(random() % 256);
    }
    for (size_t from = 0; from <= text.size(); ++from) {
      ASSERT_EQ(EndOfPlainAscii(text, from), ReferenceEnd(text, from)) << "round " << round << " from " << from;
    }
  }
}

TEST(FirstBadByte, NamesTheFirstByteThatIsNotText) {
  EXPECT_FALSE(FirstBadByte("name: caf\xC3\xA9\n\tvalue\r\n").has_value());
  auto nul = FirstBadByte(std::string_view("abcdefghijkl\0m", 14));
  ASSERT_TRUE(nul.has_value());
  EXPECT_EQ(nul->offset, 12u);
  EXPECT_EQ(nul->why, "a NUL byte");
  auto control = FirstBadByte("abcdefgh\x1B[0m");
  ASSERT_TRUE(control.has_value());
  EXPECT_EQ(control->offset, 8u);
  EXPECT_EQ(control->why, "the control character 0x1B");
  auto not_utf8 = FirstBadByte("abcdefghijklmnop\xC3\xA9 \x9E");
  ASSERT_TRUE(not_utf8.has_value());
  EXPECT_EQ(not_utf8->offset, 19u);
  EXPECT_EQ(not_utf8->why, "a byte that is not UTF-8 (0x9E)");
  auto overlong = FirstBadByte("abc\xC0\xAF");
  ASSERT_TRUE(overlong.has_value());
  EXPECT_EQ(overlong->offset, 3u);
}

// Texts mostly of multi-byte characters (Korean, Russian, emoji) with single and repeated ASCII
// bytes between them, and now and then a byte that breaks them: FirstBadByte, which reads such
// runs in place, finds what the character-by-character reading finds.
TEST(FirstBadByte, AgreesWithTheCharacterByCharacterReadingOnMultiByteRuns) {
  const std::vector<std::string> pieces = {"\xED\x95\x9C", "\xEA\xB5\xAD", "\xD0\xBF", "\xD1\x80", "\xF0\x9F\x98\x80",
                                           " ", "a", "  ", ": ", "\n", "\t", "\r\n", "bcdefghijk"};
  const std::vector<std::string> breaks = {"\x80", "\xC0\xAF", "\xED\xA0\x80", "\x01", std::string(1, '\0'), "\x7F",
                                           "\xE0\x80", "\xF5\x80\x80\x80", "\xD0"};
  std::mt19937 random(15);
  for (int round = 0; round < 4000; ++round) {
    std::string text;
    size_t count = random() % 40;
    for (size_t i = 0; i < count; ++i) text += pieces[random() % pieces.size()];
    if (round % 3 != 0) text.insert(random() % (text.size() + 1), breaks[random() % breaks.size()]);
    std::optional<BadByte> bad = FirstBadByte(text);
    std::optional<size_t> want = ReferenceBadOffset(text);
    ASSERT_EQ(bad.has_value(), want.has_value()) << "round " << round;
    if (bad) ASSERT_EQ(bad->offset, *want) << "round " << round;
  }
}

}  // namespace
}  // namespace rulecraft
