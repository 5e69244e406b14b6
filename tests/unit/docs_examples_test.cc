// Every ```rules block of docs/dsl.md compiles, against the tables of the bundled dnd35, and
// every ```rules override block as a ruleset extending examples/homebrew: the language
// reference cannot drift from the language.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "dsl/compile/pipeline.h"
#include "dsl/parse/parse.h"
#include "ruleset/ruleset.h"

namespace rulecraft {
namespace {

std::vector<std::pair<int, std::string>> RulesBlocks(const std::string& path, const std::string& fence = "```rules") {
  std::ifstream in(path);
  std::vector<std::pair<int, std::string>> blocks;
  std::string line;
  int number = 0;
  bool inside = false;
  while (std::getline(in, line)) {
    ++number;
    if (!inside && line == fence) {
      inside = true;
      blocks.push_back({number + 1, ""});
    } else if (inside && line == "```") {
      inside = false;
    } else if (inside) {
      blocks.back().second += line + "\n";
    }
  }
  return blocks;
}

TEST(DocsExamples, EveryRulesBlockOfTheLanguageReferenceCompiles) {
  std::string root = RULECRAFT_SOURCE_DIR;
  SourceSet sources;
  Diagnostics load_errors;
  auto dnd35 = ruleset::LoadRuleset(root + "/rulesets/dnd35", sources, load_errors);
  ASSERT_TRUE(dnd35) << Render(load_errors, sources);
  auto blocks = RulesBlocks(root + "/docs/dsl.md");
  ASSERT_GE(blocks.size(), 6u);
  for (const auto& [line, text] : blocks) {
    Diagnostics diagnostics;
    std::string name = "docs/dsl.md:" + std::to_string(line);
    auto parsed = parse::ParseRulesFile(sources.Add(name, text), diagnostics);
    ASSERT_TRUE(parsed) << Render(diagnostics, sources);
    std::vector<compile::LayeredFile> files;
    files.push_back({std::move(*parsed), 0, "docs"});
    auto program = compile::CompileRules(std::move(files), dnd35->tables, 5, diagnostics);
    EXPECT_TRUE(program) << "the example at " << name << " does not compile:\n" << Render(diagnostics, sources);
  }
}

TEST(DocsExamples, EveryOverrideBlockCompilesOverTheHomebrew) {
  std::string root = RULECRAFT_SOURCE_DIR;
  auto blocks = RulesBlocks(root + "/docs/dsl.md", "```rules override");
  ASSERT_GE(blocks.size(), 2u);
  std::filesystem::path folder = std::filesystem::temp_directory_path() / "rulecraft_docs_override";
  for (const auto& [line, text] : blocks) {
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "ruleset.rules") << "ruleset docs_example \"docs/dsl.md:" << line << "\" extends \""
                                            << root << "/examples/homebrew\" { square = 5 ft }\n" << text;
    SourceSet sources;
    Diagnostics diagnostics;
    auto loaded = ruleset::LoadRuleset(folder.string(), sources, diagnostics);
    EXPECT_TRUE(loaded) << "the example at docs/dsl.md:" << line << " does not compile:\n" << Render(diagnostics, sources);
  }
  std::filesystem::remove_all(folder);
}

// A ```yaml block of docs/scenarios.md right after a line naming "(<file> runs this case)" is
// that file's text, word for word, so the suite runs the example the reference shows.
TEST(DocsExamples, ScenarioExamplesAreCasesTheTestsRun) {
  std::string root = RULECRAFT_SOURCE_DIR;
  std::ifstream in(root + "/docs/scenarios.md");
  std::string line, named, block;
  int checked = 0;
  bool inside = false;
  while (std::getline(in, line)) {
    static const std::string kMark = " runs this case)";
    if (!inside && line.find(kMark) != std::string::npos) {
      size_t open = line.rfind('(', line.find(kMark));
      named = line.substr(open + 1, line.find(kMark) - open - 1);
    } else if (!inside && line == "```yaml" && !named.empty()) {
      inside = true;
      block.clear();
    } else if (inside && line == "```") {
      inside = false;
      std::ifstream file(root + "/" + named);
      ASSERT_TRUE(file) << "docs/scenarios.md names " << named << ", which does not exist";
      std::stringstream text;
      text << file.rdbuf();
      EXPECT_NE(text.str().find(block), std::string::npos)
          << "the example docs/scenarios.md says " << named << " runs is not in that file:\n" << block;
      ++checked;
      named.clear();
    } else if (inside) {
      block += line + "\n";
    }
  }
  EXPECT_GE(checked, 1);
}

}  // namespace
}  // namespace rulecraft
