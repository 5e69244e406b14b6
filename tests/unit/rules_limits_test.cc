// Rules files that would overflow the stack of a recursive walk, or flood the output with
// errors, are refused or cut short with a located error (issue 19, F1 and F7).
#include <gtest/gtest.h>

#include "repeat.h"

#include "base/limits.h"
#include "dsl/parse/parse.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::parse {
namespace {

using rulecraft::testing::Repeat;

struct Outcome {
  bool parsed = false;
  std::vector<std::string> codes;
  size_t errors = 0;
  std::string rendered;
};

Outcome ParseText(const std::string& text) {
  SourceSet sources;
  const SourceFile& file = sources.Add("deep.rules", text);
  Diagnostics diagnostics;
  Outcome outcome;
  outcome.parsed = ParseRulesFile(file, diagnostics).has_value();
  for (const Diagnostic& diagnostic : diagnostics.items()) outcome.codes.push_back(diagnostic.code);
  outcome.errors = diagnostics.ErrorCount();
  outcome.rendered = Render(diagnostics, sources);
  return outcome;
}

using Codes = std::vector<std::string>;

TEST(RulesLimits, EveryWayOfNestingIsRefusedOnTheTokens) {
  const size_t n = 100000;
  const std::string rule = "rule deep(n: number) = ";
  std::string lets;
  for (size_t i = 0; i < n; ++i) lets += "let a" + std::to_string(i) + " = 1 in ";
  for (const std::string& body :
       {Repeat("(", n) + "1" + Repeat(")", n), Repeat("-", n) + "1", Repeat("not ", n) + "true",
        Repeat("if true then 1 else ", n) + "1", lets + "1", "count(" + Repeat("[", n) + "true" + Repeat("]", n) + ")",
        Repeat("1 + ", n) + "1", Repeat("2 ^ ", n) + "1", "n" + Repeat(".x", n), Repeat("f(", n) + "1" + Repeat(")", n),
        Repeat("n[", n) + "1" + Repeat("]", n)}) {
    Outcome outcome = ParseText(rule + body + "\n");
    EXPECT_FALSE(outcome.parsed) << body.substr(0, 40);
    EXPECT_EQ(outcome.codes, Codes{"too-deep"}) << body.substr(0, 40);
  }
}

TEST(RulesLimits, TheErrorPointsAtTheTokenWhereTheLimitIsPassed) {
  Outcome outcome = ParseText("rule deep(n: number) = " + Repeat("(", 500) + "1" + Repeat(")", 500) + "\n");
  // The rule's `=` opens one level, so the 200th parenthesis passes the limit: column 24 + 199.
  EXPECT_NE(outcome.rendered.find("deep.rules:1:223: error[too-deep]"), std::string::npos) << outcome.rendered;
}

TEST(RulesLimits, DeepButReasonableRulesParse) {
  EXPECT_TRUE(ParseText("rule deep(n: number) = " + Repeat("(", 150) + "1" + Repeat(")", 150) + "\n").parsed);
  EXPECT_TRUE(ParseText("rule deep(n: number) = " + Repeat("1 + ", 150) + "1\n").parsed);
  // Siblings do not add up: a long list and a long argument list are flat.
  std::string list = "rule many(n: number) = count([";
  for (int i = 0; i < 2000; ++i) list += "n > " + std::to_string(i) + ", ";
  EXPECT_TRUE(ParseText(list + "])\n").parsed);
  // Each rule starts again at the top.
  EXPECT_TRUE(ParseText(Repeat("rule r(n: number) = " + Repeat("(", 150) + "1" + Repeat(")", 150) + "\n", 50)).parsed);
}

TEST(RulesLimits, SyntaxErrorsStopAtTheErrorLimit) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "rule r" + std::to_string(i) + "(n: number) = if n > 1 then 1\n";
  Outcome outcome = ParseText(text);
  EXPECT_FALSE(outcome.parsed);
  EXPECT_EQ(outcome.codes.size(), limits::kMaxErrors);
  EXPECT_NE(outcome.rendered.find("at most 200 errors and 200 warnings are shown (limits::kMaxErrors)"),
            std::string::npos);
}

TEST(RulesLimits, DiagnosticsKeepTheFirstErrorsAndCountTheRest) {
  Diagnostics diagnostics;
  for (int i = 0; i < 1000; ++i) {
    Diagnostic& error = diagnostics.Error("x", {}, "e" + std::to_string(i));
    error.notes.push_back({{}, "a note"});
  }
  diagnostics.Warning("w", {}, "a warning");
  EXPECT_EQ(diagnostics.ErrorCount(), 1000u);
  EXPECT_EQ(diagnostics.size(), limits::kMaxErrors + 1);
  EXPECT_EQ(diagnostics.Dropped(), 1000u - limits::kMaxErrors);
  EXPECT_TRUE(diagnostics.Full());
  Diagnostics merged;
  merged.Append(diagnostics);
  EXPECT_EQ(merged.ErrorCount(), 1000u);
  EXPECT_EQ(merged.size(), limits::kMaxErrors + 1);
}

}  // namespace
}  // namespace rulecraft::parse
