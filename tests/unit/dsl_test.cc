// The rules language end to end: checker errors (exact text), evaluation, stacking, and a
// randomised comparison of the bytecode machine with a simple tree-walking evaluator.
#include <array>
#include <cmath>
#include <functional>
#include <random>

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

// Compiles rules against the tables of tests/fixtures/mini.
Compiled Compile(const std::string& text, const std::string& dump_after = "", std::string* dump = nullptr) {
  SourceSet sources;
  Diagnostics diagnostics;
  tables::TableSet tables = tables::LoadTableFolder(
      std::string(RULECRAFT_SOURCE_DIR) + "/tests/fixtures/mini/tables", 5, sources, diagnostics);
  const SourceFile& file = sources.Add("test.rules", text);
  Compiled compiled;
  auto parsed = parse::ParseRulesFile(file, diagnostics);
  if (parsed) {
    std::vector<compile::LayeredFile> files;
    files.push_back({std::move(*parsed), 0, "test"});
    compiled.program = compile::CompileRules(std::move(files), tables, 5, diagnostics, {dump_after, dump});
  }
  diagnostics.SortByPosition();
  compiled.errors = Render(diagnostics, sources);
  return compiled;
}

double Eval(const compile::Program& program, const std::string& rule, std::vector<double> args) {
  eval::Machine machine(program);
  std::vector<eval::Slot> slots;
  for (double arg : args) slots.push_back(eval::Slot{.number = arg});
  return machine.Call(program.FindRule(rule), slots).number;
}

TEST(RulesLanguage, EvaluatesArithmeticConditionsAndLets) {
  Compiled compiled = Compile(
      "rule diagonal_cost(n: number) = if n % 2 == 1 then 1 square else 2 squares\n"
      "rule f(x: number) = let y = x * 2 in if y > 10 and not (y == 12) then y - 1 else min(y, 3) + floor(2.5)\n");
  ASSERT_TRUE(compiled.program) << compiled.errors;
  EXPECT_EQ(Eval(*compiled.program, "diagonal_cost", {1}), 5);   // "2 squares" is 10 ft at 5 ft
  EXPECT_EQ(Eval(*compiled.program, "diagonal_cost", {2}), 10);
  EXPECT_EQ(Eval(*compiled.program, "f", {7}), 13);
  EXPECT_EQ(Eval(*compiled.program, "f", {6}), 5);  // y == 12 → min(12, 3) + 2
  EXPECT_EQ(Eval(*compiled.program, "f", {1}), 4);
}

TEST(RulesLanguage, RulesCallRulesAndReadTables) {
  Compiled compiled = Compile(
      "rule twice(d: distance) = d * 2\n"
      "rule large_reach(n: number) = twice(sizes.large.reach_tall) + n * 1 ft\n"
      "rule human_heavy(n: number) = speeds.human.speed[armor.heavy]\n");
  ASSERT_TRUE(compiled.program) << compiled.errors;
  EXPECT_EQ(Eval(*compiled.program, "large_reach", {3}), 23);
  EXPECT_EQ(Eval(*compiled.program, "human_heavy", {0}), 20);
}

// Stacking follows tests/fixtures/mini/tables/bonus_types.yaml: untyped stacks, enhancement
// keeps the highest; penalties add up.
TEST(RulesLanguage, TotalStacksByBonusType) {
  Compiled compiled = Compile(
      "rule t(n: number) = total([bonus(2, untyped), bonus(3, untyped), bonus(1, enhancement),\n"
      "                           bonus(4, enhancement) if n > 0, bonus(-1, enhancement), bonus(-2, enhancement)])\n");
  ASSERT_TRUE(compiled.program) << compiled.errors;
  EXPECT_EQ(Eval(*compiled.program, "t", {1}), 2 + 3 + 4 - 1 - 2);
  EXPECT_EQ(Eval(*compiled.program, "t", {0}), 2 + 3 + 1 - 1 - 2);
}

TEST(RulesLanguage, DivisionByZeroIsAnErrorNotACrash) {
  Compiled compiled = Compile("rule d(n: number) = 10 / n\n");
  ASSERT_TRUE(compiled.program) << compiled.errors;
  eval::Machine machine(*compiled.program);
  eval::Slot zero{.number = 0};
  machine.Call(0, {&zero, 1});
  EXPECT_EQ(machine.error(), "division by zero in rule 'd'");
  // A later call that succeeds does not hide it: the query that made both calls must fail.
  eval::Slot two{.number = 2};
  EXPECT_EQ(machine.Call(0, {&two, 1}).number, 5);
  EXPECT_EQ(machine.error(), "division by zero in rule 'd'");
}

// A runtime failure knows the expression that failed (the division, not the rule), and a
// FailureWatch on the thread receives it, for the query's answer.
TEST(RulesLanguage, RuntimeFailureKnowsItsExpression) {
  Compiled compiled = Compile("rule d(n: number) =\n  1 + 10 % (n - n) + 4\n");
  ASSERT_TRUE(compiled.program) << compiled.errors;
  eval::FailureWatch watch;
  eval::Machine machine(*compiled.program);
  eval::Slot one{.number = 1};
  machine.Call(0, {&one, 1});
  EXPECT_EQ(machine.error(), "remainder by zero in rule 'd'");
  const std::string text = "rule d(n: number) =\n  1 + 10 % (n - n) + 4\n";
  const SourceSpan& span = machine.error_span();
  EXPECT_EQ(text.substr(span.begin, span.end - span.begin), "10 % (n - n)");
  ASSERT_EQ(watch.failures().size(), 1u);
  EXPECT_EQ(watch.failures()[0].message, "remainder by zero in rule 'd'");
  EXPECT_EQ(watch.failures()[0].span.begin, span.begin);
  // A caller that adds to the message still finds it.
  EXPECT_EQ(watch.Find("rule may_share failed: remainder by zero in rule 'd'"), &watch.failures()[0]);
  EXPECT_EQ(watch.Find("division by zero in rule 'd'"), nullptr);
  {
    eval::FailureWatch inner;  // the innermost watch takes a later failure; the outer keeps its own
    eval::Machine again(*compiled.program);
    again.Call(0, {&one, 1});
    EXPECT_EQ(inner.failures().size(), 1u);
  }
  EXPECT_EQ(watch.failures().size(), 1u);
}

TEST(RulesErrors, UnknownNamesSuggestAndSeveralAreReported) {
  EXPECT_EQ(Compile("rule a(mover: creature) = mover.sise.reach_tall\n"
                    "rule b(n: number) = m + 1\n"
                    "rule c(n: number) = armor.hevy\n"
                    "rule d(n: number) = flor(n)\n")
                .errors,
            "test.rules:1:27: error[type]: a creature has no field 'sise'\n"
            " 1 | rule a(mover: creature) = mover.sise.reach_tall\n"
            "   |                           ^~~~~~~~~~\n"
            "  note: did you mean 'size'?\n"
            "test.rules:2:21: error[unknown-name]: unknown name 'm'\n"
            " 2 | rule b(n: number) = m + 1\n"
            "   |                     ^\n"
            "  note: expected one of: n, ac_modifiers, armor, attack_modifiers, bonus_types, conditions, movement_modes, sizes, "
            "speeds, terrain\n"
            "test.rules:3:21: error[unknown-name]: table 'armor' has no row 'hevy'\n"
            " 3 | rule c(n: number) = armor.hevy\n"
            "   |                     ^~~~~~~~~~\n"
            "  note: did you mean 'heavy'?\n"
            "test.rules:4:21: error[unknown-name]: unknown rule or function 'flor'\n"
            " 4 | rule d(n: number) = flor(n)\n"
            "   |                     ^~~~~~~\n"
            "  note: did you mean 'floor'?\n");
}

// any_condition(column): one has(row) per row of `conditions` whose bool column is true, traced
// as that row's cell.
TEST(RulesLanguage, AnyConditionReadsABoolColumnOfConditions) {
  Compiled compiled = Compile("rule acts(mover: creature): bool = not mover.any_condition(cannot_act)\n");
  ASSERT_EQ(compiled.errors, "");
  const compile::Program& program = *compiled.program;
  // The rows whose column is true are the flags the rule tests (helpless, dazed), not paralyzed.
  EXPECT_GE(program.FlagBit("helpless"), 0);
  EXPECT_GE(program.FlagBit("dazed"), 0);
  EXPECT_EQ(program.FlagBit("paralyzed"), -1);
  std::array<eval::Slot, compile::kRecordHeader + 32> creature{};
  eval::Machine machine(program);
  eval::Trace trace;
  machine.SetTrace(&trace);
  eval::Slot argument{.record = creature.data()};
  EXPECT_EQ(machine.Call(program.FindRule("acts"), {&argument, 1}).number, 1);
  creature[0].bits = uint64_t{1} << program.FlagBit("dazed");
  trace.events.clear();
  EXPECT_EQ(machine.Call(program.FindRule("acts"), {&argument, 1}).number, 0);
  ASSERT_EQ(trace.events.size(), 2u);  // the dazed row's cell, then the rule
  const compile::ColumnData& column = program.columns[static_cast<size_t>(trace.events[0].index)];
  EXPECT_EQ(column.table, "conditions");
  EXPECT_EQ(column.rows[static_cast<size_t>(trace.events[0].row)], "dazed");
}

TEST(RulesErrors, AnyConditionNeedsABoolColumn) {
  EXPECT_EQ(Compile("rule a(mover: creature): bool = mover.any_condition(cannot_akt)\n"
                    "rule b(mover: creature): bool = mover.any_condition(remark)\n")
                .errors,
            "test.rules:1:53: error[type]: table 'conditions' has no column 'cannot_akt'\n"
            " 1 | rule a(mover: creature): bool = mover.any_condition(cannot_akt)\n"
            "   |                                                     ^~~~~~~~~~\n"
            "  note: did you mean 'cannot_act'?\n"
            "test.rules:2:53: error[type]: column 'remark' of table 'conditions' is not true or false\n"
            " 2 | rule b(mover: creature): bool = mover.any_condition(remark)\n"
            "   |                                                     ^~~~~~\n"
            "  note: expected one of: stand_up_ends, forbids_movement, incapacitates, keeps_away_from_source, cannot_act\n");
}

TEST(RulesErrors, TypeErrorsNameBothTypes) {
  EXPECT_EQ(Compile("rule a(mover: creature) = mover.sise\n"
                    "rule b(n: number) = if n then 1 else 2\n"
                    "rule c(n: number) = if n > 1 then 1 else true\n")
                .errors,
            "test.rules:1:27: error[type]: a creature has no field 'sise'\n"
            " 1 | rule a(mover: creature) = mover.sise\n"
            "   |                           ^~~~~~~~~~\n"
            "  note: did you mean 'size'?\n"
            "test.rules:2:24: error[type]: expected a condition, found a number\n"
            " 2 | rule b(n: number) = if n then 1 else 2\n"
            "   |                        ^\n"
            "test.rules:3:21: error[type]: both branches must give the same type: 'then' gives a number, 'else' a bool\n"
            " 3 | rule c(n: number) = if n > 1 then 1 else true\n"
            "   |                     ^~~~~~~~~~~~~~~~~~~~~~~~~\n");
}

TEST(RulesErrors, FeetNeverMeetPlainNumbers) {
  EXPECT_EQ(Compile("rule a(n: number) = 5 ft + n\n"
                    "rule b(d: distance) = d * 2 ft\n"
                    "rule speed(mover) = 30\n")
                .errors,
            "test.rules:1:21: error[unit]: cannot add a distance and a plain number: give the number a unit "
            "(e.g. '5 ft') or divide the distance by one (e.g. 'd / 5 ft')\n"
            " 1 | rule a(n: number) = 5 ft + n\n"
            "   |                     ^~~~~~~~\n"
            "test.rules:2:23: error[unit]: cannot multiply two distances: rules have no areas\n"
            " 2 | rule b(d: distance) = d * 2 ft\n"
            "   |                       ^~~~~~~~\n"
            "test.rules:3:21: error[unit]: hook point 'speed' must give a distance, but this gives a plain number\n"
            " 3 | rule speed(mover) = 30\n"
            "   |                     ^~\n");
}

TEST(RulesErrors, RecursionAndMissingParameterTypes) {
  EXPECT_EQ(Compile("rule a(n: number) = b(n)\nrule b(n: number) = a(n)\nrule c(n) = n\n").errors,
            "test.rules:2:6: error[recursion]: rules may not call themselves: a → b → a\n"
            " 2 | rule b(n: number) = a(n)\n"
            "   |      ^\n"
            "test.rules:3:8: error[type]: parameter 'n' needs a type, e.g. 'n: number'\n"
            " 3 | rule c(n) = n\n"
            "   |        ^\n");
}

TEST(RulesErrors, SyntaxErrorsAreAllReported) {
  EXPECT_EQ(Compile("rule a(n: number) = n +\nrule b(n: number) = (n\n").errors,
            "test.rules:2:1: error[syntax]: expected an expression, found 'rule'\n"
            " 2 | rule b(n: number) = (n\n"
            "   | ^~~~\n"
            "test.rules:2:9: error[syntax]: expected {',', ')'}, found ':'\n"
            " 2 | rule b(n: number) = (n\n"
            "   |         ^\n");
}

TEST(RulesDump, LowerPrintsBytecode) {
  std::string dump;
  Compiled compiled = Compile("rule a(n: number) = n + 2 * 3\n", "lower", &dump);
  ASSERT_TRUE(compiled.program) << compiled.errors;
  EXPECT_EQ(dump,
            "rule a (params 1, frame 1, stack 2) -> number\n"
            "    0  load slot 0\n"
            "    1  const 6\n"
            "    2  add\n"
            "    3  return\n");
}

// --- The bytecode machine against a deliberately simple tree-walking evaluator. ---

// A random typed expression over parameters a and b, printed as source and evaluated directly.
struct Generated {
  std::string text;
  std::function<double(double, double)> value;
};

class ExpressionGenerator {
 public:
  explicit ExpressionGenerator(uint32_t seed) : random_(seed) {}

  Generated Number(int depth) {
    int choice = depth <= 0 ? static_cast<int>(random_() % 3) : static_cast<int>(random_() % 11);
    switch (choice) {
      case 0: {
        double constant = static_cast<double>(random_() % 20);
        return {fmt(constant), [constant](double, double) { return constant; }};
      }
      case 1: return {"a", [](double a, double) { return a; }};
      case 2: return {"b", [](double, double b) { return b; }};
      case 3: case 4: case 5: {
        const char* ops[] = {"+", "-", "*"};
        std::string op = ops[choice - 3];
        Generated left = Number(depth - 1), right = Number(depth - 1);
        return {"(" + left.text + " " + op + " " + right.text + ")", [=](double a, double b) {
                  double x = left.value(a, b), y = right.value(a, b);
                  return op == "+" ? x + y : op == "-" ? x - y : x * y;
                }};
      }
      case 6: {
        Generated cond = Bool(depth - 1), yes = Number(depth - 1), no = Number(depth - 1);
        return {"(if " + cond.text + " then " + yes.text + " else " + no.text + ")",
                [=](double a, double b) { return cond.value(a, b) != 0 ? yes.value(a, b) : no.value(a, b); }};
      }
      case 7: {
        Generated value = Number(depth - 1);
        return {"floor(" + value.text + " / 4)", [=](double a, double b) { return std::floor(value.value(a, b) / 4); }};
      }
      case 8: {
        Generated left = Number(depth - 1), right = Number(depth - 1);
        return {"max(" + left.text + ", " + right.text + ")",
                [=](double a, double b) { return std::max(left.value(a, b), right.value(a, b)); }};
      }
      case 9: {
        Generated value = Number(depth - 1), body = Number(depth - 1);
        // `let a = value in body` rebinds a inside body.
        return {"(let a = " + value.text + " in " + body.text + ")",
                [=](double a, double b) { return body.value(value.value(a, b), b); }};
      }
      default: {
        Generated value = Number(depth - 1);
        return {"-" + value.text, [=](double a, double b) { return -value.value(a, b); }};
      }
    }
  }

  Generated Bool(int depth) {
    int choice = depth <= 0 ? 0 : static_cast<int>(random_() % 4);
    if (choice == 0) {
      Generated left = Number(depth - 1), right = Number(depth - 1);
      return {"(" + left.text + " < " + right.text + ")",
              [=](double a, double b) { return left.value(a, b) < right.value(a, b) ? 1.0 : 0.0; }};
    }
    if (choice == 3) {
      Generated inner = Bool(depth - 1);
      return {"(not " + inner.text + ")", [=](double a, double b) { return inner.value(a, b) != 0 ? 0.0 : 1.0; }};
    }
    Generated left = Bool(depth - 1), right = Bool(depth - 1);
    std::string op = choice == 1 ? "and" : "or";
    return {"(" + left.text + " " + op + " " + right.text + ")", [=](double a, double b) {
              bool x = left.value(a, b) != 0, y = right.value(a, b) != 0;
              return (op == "and" ? x && y : x || y) ? 1.0 : 0.0;
            }};
  }

 private:
  static std::string fmt(double value) { return std::to_string(static_cast<int>(value)); }
  std::mt19937 random_;
};

TEST(RulesMachine, AgreesWithATreeWalkingEvaluatorOnRandomExpressions) {
  ExpressionGenerator generator(20261122);
  for (int round = 0; round < 300; ++round) {
    Generated expression = generator.Number(4);
    Compiled compiled = Compile("rule r(a: number, b: number) = " + expression.text + "\n");
    ASSERT_TRUE(compiled.program) << expression.text << "\n" << compiled.errors;
    for (double a : {-3.0, 0.0, 2.0, 7.0}) {
      for (double b : {-1.0, 1.0, 5.0}) {
        EXPECT_DOUBLE_EQ(Eval(*compiled.program, "r", {a, b}), expression.value(a, b))
            << expression.text << " with a=" << a << " b=" << b;
      }
    }
  }
}

// Random token soup in rule bodies never crashes the compiler; a failure always says why.
TEST(RulesFuzz, RandomTokenSoupNeverCrashes) {
  const std::vector<std::string> pieces = {"rule", "r", "(", ")", "=", "if", "then", "else", "let", "in",
                                           "and", "or", "not", "+", "*", "/", "%", "^", "-", "==", "<",
                                           "[", "]", ",", ".", "ft", "squares", "5", "true", "x", "mover",
                                           "total", "bonus", "armor", "heavy", ":", "number", "creature",
                                           "\"s\"", "sizes", "large", "space", "has", "speed", "#"};
  std::mt19937 random(7);
  for (int round = 0; round < 3000; ++round) {
    std::string text = "rule r(x: number, mover: creature) = ";
    size_t count = random() % 16;
    for (size_t i = 0; i < count; ++i) text += pieces[random() % pieces.size()] + " ";
    Compiled compiled = Compile(text);
    if (!compiled.program) {
      EXPECT_FALSE(compiled.errors.empty()) << text;
    }
  }
}

}  // namespace
}  // namespace rulecraft
