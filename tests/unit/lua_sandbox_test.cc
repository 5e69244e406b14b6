// The Lua sandbox (docs/lua.md, "Sandbox"): hostile scripts are stopped with a diagnostic
// naming script:line, quickly, and the state stays usable for the next call.
#include <chrono>
#include <string>

#include <gtest/gtest.h>

#include "hooks/runner.h"
#include "hooks/sandbox.h"
#include "hooks/sandbox_pool.h"
#include "hooks/script.h"
#include "ruleset/ruleset.h"

namespace rulecraft::hooks {
namespace {

struct Outcome {
  Sandbox::Outcome outcome = Sandbox::Outcome::kFailed;
  std::string code;     // the diagnostic's code when it failed
  std::string text;     // "hostile.lua:2: …" when it failed
  double value = 0;     // the hook's result when it is a number
  double seconds = 0;
};

// Loads `source` as hostile.lua and calls its step_cost with no arguments.
Outcome CallStepCost(const std::string& source, const Limits& limits = {}) {
  auto start = std::chrono::steady_clock::now();
  Outcome out;
  Diagnostics diagnostics;
  auto script = ScriptFromText("hostile.lua", source, limits, &diagnostics);
  if (script->error) {
    out.code = script->error->code;
    out.text = script->error_text;
  } else {
    Sandbox sandbox(limits);
    out.outcome = sandbox.Call(*script, "step_cost", 0);
    if (out.outcome == Sandbox::Outcome::kFailed) {
      out.code = sandbox.failure().code;
      out.text = sandbox.FailureText();
    } else if (out.outcome == Sandbox::Outcome::kOk) {
      out.value = sandbox.PopNumber().value_or(-1);
    }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

TEST(LuaSandbox, AHookReturnsItsValue) {
  Outcome out = CallStepCost("function step_cost()\n  return 2 + 1\nend\n");
  ASSERT_EQ(out.outcome, Sandbox::Outcome::kOk) << out.text;
  EXPECT_EQ(out.value, 3);
}

TEST(LuaSandbox, AMissingHookIsReported) {
  Outcome out = CallStepCost("function may_enter() return true end\n");
  EXPECT_EQ(out.outcome, Sandbox::Outcome::kMissing);
}

TEST(LuaSandbox, AnEndlessLoopRunsOutOfBudget) {
  Outcome out = CallStepCost("function step_cost()\n  while true do end\nend\n");
  EXPECT_EQ(out.code, "lua-budget");
  EXPECT_EQ(out.text, "hostile.lua:2: step_cost ran past its budget of 1000000 instructions (an endless loop?)");
  EXPECT_LT(out.seconds, 1.0);
}

TEST(LuaSandbox, PcallCannotCatchTheBudget) {
  Outcome out = CallStepCost(
      "function step_cost()\n"
      "  while true do\n"
      "    pcall(function() while true do end end)\n"
      "  end\n"
      "end\n");
  EXPECT_EQ(out.code, "lua-budget");
  EXPECT_EQ(out.text, "hostile.lua:3: step_cost ran past its budget of 1000000 instructions (an endless loop?)");
}

TEST(LuaSandbox, AnEndlessLoopAtTheTopLevelFailsTheLoad) {
  Outcome out = CallStepCost("local x = 0\nwhile true do x = x + 1 end\n");
  EXPECT_EQ(out.code, "lua-budget");
  EXPECT_EQ(out.text,
            "hostile.lua:2: the script's top level ran past its budget of 1000000 instructions (an endless loop?)");
}

TEST(LuaSandbox, TheBudgetIsConfigurable) {
  std::string loop = "function step_cost()\n  local n = 0\n  for i = 1, 20000 do n = n + i end\n  return n\nend\n";
  EXPECT_EQ(CallStepCost(loop).outcome, Sandbox::Outcome::kOk);
  Outcome out = CallStepCost(loop, Limits{10000, limits::kLuaMemoryBytes});
  EXPECT_EQ(out.text, "hostile.lua:3: step_cost ran past its budget of 10000 instructions (an endless loop?)");
}

TEST(LuaSandbox, AMemoryBombHitsTheCap) {
  Outcome out = CallStepCost(
      "function step_cost()\n"
      "  local s = 'x'\n"
      "  while true do s = s .. s end\n"
      "end\n");
  EXPECT_EQ(out.code, "lua-memory");
  EXPECT_EQ(out.text, "hostile.lua:3: step_cost needed more than its 8388608 bytes of memory");
  EXPECT_LT(out.seconds, 1.0);
}

TEST(LuaSandbox, OneHugeAllocationIsRefused) {
  Outcome out = CallStepCost("function step_cost()\n  return #string.rep('x', 1e9)\nend\n");
  EXPECT_EQ(out.code, "lua-memory");
  EXPECT_EQ(out.text, "hostile.lua:2: step_cost needed more than its 8388608 bytes of memory");
}

TEST(LuaSandbox, TheMemoryCapIsConfigurable) {
  std::string big = "function step_cost()\n  return #string.rep('x', 1000000)\nend\n";
  EXPECT_EQ(CallStepCost(big).outcome, Sandbox::Outcome::kOk);
  Outcome out = CallStepCost(big, Limits{limits::kLuaInstructions, 512 << 10});
  EXPECT_EQ(out.text, "hostile.lua:2: step_cost needed more than its 524288 bytes of memory");
}

// Every way out of the sandbox is simply absent: calling it is a nil-call error at its line.
struct Escape {
  const char* call;
  const char* message;
};

class LuaSandboxEscape : public ::testing::TestWithParam<Escape> {};

TEST_P(LuaSandboxEscape, IsANilCallAtItsLine) {
  Outcome out = CallStepCost(std::string("function step_cost()\n  ") + GetParam().call + "\nend\n");
  EXPECT_EQ(out.code, "lua-error");
  EXPECT_EQ(out.text, std::string("hostile.lua:2: ") + GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Hostile, LuaSandboxEscape,
    ::testing::Values(Escape{"os.execute('touch /tmp/rulecraft_pwned')", "attempt to index a nil value (global 'os')"},
                      Escape{"io.open('/etc/passwd')", "attempt to index a nil value (global 'io')"},
                      Escape{"load('return 1')()", "attempt to call a nil value (global 'load')"},
                      Escape{"require('os')", "attempt to call a nil value (global 'require')"},
                      Escape{"dofile('/etc/passwd')", "attempt to call a nil value (global 'dofile')"},
                      Escape{"loadfile('/etc/passwd')", "attempt to call a nil value (global 'loadfile')"},
                      Escape{"string.dump(step_cost)", "attempt to call a nil value (field 'dump')"},
                      Escape{"collectgarbage('stop')", "attempt to call a nil value (global 'collectgarbage')"},
                      Escape{"print('hello')", "attempt to call a nil value (global 'print')"},
                      Escape{"debug.getinfo(1)", "attempt to index a nil value (global 'debug')"},
                      Escape{"package.loadlib('libc.so.6', 'system')", "attempt to index a nil value (global 'package')"},
                      Escape{"coroutine.wrap(print)", "attempt to index a nil value (global 'coroutine')"},
                      Escape{"rawset(string, 'upper', nil)", "attempt to call a nil value (global 'rawset')"},
                      Escape{"math.random()", "attempt to call a nil value (field 'random')"}));

TEST(LuaSandbox, APathologicalPatternIsStoppedBeforeItRuns) {
  Outcome out = CallStepCost(
      "function step_cost()\n"
      "  return string.find(string.rep(\"a\", 1e5), \".-.-.-.-.-.-.-.-b\")\n"
      "end\n");
  EXPECT_EQ(out.code, "lua-pattern");
  EXPECT_EQ(out.text,
            "hostile.lua:2: string.find: the pattern \".-.-.-.-.-.-.-.-b\" could take about 4.2e+41 steps on a "
            "100000-character string, more than the step_cost budget of 1000000 instructions allows");
  EXPECT_LT(out.seconds, 1.0);
}

TEST(LuaSandbox, PatternGuardsCoverMethodsAndEveryPatternFunction) {
  for (const char* call : {"s:find('.-.-.-.-b')", "s:match('(.-)(.-)(.-)x')", "s:gsub('.-.-.-b', '')",
                           "s:gmatch('.-.-.-.-b')()"}) {
    Outcome out = CallStepCost(std::string("function step_cost()\n  local s = string.rep('a', 1e5)\n  return ") +
                               call + "\nend\n");
    EXPECT_EQ(out.code, "lua-pattern") << call << ": " << out.text;
    EXPECT_LT(out.seconds, 1.0) << call;
  }
}

TEST(LuaSandbox, OrdinaryPatternsStillWork) {
  Outcome out = CallStepCost(
      "function step_cost()\n"
      "  local kind = ('ignores_undergrowth'):match('^ignores_(%w+)$')\n"
      "  local words = 0\n"
      "  for _ in ('a b c'):gmatch('%a') do words = words + 1 end\n"
      "  local plain = string.find('x.y', '.', 1, true)\n"
      "  return #kind + words + plain + select(2, ('aaa'):gsub('a', 'b'))\n"
      "end\n");
  ASSERT_EQ(out.outcome, Sandbox::Outcome::kOk) << out.text;
  EXPECT_EQ(out.value, 11 + 3 + 2 + 3);
}

TEST(LuaSandbox, FinalizersAreRefused) {
  Outcome out = CallStepCost(
      "function step_cost()\n"
      "  setmetatable({}, { __gc = function() while true do end end })\n"
      "end\n");
  EXPECT_EQ(out.text, "hostile.lua:2: __gc metamethods are not allowed in hook scripts");
}

TEST(LuaSandbox, SharedTablesAreReadOnly) {
  Outcome out = CallStepCost("function step_cost()\n  string.upper = nil\nend\n");
  EXPECT_EQ(out.text,
            "hostile.lua:2: this table is read-only: a script changes nothing but its return value");
  out = CallStepCost("function step_cost()\n  return getmetatable('').__index\nend\n");
  EXPECT_EQ(out.text, "hostile.lua:2: attempt to index a boolean value");
}

TEST(LuaSandbox, BinaryChunksAreRefused) {
  Outcome out = CallStepCost(std::string("\x1bLua\x54\x00", 6) + "junk");
  EXPECT_EQ(out.code, "lua-syntax");
  EXPECT_EQ(out.text, "hostile.lua: attempt to load a binary chunk (mode is 't')");
}

TEST(LuaSandbox, SyntaxAndTopLevelErrorsNameTheLine) {
  Outcome out = CallStepCost("function step_cost(mover, step, mode, cost)\n  return cost +\nend\n");
  EXPECT_EQ(out.code, "lua-syntax");
  EXPECT_EQ(out.text, "hostile.lua:3: unexpected symbol near 'end'");
  out = CallStepCost("\nerror('this script is broken')\n");
  EXPECT_EQ(out.code, "lua-error");
  EXPECT_EQ(out.text, "hostile.lua:2: this script is broken");
}

TEST(LuaSandbox, ADiagnosticSpansTheScriptLine) {
  auto script = ScriptFromText("hostile.lua", "local a = 1\nlocal b = nil + 1\n");
  ASSERT_TRUE(script->error);
  EXPECT_EQ(script->error->span.file, "hostile.lua");
  EXPECT_EQ(script->error->span.begin, 12u);
  EXPECT_EQ(script->error->span.end, 29u);
  EXPECT_EQ(script->error->message, "attempt to perform arithmetic on a nil value");
}

TEST(LuaSandbox, NothingSurvivesACall) {
  auto script = ScriptFromText("counter.lua",
                               "local calls = 0\n"
                               "total = (total or 0)\n"
                               "function step_cost()\n"
                               "  calls = calls + 1\n"
                               "  total = total + 1\n"
                               "  return calls * 10 + total\n"
                               "end\n");
  ASSERT_FALSE(script->error) << script->error_text;
  Sandbox sandbox(Limits{});
  for (int call = 0; call < 3; ++call) {
    ASSERT_EQ(sandbox.Call(*script, "step_cost", 0), Sandbox::Outcome::kOk);
    EXPECT_EQ(sandbox.PopNumber(), 11);
  }
}

TEST(LuaSandbox, TheStateIsUsableAfterAFailure) {
  auto bomb = ScriptFromText("bomb.lua", "function step_cost()\n  return string.rep('x', 1e9)\nend\n");
  auto loop = ScriptFromText("loop.lua", "function step_cost()\n  while true do end\nend\n");
  auto fine = ScriptFromText("fine.lua", "function step_cost()\n  return #string.rep('x', 1000)\nend\n");
  Sandbox sandbox(Limits{});
  EXPECT_EQ(sandbox.Call(*bomb, "step_cost", 0), Sandbox::Outcome::kFailed);
  EXPECT_EQ(sandbox.Call(*loop, "step_cost", 0), Sandbox::Outcome::kFailed);
  ASSERT_EQ(sandbox.Call(*fine, "step_cost", 0), Sandbox::Outcome::kOk) << sandbox.FailureText();
  EXPECT_EQ(sandbox.PopNumber(), 1000);
}

TEST(LuaSandbox, ATypoInAHookNameIsAWarning) {
  Diagnostics diagnostics;
  ScriptFromText("typo.lua", "function step_costs(mover, step, mode, cost) return 1 end\n", {}, &diagnostics);
  ASSERT_EQ(diagnostics.size(), 2u);
  EXPECT_EQ(diagnostics.items()[0].code, "lua-unknown-hook");
  EXPECT_EQ(diagnostics.items()[0].message,
            "function 'step_costs' is not a hook point, so the engine never calls it; did you mean 'step_cost'?");
  EXPECT_EQ(diagnostics.items()[1].code, "lua-no-hook");
}

// The runner: results of the wrong type are diagnostics at the hook's line.
TEST(LuaRunner, AResultOfTheWrongTypeIsADiagnostic) {
  SourceSet sources;
  Diagnostics load;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, load);
  ASSERT_TRUE(rules) << Render(load, sources);
  auto script = ScriptFromText("typed.lua", "-- speed\nfunction speed(mover, land)\n  return 'fast'\nend\n");
  Runner runner(*rules, Limits{});
  runner.SetMover(CreatureFacts{}, {script.get()});
  EXPECT_EQ(runner.Speed(30), 30);
  ASSERT_TRUE(runner.failed());
  EXPECT_EQ(runner.failure().code, "lua-result");
  EXPECT_EQ(runner.failure_text(),
            "typed.lua:2: in speed, while working out the land speed of the creature: speed returned a string; it returns a number or nil (to keep the rules' result)");
}

TEST(LuaRunner, TheMoverViewIsReadOnlyAndReadsTheTables) {
  SourceSet sources;
  Diagnostics load;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, load);
  ASSERT_TRUE(rules) << Render(load, sources);
  auto reads = ScriptFromText("reads.lua",
                              "function speed(mover, land)\n"
                              "  assert(mover.size.name == 'large' and mover.size.space == 10)\n"
                              "  assert(mover:has('flying') and not mover:has('prone'))\n"
                              "  assert(rules.tables.terrain.open == rules.tables.terrain[1])\n"
                              "  assert(rules.name == 'dnd35' and rules.square_ft == 5)\n"
                              "  return land + mover.speed.fly\n"
                              "end\n");
  CreatureFacts mover;
  mover.size = "large";
  mover.traits = {"flying"};
  mover.speeds_ft = {{"fly", 60}};
  Runner runner(*rules, Limits{});
  runner.SetMover(mover, {reads.get()});
  EXPECT_EQ(runner.Speed(30), 90) << runner.failure_text();
  auto writes = ScriptFromText("writes.lua", "function speed(mover, land)\n  mover.size = nil\nend\n");
  Runner second(*rules, Limits{});
  second.SetMover(mover, {writes.get()});
  second.Speed(30);
  EXPECT_EQ(second.failure_text(),
            "writes.lua:2: in speed, while working out the land speed of the creature: this table is read-only: a "
            "script changes nothing but its return value");
}

// Queries borrow the Lua state of the one before (hooks/sandbox_pool.h), and see nothing of it:
// not its globals, not its upvalues, not its mover or ruleset, not its spent budget.
TEST(LuaRunner, ALaterQueryReusesTheStateAndSeesNothingOfTheEarlier) {
  SourceSet sources;
  Diagnostics load;
  auto dnd35 = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, load);
  auto starfinder = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/starfinder", sources, load);
  ASSERT_TRUE(dnd35 && starfinder) << Render(load, sources);
  auto leaky = ScriptFromText("leaky.lua",
                              "local calls = 0\n"
                              "function speed(mover, land)\n"
                              "  calls = calls + 1\n"
                              "  local before = leaked\n"
                              "  leaked = mover.id\n"
                              "  _G.also = rules.name\n"
                              "  if before ~= nil or calls ~= 1 then return 1 end\n"
                              "  if mover.id == 'first' and rules.name == 'dnd35' then return land + 5 end\n"
                              "  if mover.id == 'second' and rules.name == 'starfinder' then return land + 7 end\n"
                              "  return 2\n"
                              "end\n");
  auto reader = ScriptFromText("reader.lua",
                               "function speed(mover, land)\n"
                               "  if leaked ~= nil or also ~= nil then return 3 end\n"
                               "  return land\n"
                               "end\n");
  ASSERT_FALSE(leaky->error || reader->error);
  CreatureFacts first;
  first.id = "first";
  CreatureFacts second;
  second.id = "second";
  int64_t made = 0;
  {
    Runner runner(*dnd35, Limits{});
    runner.SetMover(first, {leaky.get()});
    EXPECT_EQ(runner.Speed(30), 35) << runner.failure_text();
    EXPECT_EQ(runner.Speed(30), 35) << runner.failure_text();  // a second call of the same query
    made = SandboxLease::Made();
  }
  {
    Runner runner(*starfinder, Limits{});
    runner.SetMover(second, {leaky.get(), reader.get()});
    EXPECT_EQ(runner.Speed(30), 37) << runner.failure_text();
    EXPECT_EQ(runner.calls(), 2);  // counted for this query only
  }
  EXPECT_EQ(SandboxLease::Made(), made);  // the second query borrowed the first's state
  // A query that runs out of its budget leaves the next one its whole budget.
  auto loop = ScriptFromText("loop.lua", "function speed(mover, land)\n  while true do end\nend\n");
  for (const char* id : {"spent", "fresh"}) {
    QueryBudget budget;
    budget.query = id;
    if (std::string(id) == "spent") budget.instructions = 0;
    Runner runner(*dnd35, Limits{});
    runner.SetQueryBudget(&budget);
    runner.SetMover(first, {loop.get()});
    EXPECT_EQ(runner.Speed(30), 30);
    ASSERT_TRUE(runner.failed());
    EXPECT_EQ(runner.failure().code, "lua-budget");
    bool query_limited = runner.failure_text().find("ran past the budget of query 'spent'") != std::string::npos;
    EXPECT_EQ(query_limited, std::string(id) == "spent") << runner.failure_text();
  }
  // Per-call limits still hold in a borrowed state, after a failure as before one.
  auto bomb = ScriptFromText("bomb.lua", "function speed(mover, land)\n  return #string.rep('x', 1e9)\nend\n");
  for (int query = 0; query < 2; ++query) {
    for (const auto& [script, code] : {std::pair{bomb.get(), "lua-memory"}, std::pair{loop.get(), "lua-budget"}}) {
      Runner runner(*dnd35, Limits{});
      runner.SetMover(first, {script});
      runner.Speed(30);
      ASSERT_TRUE(runner.failed());
      EXPECT_EQ(runner.failure().code, code);
    }
  }
  EXPECT_EQ(SandboxLease::Made(), made);
}

}  // namespace
}  // namespace rulecraft::hooks
