// Overriding rules across layers (dsl/check/layers.h): super() calls, chains of overrides, and
// the errors an override gets at its own line.
#include <gtest/gtest.h>

#include "dsl/compile/pipeline.h"
#include "dsl/eval/machine.h"
#include "dsl/parse/parse.h"
#include "tables/table_loader.h"

namespace rulecraft {
namespace {

struct Compiled {
  std::optional<compile::Program> program;
  std::string errors;
};

// Compiles one rules text per layer (the first is the base) against the tables of
// tests/fixtures/mini.
Compiled CompileLayers(const std::vector<std::string>& layers) {
  SourceSet sources;
  Diagnostics diagnostics;
  tables::TableSet tables = tables::LoadTableFolder(
      std::string(RULECRAFT_SOURCE_DIR) + "/tests/fixtures/mini/tables", 5, sources, diagnostics);
  std::vector<compile::LayeredFile> files;
  for (size_t i = 0; i < layers.size(); ++i) {
    std::string name = "layer" + std::to_string(i);
    auto parsed = parse::ParseRulesFile(sources.Add(name + ".rules", layers[i]), diagnostics);
    if (parsed) files.push_back({std::move(*parsed), static_cast<int>(i), name});
  }
  Compiled compiled;
  compiled.program = compile::CompileRules(std::move(files), tables, 5, diagnostics);
  diagnostics.SortByPosition();
  compiled.errors = Render(diagnostics, sources);
  return compiled;
}

double Eval(const compile::Program& program, const std::string& rule, double arg) {
  eval::Machine machine(program);
  std::vector<eval::Slot> slots = {eval::Slot{.number = arg}};
  return machine.Call(program.FindRule(rule), slots).number;
}

const char* kBase =
    "rule cost(n: number): number = n + 1\n"
    "rule total_cost(n: number) = cost(n) * 10\n";

TEST(Override, ReplacesTheRuleWhereTheParentCallsIt) {
  Compiled compiled = CompileLayers({kBase, "override rule cost(n: number): number = 7\n"});
  ASSERT_TRUE(compiled.program) << compiled.errors;
  EXPECT_EQ(Eval(*compiled.program, "total_cost", 3), 70);
}

TEST(Override, SuperCallsTheReplacedRule) {
  Compiled compiled = CompileLayers({kBase, "override rule cost(n) = super(n) * 2\n"});
  ASSERT_TRUE(compiled.program) << compiled.errors;
  EXPECT_EQ(Eval(*compiled.program, "total_cost", 3), 80);  // ((3 + 1) * 2) * 10
  EXPECT_GE(compiled.program->FindRule("layer0.cost"), 0);  // the replaced rule, kept for super
}

TEST(Override, SuperChainsThroughEveryLayer) {
  Compiled compiled = CompileLayers({kBase, "override rule cost(n) = super(n) * 2\n",
                                     "override rule cost(n) = super(n) + 100\n"});
  ASSERT_TRUE(compiled.program) << compiled.errors;
  EXPECT_EQ(Eval(*compiled.program, "total_cost", 3), 1080);  // ((3 + 1) * 2 + 100) * 10
}

TEST(Override, OverridingNothingSuggestsTheClosestName) {
  Compiled compiled = CompileLayers({kBase, "override rule cots(n: number): number = 7\n"});
  EXPECT_FALSE(compiled.program);
  EXPECT_NE(compiled.errors.find("layer1.rules:1:15: error[overrides-nothing]"), std::string::npos)
      << compiled.errors;
  EXPECT_NE(compiled.errors.find("did you mean 'cost'?"), std::string::npos) << compiled.errors;
}

TEST(Override, RedefiningWithoutOverrideIsAnError) {
  Compiled compiled = CompileLayers({kBase, "rule cost(n: number): number = 7\n"});
  EXPECT_FALSE(compiled.program);
  EXPECT_NE(compiled.errors.find("layer1.rules:1:6: error[missing-override]"), std::string::npos)
      << compiled.errors;
}

TEST(Override, AnInferredResultOfAnotherUnitIsReportedAtTheOverride) {
  Compiled compiled =
      CompileLayers({"rule reach(n: number) = n * 1 ft\n"
                     "rule longer(n: number) = reach(n) + 5 ft\n",
                     "override rule reach(n: number) = n\n"});
  EXPECT_FALSE(compiled.program);
  EXPECT_NE(
      compiled.errors.find("layer1.rules:1:15: error[type]: override 'reach' must give a distance"),
      std::string::npos)
      << compiled.errors;
  EXPECT_NE(compiled.errors.find("layer0.rules:1:6"), std::string::npos)
      << compiled.errors;  // the note
  EXPECT_EQ(compiled.errors.find("layer0.rules:2"), std::string::npos)
      << compiled.errors;  // not the parent's caller
}

TEST(Override, ASignatureOfAnotherShapeKeepsTheParentsRule) {
  Compiled compiled =
      CompileLayers({kBase, "override rule cost(n: number, m: number): number = n + m\n"});
  EXPECT_FALSE(compiled.program);
  EXPECT_NE(compiled.errors.find("layer1.rules:1:15: error[override-signature]"), std::string::npos)
      << compiled.errors;
  EXPECT_EQ(compiled.errors.find("layer0.rules:2"), std::string::npos) << compiled.errors;
}

TEST(Override, SuperOutsideAnOverrideIsAnError) {
  Compiled compiled = CompileLayers({kBase, "rule other(n: number) = super(n)\n"});
  EXPECT_FALSE(compiled.program);
  EXPECT_NE(compiled.errors.find("layer1.rules:1:25: error[unknown-name]: super"),
            std::string::npos)
      << compiled.errors;
}

}  // namespace
}  // namespace rulecraft
