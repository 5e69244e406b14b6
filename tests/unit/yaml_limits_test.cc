// YAML documents that would make rulecraft recurse without end or expand without bound are
// refused with a located error (issue 19, F3), and the real files' nesting passes.
#include "tables/yaml_limits.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "repeat.h"

#include "base/limits.h"
#include "tables/yaml_file.h"

namespace rulecraft::yaml {
namespace {

using rulecraft::testing::Repeat;

// Parses `text` as a file and returns the codes of the errors.
std::vector<std::string> Errors(std::string text) {
  SourceSet sources;
  const SourceFile& file = sources.Add("doc.yaml", std::move(text));
  Diagnostics diagnostics;
  Parse(file, diagnostics);
  std::vector<std::string> codes;
  for (const Diagnostic& diagnostic : diagnostics.items()) codes.push_back(diagnostic.code);
  return codes;
}

using Codes = std::vector<std::string>;

TEST(YamlLimits, DeepFlowNestingIsRefusedBeforeParsing) {
  EXPECT_EQ(Errors("a: " + Repeat("[", 100000) + Repeat("]", 100000) + "\n"), Codes{"too-deep"});
  EXPECT_EQ(Errors("a: " + Repeat("{b: ", 100000) + "1" + Repeat("}", 100000) + "\n"), Codes{"too-deep"});
  EXPECT_EQ(Errors(Repeat("[", 100000)), Codes{"too-deep"});  // never closed
}

TEST(YamlLimits, DeepBlockNestingIsRefusedBeforeParsing) {
  EXPECT_EQ(Errors(Repeat("- ", 100000) + "x\n"), Codes{"too-deep"});
  EXPECT_EQ(Errors(Repeat("? ", 100000) + "x\n"), Codes{"too-deep"});
  std::string mappings;
  for (size_t level = 0; level < 200; ++level) mappings += std::string(level, ' ') + "k:\n";
  EXPECT_EQ(Errors(mappings), Codes{"too-deep"});
}

TEST(YamlLimits, ShallowDocumentsPass) {
  EXPECT_EQ(Errors("a: " + Repeat("[", 20) + Repeat("]", 20) + "\n"), Codes{});
  // Brackets in quotes, comments, plain words and block scalars open nothing.
  EXPECT_EQ(Errors("a: \"" + Repeat("[", 500) + "\"\nb: '" + Repeat("{", 500) + "'\n# " + Repeat("[", 500) +
                   "\nc: x" + Repeat("[", 500) + "\nd: |\n  " + Repeat("[", 500) + "\n  " + Repeat("- ", 500) + "\n"),
            Codes{});
}

TEST(YamlLimits, AnAliasInsideItsOwnAnchorIsRefused) {
  EXPECT_EQ(Errors("expect: { space_ft: &r [*r] }\n"), Codes{"too-deep"});
  EXPECT_EQ(Errors("a: &m { b: *m }\n"), Codes{"too-deep"});
}

TEST(YamlLimits, AliasesExpandingWithoutBoundAreRefused) {
  std::string laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  std::string previous = "a";
  for (char name = 'b'; name <= 'j'; ++name) {
    laughs += std::string(1, name) + ": &" + name + " [" + Repeat("*" + previous + ", ", 9) + "*" + previous + "]\n";
    previous = std::string(1, name);
  }
  EXPECT_EQ(Errors(laughs), Codes{"too-large"});
}

TEST(YamlLimits, TagsSecondDocumentsAndComplexKeysAreRefused) {
  EXPECT_EQ(Errors("a: !!python/object:os.system ls\n"), Codes{"yaml-tag"});
  EXPECT_EQ(Errors("a: 1\n---\nb: 2\n"), Codes{"yaml-documents"});
  EXPECT_EQ(Errors("? [a, b]\n: 1\n"), Codes{"bad-key"});
}

TEST(YamlLimits, EveryYamlFileOfTheRepositoryPasses) {
  namespace fs = std::filesystem;
  size_t checked = 0;
  for (const char* folder : {"rulesets", "examples", "tests"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(RULECRAFT_SOURCE_DIR) / folder)) {
      if (entry.path().extension() != ".yaml") continue;
      // The bad inputs on purpose.
      if (entry.path().parent_path().filename() == "input_yaml") continue;
      if (entry.path().string().find("bad_inputs") != std::string::npos) continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      EXPECT_EQ(TooDeepAt(text.str(), limits::kMaxYamlDepth), std::nullopt) << entry.path();
      ++checked;
    }
  }
  EXPECT_GT(checked, 50u);
}

}  // namespace
}  // namespace rulecraft::yaml
