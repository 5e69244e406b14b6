// The rules are parsed in ANTLR's SLL prediction mode first and in full LL mode only when SLL
// gives up (dsl/parse/parse.cc, issue 15). This holds only if an SLL parse that succeeds builds
// the tree the LL parse builds: checked here on every rules file of the repository, and SLL is
// checked to succeed on every bundled ruleset's files (so their loads take the fast way).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "RulesLexer.h"
#include "RulesParser.h"
#include "antlr4-runtime.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;

// The parse tree of `text` in the given mode as text, or "" when the parse failed (SLL bails
// at the first error; LL reports none here and recovers).
std::string TreeText(const std::string& text, antlr4::atn::PredictionMode mode) try {
  antlr4::ANTLRInputStream input(text);
  grammar::RulesLexer lexer(&input);
  lexer.removeErrorListeners();
  antlr4::CommonTokenStream tokens(&lexer);
  grammar::RulesParser parser(&tokens);
  parser.removeErrorListeners();
  if (mode == antlr4::atn::PredictionMode::SLL) parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(mode);
  grammar::RulesParser::FileContext* tree = parser.file();
  if (parser.getNumberOfSyntaxErrors() > 0) return "";
  return tree->toStringTree(&parser);
} catch (const antlr4::ParseCancellationException&) {
  return "";
} catch (const std::range_error&) {  // a bad input's broken UTF-8
  return "";
}

std::vector<fs::path> RulesFiles() {
  std::vector<fs::path> files;
  fs::path root(RULECRAFT_SOURCE_DIR);
  for (const char* folder : {"rulesets", "examples", "tests", "bench"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      if (entry.is_regular_file() && entry.path().extension() == ".rules") files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(SllParse, AnSllParseThatSucceedsBuildsTheLlTree) {
  std::vector<fs::path> files = RulesFiles();
  ASSERT_GT(files.size(), 50u);
  size_t bundled = 0;
  for (const fs::path& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::string sll = TreeText(text.str(), antlr4::atn::PredictionMode::SLL);
    bool is_bundled = path.string().find(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/") == 0;
    if (is_bundled) {
      ++bundled;
      EXPECT_FALSE(sll.empty()) << "SLL gave up on a bundled ruleset's file: " << path;
    }
    if (sll.empty()) continue;
    EXPECT_EQ(sll, TreeText(text.str(), antlr4::atn::PredictionMode::LL)) << path;
  }
  EXPECT_GT(bundled, 30u);
}

}  // namespace
}  // namespace rulecraft
