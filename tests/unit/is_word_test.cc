// check::IsWord (dsl/check/is_word.h, issue 15) agrees with std::string_view's == on every pair of
// words the passes compare and on texts near them (prefixes, extensions, one byte changed).
#include "dsl/check/is_word.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace rulecraft::check {
namespace {

// Texts to compare with each literal: the words themselves and their neighbours.
std::vector<std::string> Texts() {
  std::vector<std::string> words = {"", "+", "-", "not", "and", "or", "has", "bonus", "bonuses", "level",
                                    "any_condition", "condition_bonuses", "super", "min", "max", "total",
                                    "empty", "squares", "miles", "label", "name"};
  std::vector<std::string> texts = words;
  for (const std::string& word : words) {
    texts.push_back(word + "x");
    if (!word.empty()) {
      texts.push_back(word.substr(0, word.size() - 1));
      std::string changed = word;
      changed.back() = static_cast<char>(changed.back() + 1);
      texts.push_back(changed);
      changed = word;
      changed.front() = static_cast<char>(changed.front() + 1);
      texts.push_back(changed);
    }
  }
  return texts;
}

template <std::size_t N>
void ExpectAgrees(const char (&word)[N]) {
  for (const std::string& text : Texts()) {
    EXPECT_EQ(IsWord(text, word), std::string_view(text) == std::string_view(word)) << text << " vs " << word;
  }
}

TEST(IsWord, AgreesWithStringViewEquality) {
  ExpectAgrees("");
  ExpectAgrees("+");
  ExpectAgrees("not");
  ExpectAgrees("and");
  ExpectAgrees("or");
  ExpectAgrees("has");
  ExpectAgrees("bonus");
  ExpectAgrees("bonuses");
  ExpectAgrees("level");
  ExpectAgrees("any_condition");
  ExpectAgrees("condition_bonuses");
  ExpectAgrees("squares");
  ExpectAgrees("empty");
}

TEST(IsWord, ComparesOnlyTheViewedBytes) {
  std::string text = "has(prone)";
  EXPECT_TRUE(IsWord(std::string_view(text).substr(0, 3), "has"));
  EXPECT_FALSE(IsWord(std::string_view(text).substr(0, 4), "has"));
}

}  // namespace
}  // namespace rulecraft::check
