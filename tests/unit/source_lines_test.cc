// The line index of a SourceFile, found a block of bytes at a time, against a byte-by-byte one on
// random texts, for files made directly and files kept by SourceSet::AddText.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rulecraft/source.h"

namespace rulecraft {
namespace {

// The offsets where lines start, byte by byte.
std::vector<uint32_t> SimpleLineStarts(const std::string& text) {
  std::vector<uint32_t> starts = {0};
  for (size_t at = 0; at < text.size(); ++at) {
    if (text[at] == '\n') starts.push_back(static_cast<uint32_t>(at + 1));
  }
  return starts;
}

void ExpectSameLines(const SourceFile& file, const std::string& text) {
  std::vector<uint32_t> starts = SimpleLineStarts(text);
  ASSERT_EQ(file.LineCount(), starts.size());
  for (uint32_t line = 1; line <= file.LineCount(); ++line) {
    LineColumn at = file.Locate(starts[line - 1]);
    ASSERT_EQ(at.line, line);
    ASSERT_EQ(at.column, 1u);
    ASSERT_EQ(file.OffsetOf(line, 1), starts[line - 1]);
  }
}

TEST(SourceLines, AgreeWithTheByteByByteIndex) {
  std::mt19937 random(15);
  for (int round = 0; round < 3000; ++round) {
    std::string text(random() % 300, 'x');
    auto feeds_per_hundred = random() % 60;
    for (char& c : text) c = random() % 100 < feeds_per_hundred ? '\n' : static_cast<char>('a' + random() % 26);
    SourceFile file("lines.rules", text);
    ExpectSameLines(file, text);
    if (HasFatalFailure()) FAIL() << "round " << round;
    SourceSet sources;
    Diagnostics diagnostics;
    const SourceFile* kept = sources.AddText("kept.rules", text, diagnostics);
    ASSERT_NE(kept, nullptr);
    EXPECT_EQ(kept->path(), "kept.rules");
    EXPECT_EQ(kept->text(), text);
    ExpectSameLines(*kept, text);
    if (HasFatalFailure()) FAIL() << "kept, round " << round;
  }
}

}  // namespace
}  // namespace rulecraft
