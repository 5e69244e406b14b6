// The rules-file parser (today: the manifest) and its syntax errors.
#include "dsl/parse/parse.h"

#include <random>

#include <gtest/gtest.h>

#include "dsl/check/manifest.h"

namespace rulecraft::parse {
namespace {

struct Parsed {
  std::optional<ast::RulesFile> file;
  std::string errors;
};

Parsed Parse(const std::string& text) {
  SourceSet sources;
  const SourceFile& file = sources.Add("r.rules", text);
  Diagnostics diagnostics;
  Parsed parsed{ParseRulesFile(file, diagnostics), ""};
  parsed.errors = Render(diagnostics, sources);
  return parsed;
}

TEST(ParseManifest, ReadsNameTitleParentAndSettings) {
  Parsed parsed = Parse("# the d20 rules\nruleset mine \"My game\" extends dnd35 { square = 5 ft }\n");
  ASSERT_TRUE(parsed.file) << parsed.errors;
  const ast::Manifest& manifest = parsed.file->manifest;
  EXPECT_EQ(manifest.name, "mine");
  EXPECT_EQ(manifest.title, "My game");
  EXPECT_EQ(manifest.extends, "dnd35");
  ASSERT_EQ(manifest.settings.size(), 1u);
  EXPECT_EQ(manifest.settings[0].key, "square");
  EXPECT_EQ(manifest.settings[0].amount, 5);
  EXPECT_EQ(manifest.settings[0].unit, "ft");
}

TEST(ParseManifest, SyntaxErrorSaysWhatWasExpected) {
  EXPECT_EQ(Parse("ruleset mine \"My game\" { square 5 ft }\n").errors,
            "r.rules:1:33: error[syntax]: expected '=' before '5'\n"
            " 1 | ruleset mine \"My game\" { square 5 ft }\n"
            "   |                                 ^\n");
}

TEST(ParseManifest, ColumnsCountBytesAfterNonAsciiText) {
  // "속도" is two code points, six bytes and four terminal columns: the column counts
  // bytes, and the caret still lands under '}'.
  Parsed parsed = Parse("ruleset mine \"속도\" { square = }\n");
  EXPECT_EQ(parsed.errors,
            "r.rules:1:34: error[syntax]: expected a number before '}'\n"
            " 1 | ruleset mine \"속도\" { square = }\n"
            "   |                                ^\n");
}

TEST(ParseManifest, InvalidUtf8IsAnErrorNotACrash) {
  Parsed parsed = Parse("ruleset mine \"\xff\xfe\" { }\n");
  EXPECT_FALSE(parsed.file);
  EXPECT_NE(parsed.errors.find("error["), std::string::npos);
}

TEST(CheckManifest, UnknownSettingAndWrongUnit) {
  SourceSet sources;
  const SourceFile& file = sources.Add("r.rules", "ruleset m \"M\" { squar = 5 ft square = 5 squares }\n");
  Diagnostics diagnostics;
  auto parsed = ParseRulesFile(file, diagnostics);
  ASSERT_TRUE(parsed);
  check::CheckManifest(parsed->manifest, diagnostics);
  EXPECT_EQ(Render(diagnostics, sources),
            "r.rules:1:17: error[unknown-setting]: unknown setting 'squar'\n"
            " 1 | ruleset m \"M\" { squar = 5 ft square = 5 squares }\n"
            "   |                 ^~~~~\n"
            "  note: did you mean 'square'?\n"
            "r.rules:1:39: error[unit]: expected the square size in feet (e.g. '5 ft'), found 'squares'\n"
            " 1 | ruleset m \"M\" { squar = 5 ft square = 5 squares }\n"
            "   |                                       ^~~~~~~~~\n");
}

// Random token soup must never crash the parser, and a failure always says why.
TEST(ParseFuzz, RandomTokenSoupNeverCrashes) {
  const std::vector<std::string> pieces = {"ruleset", "extends", "{", "}", "=", "\"t\"", "ft",
                                           "5", "2.5", "name", "#c\n", "\n", "\"", "@", "속",
                                           "\xff", " ", "\t", "square", "{{", "}}"};
  std::mt19937 random(20261122);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    size_t count = random() % 24;
    for (size_t i = 0; i < count; ++i) text += pieces[random() % pieces.size()] + " ";
    Parsed parsed = Parse(text);
    if (!parsed.file) {
      EXPECT_FALSE(parsed.errors.empty()) << text;
    }
  }
}

}  // namespace
}  // namespace rulecraft::parse

namespace rulecraft::parse {
namespace {

// Comments and texts in the seeds' own languages decode to code points; a syntax error after
// them still points at its place (the column counts bytes, as every diagnostic's does; the
// caret is drawn under it by display width).
TEST(ParseInput, NonAsciiCommentsDecode) {
  Parsed parsed = Parse("# 쥐어짜기 — протискивание, 挤\nruleset mine \"Mine\" { square = 5 ft }\nrule a() = \"挤\" ) 1\n");
  EXPECT_FALSE(parsed.file);
  EXPECT_NE(parsed.errors.find("r.rules:3:18"), std::string::npos) << parsed.errors;
  EXPECT_NE(parsed.errors.find("3 | rule a() = \"挤\" ) 1\n   | " + std::string(16, ' ') + "^"), std::string::npos) << parsed.errors;
}

TEST(ParseInput, InvalidUtf8IsAnEncodingError) {
  for (const std::string& bad : {std::string("ruleset mine \"M\" { }\n# \xff\n"), std::string("# \xe4\xb8\n"),
                                 std::string("# \xc3(\n")}) {
    Parsed parsed = Parse(bad);
    EXPECT_FALSE(parsed.file);
    EXPECT_NE(parsed.errors.find("not valid UTF-8"), std::string::npos) << parsed.errors;
  }
}

}  // namespace
}  // namespace rulecraft::parse
