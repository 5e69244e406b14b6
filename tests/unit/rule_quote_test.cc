// The quote an explanation gives for a rule (query/rule_quote.h): the first quotation of the
// comment above it, or, for a ruleset that names its rules text (manifest `text = 001`), the
// first quotation after that text's number — a shared module's rule quotes 000 and 001 alike.
#include "query/rule_quote.h"

#include <gtest/gtest.h>

namespace rulecraft::query {
namespace {

constexpr const char* kShared =
    "# 000 대각선: \"첫 번째 대각선은 1칸으로 계산됩니다\" (the first diagonal counts 1 square); 001\n"
    "# Диагонали: \"первая диагональ считается как 1 клетка\" (the first diagonal counts 1 square).\n"
    "rule diagonal_cost(step: step): number = 1\n";

SourceSpan RuleAt(const SourceFile& file) {
  auto offset = static_cast<uint32_t>(file.text().find("rule "));
  return {file.path(), offset, offset + 4};
}

TEST(RuleQuote, TheFirstQuotationWithoutAText) {
  SourceSet sources;
  const SourceFile& file = sources.Add("shared_a.rules", kShared);
  EXPECT_EQ(RuleQuote(RuleAt(file), sources),
            "\"첫 번째 대각선은 1칸으로 계산됩니다\" (the first diagonal counts 1 square)");
}

TEST(RuleQuote, TheRulesetsOwnTextWhenTheCommentQuotesIt) {
  SourceSet sources;
  const SourceFile& file = sources.Add("shared_b.rules", kShared);
  // The number stands at the end of the first line, its quote on the next: the lines are joined.
  EXPECT_EQ(RuleQuote(RuleAt(file), sources, "001"),
            "\"первая диагональ считается как 1 клетка\" (the first diagonal counts 1 square)");
}

TEST(RuleQuote, TheFirstQuotationWhenTheTextIsNotQuoted) {
  SourceSet sources;
  const SourceFile& file = sources.Add("shared_c.rules", kShared);
  EXPECT_EQ(RuleQuote(RuleAt(file), sources, "004"),
            "\"첫 번째 대각선은 1칸으로 계산됩니다\" (the first diagonal counts 1 square)");
  // A number inside another (1000, 0010) is not the text.
  const SourceFile& other = sources.Add("shared_d.rules",
                                        "# 10010 \"one\"; 001: \"two\"\nrule r(n: number): number = n\n");
  EXPECT_EQ(RuleQuote(RuleAt(other), sources, "001"), "\"two\"");
}

}  // namespace
}  // namespace rulecraft::query
