// YAML mistakes in plain words (tables/yaml_mistakes.h): each common mistake is found at the
// line the user got wrong, and valid YAML that looks like one is left alone (the check of
// unclosed quotes and missing spaces runs on every file).
#include <string>

#include <gtest/gtest.h>

#include "tables/yaml_file.h"
#include "tables/yaml_mistakes.h"

namespace rulecraft::yaml {
namespace {

// The first mistake as "line:column: message", or "" when there is none.
std::string Mistake(const std::string& text, bool only_sure = false) {
  SourceFile file("t.yaml", text);
  auto found = FindLayoutMistake(file, only_sure);
  if (!found) return "";
  LineColumn at = file.Locate(found->span.begin);
  return std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + found->message;
}

TEST(YamlMistakes, ValidLayoutsAreLeftAlone) {
  // A compact list under its key, a multi-line quote, a block scalar with quotes and colons, a
  // flow mapping over two lines, comments with quotes, apostrophes in plain text.
  std::string valid =
      "rows:\n"
      "- name: a   # it's fine\n"
      "  label: \"one\n"
      "    two\"\n"
      "  text: |\n"
      "    \"quoted: yes\n"
      "    -dash:x\n"
      "  legend: { \".\": open,\n"
      "            \"#\": wall }\n"
      "- name: b\n"
      "  note: it's a plain 'word\n"
      "top: 1\n"
      "url: http://example.org\n";
  EXPECT_EQ(Mistake(valid, true), "");
  EXPECT_EQ(Mistake(valid, false), "");
}

TEST(YamlMistakes, IndentationBetweenLevels) {
  EXPECT_EQ(Mistake("rows:\n  - name: a\n    x: 1\n - name: b\n"),
            "4:2: this line is indented 1 space; the list above uses 2 spaces");
  EXPECT_EQ(Mistake("a:\n  b: 1\n   c: 2\n"), "3:4: this line is indented 3 spaces; the mapping above uses 2 spaces");
  EXPECT_EQ(Mistake("a:\n  - x\n  z: 1\n"),
            "3:3: this line is a key at the indentation of the list items above (2 spaces); a level holds either "
            "list items or keys, not both");
}

TEST(YamlMistakes, TabsAndMissingSpaces) {
  EXPECT_EQ(Mistake("a:\n  b: 1\n\tc: 2\n"), "3:1: this line is indented with a tab; YAML indents with spaces only (the mapping above uses 2 spaces)");
  EXPECT_EQ(Mistake("a: 1\nb:2\n", true), "2:2: a key needs a space after ':': write 'b: 2'");
  EXPECT_EQ(Mistake("rows:\n  - name: a\n  -name: b\n", true),
            "3:3: '-' needs a space after it to start a list item: write '- name: b'");
}

TEST(YamlMistakes, QuotesAndBrackets) {
  EXPECT_EQ(Mistake("rows:\n  - \"abc\n  - \"def\"\n", true),
            "2:5: the quote opened here is not closed on its line: the quoted text runs on into line 3");
  EXPECT_EQ(Mistake("a: 'abc\n", true),
            "1:4: the quote opened here is never closed: the quoted text runs to the end of the file");
  EXPECT_EQ(Mistake("q:\n  - { id: a, at: [0, 0]\n  - { id: b }\n"),
            "2:5: the '{' opened here is not closed: expected '}' before line 3 starts a new entry");
  EXPECT_EQ(Mistake("q: { id: a, at: [0, 0 }\n"), "1:23: this '}' closes the '[' opened at line 1, column 17; expected ']'");
  // Brackets are only a guess when the YAML reader refused the file.
  EXPECT_EQ(Mistake("q: { id: a, at: [0, 0 }\n", true), "");
}

TEST(YamlMistakes, AKeyGivenTwiceNamesBothLines) {
  SourceFile file("t.yaml", "a: 1\nb:\n  c: 2\n  c: 3\n");
  Diagnostics diagnostics;
  auto document = Parse(file, diagnostics);
  EXPECT_FALSE(document);
  ASSERT_EQ(diagnostics.size(), 1u);
  const Diagnostic& error = diagnostics.items()[0];
  EXPECT_EQ(error.code, "duplicate-key");
  EXPECT_EQ(error.message, "key 'c' is given twice in this mapping: at line 3 and here");
  EXPECT_EQ(file.Locate(error.span.begin).line, 4u);
  ASSERT_EQ(error.notes.size(), 1u);
  EXPECT_EQ(file.Locate(error.notes[0].span.begin).line, 3u);
}

TEST(YamlMistakes, TheYamlReadersWordsStayAsANote) {
  SourceFile file("t.yaml", "rows:\n  - name: a\n - name: b\n");
  Diagnostics diagnostics;
  EXPECT_FALSE(Parse(file, diagnostics));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].message, "this line is indented 1 space; the list above uses 2 spaces");
  ASSERT_EQ(diagnostics.items()[0].notes.size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].notes[0].message,
            "the YAML reader stopped at line 3, column 2: end of map not found");
}

}  // namespace
}  // namespace rulecraft::yaml
