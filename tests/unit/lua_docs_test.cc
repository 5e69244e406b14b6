// The examples of docs/lua.md run: every ```lua block whose first line is `-- hooks/NAME.lua`
// becomes that file of a ruleset extending dnd35, every ```yaml block with `queries:` one of its
// scenario test files, and all of their cases must pass without a diagnostic.
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

#include "rulecraft/rulecraft.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;

struct Block {
  std::string language;
  int line = 0;
  std::string text;
};

std::vector<Block> CodeBlocks(const std::string& path) {
  std::ifstream in(path);
  std::vector<Block> blocks;
  std::string line;
  int number = 0;
  bool inside = false;
  while (std::getline(in, line)) {
    ++number;
    if (!inside && line.rfind("```", 0) == 0 && line.size() > 3) {
      inside = true;
      blocks.push_back({line.substr(3), number + 1, ""});
    } else if (inside && line == "```") {
      inside = false;
    } else if (inside) {
      blocks.back().text += line + "\n";
    }
  }
  return blocks;
}

TEST(LuaDocs, EveryExampleOfTheLuaGuideRuns) {
  std::string root = RULECRAFT_SOURCE_DIR;
  fs::path folder = fs::temp_directory_path() / ("rulecraft_lua_docs_" + std::to_string(getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder / "hooks");
  fs::create_directories(folder / "tests");
  std::ofstream(folder / "ruleset.rules") << "ruleset lua_docs \"docs/lua.md examples\" extends dnd35 { square = 5 ft }\n";
  const std::regex script_name(R"(^-- hooks/([a-z_]+)\.lua\n)");
  int scripts = 0;
  int scenarios = 0;
  for (const Block& block : CodeBlocks(root + "/docs/lua.md")) {
    std::smatch name;
    if (block.language == "lua" && std::regex_search(block.text, name, script_name)) {
      std::ofstream(folder / "hooks" / (name[1].str() + ".lua")) << block.text;
      ++scripts;
    } else if (block.language == "yaml" && block.text.find("queries:") != std::string::npos) {
      std::ofstream(folder / "tests" / ("docs_lua_md_" + std::to_string(block.line) + ".yaml"))
          << "# docs/lua.md:" << block.line << "\n" << block.text;
      ++scenarios;
    }
  }
  EXPECT_GE(scripts, 4);
  EXPECT_GE(scenarios, 4);
  Session session;
  Diagnostics diagnostics;
  TestReport report = session.RunTests({folder.string()}, diagnostics);
  EXPECT_TRUE(diagnostics.empty()) << Render(diagnostics, session.sources());
  EXPECT_EQ(report.broken_files, 0u);
  EXPECT_EQ(report.failed, 0u);
  EXPECT_GE(report.passed, 8u);
  for (const TestCase& result : report.cases) {
    std::string differences;
    for (const std::string& difference : result.differences) differences += "\n  " + difference;
    EXPECT_TRUE(result.passed) << result.file << " " << result.id << differences;
  }
  fs::remove_all(folder);
}

}  // namespace
}  // namespace rulecraft
