// Which script a trait names (docs/lua.md, "Naming a script"): the ruleset's hooks/, then those
// of the rulesets it extends, then the shared scripts/; a script may limit itself to rulesets.
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

#include "hooks/script.h"
#include "ruleset/ruleset.h"

namespace rulecraft::hooks {
namespace {

namespace fs = std::filesystem;

class LuaScripts : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("rulecraft_lua_scripts_" + std::to_string(getpid()));
    fs::remove_all(folder_);
    Write("base/ruleset.rules", "ruleset base_hooks \"base\" extends dnd35 { square = 5 ft }\n");
    Write("base/hooks/shared.lua", "function speed(mover, land) return 1 end\n");
    Write("base/hooks/only_base.lua", "function speed(mover, land) return 2 end\n");
    Write("child/ruleset.rules", "ruleset child_hooks \"child\" extends \"../base\" { square = 5 ft }\n");
    Write("child/hooks/shared.lua", "function speed(mover, land) return 3 end\n");
  }
  void TearDown() override { fs::remove_all(folder_); }

  void Write(const std::string& path, const std::string& text) {
    fs::create_directories((folder_ / path).parent_path());
    std::ofstream(folder_ / path) << text;
  }

  const ruleset::Ruleset& Load(const std::string& directory) {
    auto rules = ruleset::LoadRuleset(directory, sources_, diagnostics_);
    EXPECT_TRUE(rules) << Render(diagnostics_, sources_);
    loaded_.push_back(std::make_unique<ruleset::Ruleset>(std::move(*rules)));
    return *loaded_.back();
  }

  std::string Found(const ruleset::Ruleset& rules, const std::string& trait) {
    auto script = cache_.Find(rules, trait, sources_, diagnostics_);
    return script ? fs::path(script->path).lexically_relative(fs::path(script->path).parent_path().parent_path()).string()
                  : "(none)";
  }

  fs::path folder_;
  SourceSet sources_;
  Diagnostics diagnostics_;
  ScriptCache cache_;
  std::vector<std::unique_ptr<ruleset::Ruleset>> loaded_;
};

TEST_F(LuaScripts, TheRulesetsOwnHooksComeFirstThenItsParentsThenTheSharedScripts) {
  const ruleset::Ruleset& child = Load((folder_ / "child").string());
  auto shared = cache_.Find(child, "shared", sources_, diagnostics_);
  ASSERT_TRUE(shared);
  EXPECT_EQ(fs::path(shared->path), folder_ / "child" / "hooks" / "shared.lua");
  auto only_base = cache_.Find(child, "only_base", sources_, diagnostics_);
  ASSERT_TRUE(only_base);
  EXPECT_EQ(fs::path(only_base->path).lexically_normal(), folder_ / "base" / "hooks" / "only_base.lua");
  EXPECT_EQ(Found(child, "incorporeal"), "scripts/incorporeal.lua");
  EXPECT_EQ(Found(child, "no_such_trait"), "(none)");
  EXPECT_EQ(Found(child, "../base/hooks/shared"), "(none)");  // a trait is a name, not a path
  EXPECT_TRUE(diagnostics_.empty()) << Render(diagnostics_, sources_);
}

TEST_F(LuaScripts, AScriptMayLimitItselfToRulesets) {
  const ruleset::Ruleset& child = Load((folder_ / "child").string());
  const ruleset::Ruleset& dnd5e = Load(*ruleset::ResolveRuleset("dnd5e", ""));
  // fills_squares.lua says rulesets = { "dnd35", "starfinder", "age_of_heroes" }.
  EXPECT_EQ(Found(child, "fills_squares"), "scripts/fills_squares.lua");  // extends dnd35
  EXPECT_EQ(Found(dnd5e, "fills_squares"), "(none)");
  EXPECT_EQ(Found(dnd5e, "woodland_stride"), "scripts/woodland_stride.lua");  // no limit
}

TEST_F(LuaScripts, AScriptIsLoadedOnceAndItsErrorsReportedOnce) {
  Write("child/hooks/broken.lua", "function speed(mover, land)\n  return land +\nend\n");
  const ruleset::Ruleset& child = Load((folder_ / "child").string());
  auto first = cache_.Find(child, "broken", sources_, diagnostics_);
  auto second = cache_.Find(child, "broken", sources_, diagnostics_);
  ASSERT_TRUE(first);
  EXPECT_EQ(first, second);
  ASSERT_TRUE(first->error);
  EXPECT_EQ(diagnostics_.size(), 1u);
  EXPECT_EQ(Render(diagnostics_, sources_),
            first->path + ":3:1: error[lua-syntax]: unexpected symbol near 'end'\n 3 | end\n   | ^~~\n");
}

TEST_F(LuaScripts, ARulesetSetsItsLimitsInItsManifest) {
  Write("limited/ruleset.rules",
        "ruleset limited \"limited\" extends dnd35 { square = 5 ft  lua_instructions = 5000  lua_memory = 300000 }\n");
  const ruleset::Ruleset& limited = Load((folder_ / "limited").string());
  EXPECT_EQ(LimitsOf(limited), (Limits{5000, 300000}));
  Write("wrong/ruleset.rules", "ruleset wrong \"wrong\" extends dnd35 { square = 5 ft  lua_memory = 2 ft }\n");
  Diagnostics diagnostics;
  EXPECT_FALSE(ruleset::LoadRuleset((folder_ / "wrong").string(), sources_, diagnostics));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, "out-of-range");
  EXPECT_EQ(diagnostics.items()[0].message,
            "lua_memory is a whole number from 262144 to 1073741824 (bytes per Lua hook call)");
}

}  // namespace
}  // namespace rulecraft::hooks
