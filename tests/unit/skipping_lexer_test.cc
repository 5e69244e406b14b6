// The rules lexer that steps over whitespace and comments itself (dsl/parse/skipping_lexer.h,
// issue 15) gives the generated lexer's tokens (type, text, line, column, indices) and lexer
// errors, on every rules file of the repository and on texts at the edges of comments,
// whitespace and bad characters.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "dsl/parse/skipping_lexer.h"

namespace rulecraft::parse {
namespace {

namespace fs = std::filesystem;

class Errors : public antlr4::BaseErrorListener {
 public:
  std::vector<std::string>* out;
  explicit Errors(std::vector<std::string>* into) : out(into) {}
  void syntaxError(antlr4::Recognizer*, antlr4::Token*, size_t line, size_t column, const std::string& message,
                   std::exception_ptr) override {
    out->push_back(fmt::format("error {}:{} {}", line, column, message));
  }
};

// Every token and lexer error of `text`, one line each.
template <typename Lexer>
std::vector<std::string> Lex(const std::string& text) {
  std::vector<std::string> out;
  antlr4::ANTLRInputStream input(text);
  Lexer lexer(&input);
  Errors errors(&out);
  lexer.removeErrorListeners();
  lexer.addErrorListener(&errors);
  for (auto token = lexer.nextToken(); ; token = lexer.nextToken()) {
    out.push_back(fmt::format("{} '{}' {}:{} [{}, {}]", token->getType(), token->getText(), token->getLine(),
                              token->getCharPositionInLine(), token->getStartIndex(), token->getStopIndex()));
    if (token->getType() == antlr4::Token::EOF) break;
  }
  return out;
}

void ExpectSameTokens(const std::string& text, const std::string& name) {
  EXPECT_EQ(Lex<SkippingLexer>(text), Lex<grammar::RulesLexer>(text)) << name;
}

TEST(SkippingLexer, GivesTheGeneratedLexersTokens) {
  const std::vector<std::string> texts = {
      "",
      "# only a comment",
      "# comment\n\n  \t rule a = 1 # after\r\nrule b = \"# not a comment\" + 2\n",
      "rule a = 1\r\n\r\n#\r\n#\n   ",
      "rule a = @ 1 # bad character before\n  $ rule b = 2\n",
      "\"unclosed # string\nrule c = 3\n",
      "rule ünïcode = 1 # ×—²\n",
      "\t\t#\t\n\trule d = [1, 2,]\n",
  };
  for (const std::string& text : texts) ExpectSameTokens(text, text);
  size_t files = 0;
  fs::path root(RULECRAFT_SOURCE_DIR);
  for (const char* folder : {"rulesets", "examples", "tests", "bench"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".rules") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      try {
        antlr4::ANTLRInputStream check(text.str());
      } catch (const std::range_error&) {
        continue;  // a bad input's broken UTF-8, which the runtime cannot decode
      }
      ExpectSameTokens(text.str(), entry.path().string());
      ++files;
    }
  }
  EXPECT_GT(files, 50u);
}

}  // namespace
}  // namespace rulecraft::parse
