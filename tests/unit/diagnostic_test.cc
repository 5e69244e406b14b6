// The one diagnostic format every stage prints: file:line:col, severity[code], line, caret.
#include "rulecraft/diagnostic.h"

#include <gtest/gtest.h>

#include "base/suggest.h"
#include "base/text_bytes.h"
#include "rulecraft/source.h"

namespace rulecraft {
namespace {

TEST(SourceFile, LocatesOffsetsAsOneBasedLineAndColumn) {
  SourceFile file("a.yaml", "first\nsecond line\n\nlast");
  EXPECT_EQ(file.Locate(0).line, 1u);
  EXPECT_EQ(file.Locate(6).line, 2u);
  EXPECT_EQ(file.Locate(13).column, 8u);
  EXPECT_EQ(file.Line(2), "second line");
  EXPECT_EQ(file.Line(3), "");
  EXPECT_EQ(file.OffsetOf(2, 8), 13u);
  EXPECT_EQ(file.Locate(9999).line, 4u);  // past the end clamps to the end
}

// A map row is counted in characters: a letter of several bytes is one, and a byte that is not
// UTF-8 is one of its own.
TEST(SplitCharacters, CountsEachCharacterOnceWhateverItsBytes) {
  std::vector<std::string_view> squares = SplitCharacters("..\xC3\xA9\xE2\x96\x88.");
  ASSERT_EQ(squares.size(), 5u);
  EXPECT_EQ(squares[2], "\xC3\xA9");      // é, two bytes
  EXPECT_EQ(squares[3], "\xE2\x96\x88");  // █, three bytes
  EXPECT_EQ(SplitCharacters("a\xFF\xC3").size(), 3u);  // a stray byte and a cut-off lead byte
  EXPECT_TRUE(SplitCharacters("").empty());
}

TEST(Render, PrintsLocationCodeLineAndCaretUnderTheRange) {
  SourceSet sources;
  sources.Add("rules/terrain.yaml", "rows:\n  - { name: open, dificult: false }\n");
  Diagnostics diagnostics;
  Diagnostic& error = diagnostics.Error("unknown-key", {"rules/terrain.yaml", 22, 30},
                                        "unknown key 'dificult'");
  error.notes.push_back({{}, "did you mean 'difficult'?"});
  EXPECT_EQ(Render(diagnostics, sources),
            "rules/terrain.yaml:2:17: error[unknown-key]: unknown key 'dificult'\n"
            " 2 |   - { name: open, dificult: false }\n"
            "   |                 ^~~~~~~~\n"
            "  note: did you mean 'difficult'?\n");
}

TEST(Render, NoteWithAPlaceShowsItsOwnLine) {
  SourceSet sources;
  sources.Add("s.yaml", "a: 1\nb: 2\na: 3\n");
  Diagnostics diagnostics;
  diagnostics.Error("duplicate-key", {"s.yaml", 10, 11}, "duplicate key 'a'")
      .notes.push_back({{"s.yaml", 0, 1}, "first defined here"});
  EXPECT_EQ(Render(diagnostics, sources),
            "s.yaml:3:1: error[duplicate-key]: duplicate key 'a'\n"
            " 3 | a: 3\n"
            "   | ^\n"
            "  note: s.yaml:1:1: first defined here\n"
            " 1 | a: 1\n"
            "   | ^\n");
}

TEST(Render, FileWithoutSourceStillNamesTheFile) {
  SourceSet sources;
  Diagnostics diagnostics;
  diagnostics.Error("missing-table", {"rulesets/x/tables", 0, 0}, "the ruleset has no 'sizes' table");
  EXPECT_EQ(Render(diagnostics, sources),
            "rulesets/x/tables: error[missing-table]: the ruleset has no 'sizes' table\n");
}

TEST(Diagnostics, SortByPositionOrdersByFileThenOffsetAndCountsErrors) {
  Diagnostics diagnostics;
  diagnostics.Error("b", {"b.yaml", 5, 6}, "third");
  diagnostics.Warning("a", {"a.yaml", 9, 10}, "second");
  diagnostics.Error("a", {"a.yaml", 1, 2}, "first");
  diagnostics.SortByPosition();
  ASSERT_EQ(diagnostics.size(), 3u);
  EXPECT_EQ(diagnostics.items()[0].message, "first");
  EXPECT_EQ(diagnostics.items()[1].message, "second");
  EXPECT_EQ(diagnostics.items()[2].message, "third");
  EXPECT_EQ(diagnostics.ErrorCount(), 2u);
}

TEST(ClosestName, SuggestsTyposButNotUnrelatedNames) {
  std::vector<std::string> known = {"difficult", "open", "wall", "hampering"};
  EXPECT_EQ(ClosestName("dificult", known), "difficult");
  EXPECT_EQ(ClosestName("Wall", known), "wall");
  EXPECT_EQ(ClosestName("hamprenig", known), "hampering");
  EXPECT_EQ(ClosestName("lava", known), std::nullopt);
  EXPECT_EQ(ClosestName("x", known), std::nullopt);
}

}  // namespace
}  // namespace rulecraft
