// The fused bonus-table instructions (kBonusTable, kTotalTable) against the unfused lowering of
// the same lists: random lists of constant conditional bonuses over every stacking policy, each
// compiled twice — as written, and with every condition wrapped in `not not (...)`, which no
// fusion accepts — and evaluated on random records, with and without a trace. The answers must
// be the same bits and the traces the same events.
#include <bit>
#include <cstring>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dsl/check/environment.h"
#include "dsl/compile/pipeline.h"
#include "dsl/eval/machine.h"
#include "dsl/parse/parse.h"
#include "tables/table_loader.h"

namespace rulecraft {
namespace {

// Compiles rules against tests/fixtures/stacking (one bonus type per stacking policy).
std::optional<compile::Program> Compile(const std::string& text, std::string* errors) {
  SourceSet sources;
  Diagnostics diagnostics;
  tables::TableSet tables = tables::LoadTableFolder(
      std::string(RULECRAFT_SOURCE_DIR) + "/tests/fixtures/stacking/tables", 5, sources, diagnostics);
  const SourceFile& file = sources.Add("test.rules", text);
  std::optional<compile::Program> program;
  if (auto parsed = parse::ParseRulesFile(file, diagnostics)) {
    std::vector<compile::LayeredFile> files;
    files.push_back({std::move(*parsed), 0, "test"});
    program = compile::CompileRules(std::move(files), tables, 5, diagnostics);
  }
  *errors = Render(diagnostics, sources);
  return program;
}

// How often each op occurs in a program's code.
int CountOp(const compile::Program& program, compile::Op op) {
  int count = 0;
  for (const compile::CompiledRule& rule : program.rules) {
    for (const compile::Instr& instr : rule.code) count += instr.op == op ? 1 : 0;
  }
  return count;
}

// A random list literal: its entries as written, and with each condition made unfusable.
struct GeneratedList {
  std::string fused;
  std::string unfused;
};

GeneratedList RandomList(std::mt19937& random) {
  static const char* kValues[] = {"-3", "-2", "-1", "0", "1", "2", "3", "0.5", "-0.25", "1.1", "4"};
  static const char* kTypes[] = {"untyped", "enhancement", "fear", "circumstance", "curse"};
  static const char* kSources[] = {"", ", \"ring\"", ", \"rod\""};
  static const char* kConditions[] = {
      "",  // unconditional
      "a.has(bless)",
      "a.has(haste)",
      "a.has(bless) and a.melee",
      "a.melee",
      "a.has(bless) and a.has(bane)",
      "a.ranged and a.has(haste)",
      "a.melee and a.ranged and a.has(prone)",
      "a.has(prone) and b.has(haste)",           // two records: not a table entry
      "a.flanking and a.melee and a.ranged",     // three fields: not a table entry
      "b.has(bane)",
      "a.melee and b.flanking",
      "a.has(bless) and a.has(haste) and a.has(bane) and a.flanking",
      "a.melee or a.has(bane)",                  // not a conjunction: not a table entry
  };
  GeneratedList list{"[", "["};
  size_t entries = 1 + random() % 12;
  for (size_t i = 0; i < entries; ++i) {
    std::string type = kTypes[random() % std::size(kTypes)];
    std::string bonus = std::string("bonus(") + kValues[random() % std::size(kValues)] + ", " + type +
                        kSources[random() % std::size(kSources)] + ")";
    std::string condition = kConditions[random() % std::size(kConditions)];
    std::string separator = i == 0 ? "" : ", ";
    list.fused += separator + bonus + (condition.empty() ? "" : " if " + condition);
    list.unfused += separator + bonus + (condition.empty() ? " if not false" : " if not not (" + condition + ")");
  }
  list.fused += "]";
  list.unfused += "]";
  return list;
}

// Rules over two attack records: a total of one list, a difference of two, and a list made by
// one rule, joined with another and totalled by a second.
std::string RulesText(const std::string& first, const std::string& second) {
  return "rule one(a: attack, b: attack) = total(" + first + ")\n" +
         "rule two(a: attack, b: attack) = total(" + first + ") - total(" + second + ")\n" +
         "rule made(a: attack, b: attack) = " + first + "\n" +
         "rule joined(a: attack, b: attack) = total(made(a, b) + " + second + ")\n";
}

// Attack records with random flags (bless, haste, bane, prone) and bool fields.
class Records {
 public:
  Records(const compile::Program& program, std::mt19937& random) {
    const check::RecordKind* attack = check::FindRecordKind("attack");
    size_t size = compile::kRecordHeader + attack->fields.size();
    slots_.assign(2 * size, eval::Slot{.bits = 0});
    for (size_t r = 0; r < 2; ++r) {
      eval::Slot* record = &slots_[r * size];
      for (const char* flag : {"bless", "haste", "bane", "prone"}) {
        int bit = program.FlagBit(flag);
        bool held = random() % 2 == 0;  // drawn for every flag: both programs draw alike
        if (bit >= 0 && held) record[0].bits |= uint64_t{1} << bit;
      }
      record[1].pointer = nullptr;
      for (const char* field : {"melee", "ranged", "flanking"}) {
        record[compile::kRecordHeader + attack->FieldIndex(field)].number = random() % 2 == 0 ? 1 : 0;
      }
      args_[r].record = record;
    }
  }
  // Flag bits are per program: the same named flags set in both programs' records.
  std::span<const eval::Slot> args() const { return args_; }

 private:
  std::vector<eval::Slot> slots_;
  eval::Slot args_[2];
};

// Bit-for-bit equal doubles (a -0 is not a +0).
uint64_t Bits(double value) { return std::bit_cast<uint64_t>(value); }

// What a trace says, without the origins' spans (the unfused text moves later entries).
std::vector<std::string> Events(const eval::Trace& trace) {
  std::vector<std::string> events;
  for (const eval::TraceEvent& event : trace.events) {
    events.push_back(std::to_string(static_cast<int>(event.kind)) + " " + std::to_string(event.index) + " " +
                     std::to_string(event.row) + " " + std::to_string(event.key) + " " +
                     std::to_string(Bits(event.value)) + " " + (event.counted ? "counted" : "dropped"));
  }
  return events;
}

TEST(BonusTable, AgreesWithTheUnfusedLoweringOnRandomListsAndRecords) {
  std::mt19937 random(20261126);
  int tables = 0;
  int totals = 0;
  for (int round = 0; round < 300; ++round) {
    GeneratedList first = RandomList(random);
    GeneratedList second = RandomList(random);
    std::string errors;
    std::optional<compile::Program> fused = Compile(RulesText(first.fused, second.fused), &errors);
    ASSERT_TRUE(fused) << first.fused << "\n" << errors;
    std::optional<compile::Program> unfused = Compile(RulesText(first.unfused, second.unfused), &errors);
    ASSERT_TRUE(unfused) << first.unfused << "\n" << errors;
    ASSERT_EQ(CountOp(*unfused, compile::Op::kBonusTable) + CountOp(*unfused, compile::Op::kTotalTable), 0);
    tables += CountOp(*fused, compile::Op::kBonusTable);
    totals += CountOp(*fused, compile::Op::kTotalTable);
    ASSERT_EQ(fused->origins.size(), unfused->origins.size());
    for (int inputs = 0; inputs < 16; ++inputs) {
      auto seed = static_cast<uint32_t>(random());
      std::mt19937 same_for_fused(seed);
      std::mt19937 same_for_unfused(seed);
      Records fused_records(*fused, same_for_fused);
      Records unfused_records(*unfused, same_for_unfused);
      for (const char* rule : {"one", "two", "joined"}) {
        eval::Machine fused_machine(*fused);
        eval::Machine unfused_machine(*unfused);
        double expected = unfused_machine.Call(unfused->FindRule(rule), unfused_records.args()).number;
        double got = fused_machine.Call(fused->FindRule(rule), fused_records.args()).number;
        ASSERT_EQ(Bits(got), Bits(expected)) << rule << ": " << got << " vs " << expected << "\n"
                                             << first.fused << "\n" << second.fused;
        eval::Trace fused_trace;
        eval::Trace unfused_trace;
        fused_machine.SetTrace(&fused_trace);
        unfused_machine.SetTrace(&unfused_trace);
        EXPECT_EQ(Bits(fused_machine.Call(fused->FindRule(rule), fused_records.args()).number), Bits(expected));
        unfused_machine.Call(unfused->FindRule(rule), unfused_records.args());
        ASSERT_EQ(Events(fused_trace), Events(unfused_trace)) << rule << "\n" << first.fused << "\n" << second.fused;
        EXPECT_FALSE(Events(fused_trace).empty());
      }
    }
  }
  // The random lists exercised both instructions many times.
  EXPECT_GT(tables, 100);
  EXPECT_GT(totals, 100);
}

// A known total: enhancement keeps the highest held bonus, fear the lowest penalty, circumstance
// the highest of each source; untyped and curse bonuses stack.
TEST(BonusTable, TotalStacksEachPolicy) {
  std::string errors;
  std::optional<compile::Program> program = Compile(
      "rule t(a: attack, b: attack) = total([bonus(2, enhancement) if a.has(bless), bonus(3, enhancement) if a.melee,\n"
      "  bonus(-1, fear) if a.has(bless), bonus(-2, fear), bonus(1, circumstance, \"x\") if a.has(bless),\n"
      "  bonus(2, circumstance, \"x\"), bonus(1, untyped) if a.has(bless) and a.melee, bonus(2, curse)])\n",
      &errors);
  ASSERT_TRUE(program) << errors;
  ASSERT_EQ(CountOp(*program, compile::Op::kTotalTable), 1);
  const check::RecordKind* attack = check::FindRecordKind("attack");
  std::vector<eval::Slot> record(compile::kRecordHeader + attack->fields.size(), eval::Slot{.bits = 0});
  eval::Slot args[2] = {{.record = record.data()}, {.record = record.data()}};
  eval::Machine machine(*program);
  const int melee = compile::kRecordHeader + attack->FieldIndex("melee");
  // Neither blessed nor melee: -2 fear, 2 circumstance, 2 curse.
  EXPECT_EQ(machine.Call(0, args).number, -2 + 2 + 2);
  record[0].bits = uint64_t{1} << program->FlagBit("bless");
  EXPECT_EQ(machine.Call(0, args).number, 2 - 2 + 2 + 2);
  record[melee].number = 1;
  EXPECT_EQ(machine.Call(0, args).number, 3 - 2 + 2 + 1 + 2);
}

// The dump spells a table's entries out.
TEST(BonusTable, DumpListsTheEntries) {
  SourceSet sources;
  Diagnostics diagnostics;
  tables::TableSet tables = tables::LoadTableFolder(
      std::string(RULECRAFT_SOURCE_DIR) + "/tests/fixtures/stacking/tables", 5, sources, diagnostics);
  const SourceFile& file = sources.Add(
      "test.rules", "rule t(a: attack) = total([bonus(1, untyped) if a.has(bless) and a.melee, bonus(2, fear)])\n");
  auto parsed = parse::ParseRulesFile(file, diagnostics);
  ASSERT_TRUE(parsed);
  std::vector<compile::LayeredFile> files;
  files.push_back({std::move(*parsed), 0, "test"});
  std::string dump;
  ASSERT_TRUE(compile::CompileRules(std::move(files), tables, 5, diagnostics, {"lower", &dump}));
  EXPECT_EQ(dump,
            "rule t (params 1, frame 1, stack 1) -> number\n"
            "    0  total_table 1 untyped if slot 0 has bless and slot 0 #2; 2 fear\n"
            "    1  return\n");
}

}  // namespace
}  // namespace rulecraft
