// What a condition brings with it (tables/brought_conditions.h): the closure, and the errors of a
// `brings` cell that names no row or leads back to its own row.
#include "tables/brought_conditions.h"

#include <algorithm>
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "base/suggest.h"
#include "tables/table_loader.h"

namespace rulecraft::tables {
namespace {

// Loads an in-memory `conditions` table, checks its `brings`, and returns the rendered errors.
std::string Errors(const std::string& text, Table* out = nullptr) {
  SourceSet sources;
  const SourceFile& file = sources.Add("conditions.yaml", text);
  Diagnostics diagnostics;
  Table loaded = LoadTable(file, *FindSchema("conditions"), 5, diagnostics);
  CheckBrings(loaded, diagnostics);
  if (out != nullptr) *out = loaded;
  return Render(diagnostics, sources);
}

TEST(BroughtConditions, ClosesOverWhatEachBringsSayingWhoBroughtIt) {
  Table table;
  ASSERT_EQ(Errors("rows:\n"
                   "  - { name: dying, brings: [unconscious] }\n"
                   "  - { name: unconscious, brings: [helpless, prone] }\n"
                   "  - { name: helpless }\n"
                   "  - { name: prone }\n",
                   &table),
            "");
  std::vector<BroughtCondition> brought = BroughtBy(table, {"dying"});
  ASSERT_EQ(brought.size(), 3u);
  EXPECT_EQ(brought[0].name, "unconscious");
  EXPECT_EQ(brought[1].name, "helpless");
  EXPECT_EQ(brought[1].by, "dying");
  EXPECT_EQ(brought[1].chain, (std::vector<std::string>{"dying", "unconscious", "helpless"}));
  EXPECT_EQ(brought[2].name, "prone");
  // A condition given as well is not brought again.
  std::vector<BroughtCondition> with_prone = BroughtBy(table, {"unconscious", "prone"});
  ASSERT_EQ(with_prone.size(), 1u);
  EXPECT_EQ(with_prone[0].name, "helpless");
  EXPECT_TRUE(BroughtBy(table, {"helpless", "unknown_name"}).empty());
}

TEST(BroughtConditions, AnUnknownRowIsLocatedWithTheClosestName) {
  EXPECT_EQ(Errors("rows:\n"
                   "  - { name: paralyzed, brings: [helples] }\n"
                   "  - { name: helpless }\n"),
            "conditions.yaml:2:33: error[unknown-row]: condition 'paralyzed' brings 'helples', which is not a row of "
            "table 'conditions'\n"
            " 2 |   - { name: paralyzed, brings: [helples] }\n"
            "   |                                 ^~~~~~~\n"
            "  note: did you mean 'helpless'?\n");
}

TEST(BroughtConditions, ACycleIsRefusedAtTheEntryThatClosesIt) {
  Table table;
  std::string errors = Errors("rows:\n"
                              "  - { name: a, brings: [b] }\n"
                              "  - { name: b, brings: [c] }\n"
                              "  - { name: c, brings: [a] }\n",
                              &table);
  EXPECT_EQ(errors,
            "conditions.yaml:2:25: error[recursion]: condition 'a' brings itself back (a → b → c → a): what a "
            "condition brings may not lead back to it\n"
            " 2 |   - { name: a, brings: [b] }\n"
            "   |                         ^\n");
  // Even so the closure ends.
  EXPECT_EQ(BroughtBy(table, {"a"}).size(), 2u);
  EXPECT_NE(Errors("rows:\n  - { name: a, brings: [a] }\n").find("brings itself back (a → a)"), std::string::npos);
}

TEST(BroughtConditions, BringsMustBeAListOfNames) {
  EXPECT_EQ(Errors("rows:\n  - { name: a, brings: helpless }\n"),
            "conditions.yaml:2:24: error[wrong-type]: expected a list of names such as [helpless, prone] in column "
            "'brings', found 'helpless'\n"
            " 2 |   - { name: a, brings: helpless }\n"
            "   |                        ^~~~~~~~\n");
}


// The cycle check as first written, by row names (the plain reference for CheckBrings' search by
// row index).
bool ReferenceWayBack(const Table& table, const Row& row, const std::string& start, std::vector<std::string>& path,
                      std::vector<std::string>& seen) {
  const Value* cell = row.Get("brings");
  if (cell == nullptr || cell->kind != Value::Kind::kList) return false;
  for (const Value::Item& item : cell->entries) {
    const Value* entry = &item.value;
    if (entry->text == start) {
      path.push_back(entry->text);
      return true;
    }
    if (std::find(seen.begin(), seen.end(), entry->text) != seen.end()) continue;
    seen.push_back(entry->text);
    const Row* next = table.Find(entry->text);
    if (next == nullptr) continue;
    path.push_back(entry->text);
    if (ReferenceWayBack(table, *next, start, path, seen)) return true;
    path.pop_back();
  }
  return false;
}

void ReferenceCycles(const Table& table, Diagnostics& diagnostics) {
  std::vector<std::string> reported;
  for (const Row& row : table.rows) {
    if (std::find(reported.begin(), reported.end(), row.name) != reported.end()) continue;
    std::vector<std::string> path{row.name};
    std::vector<std::string> seen;
    if (!ReferenceWayBack(table, row, row.name, path, seen)) continue;
    std::string chain;
    for (const std::string& name : path) chain += (chain.empty() ? "" : " → ") + name;
    const Value* cell = row.Get("brings");
    const Value* first = &cell->entries.front().value;
    for (const Value::Item& item : cell->entries) {
      if (path.size() > 1 && item.value.text == path[1]) first = &item.value;
    }
    diagnostics.Error("recursion", first->span,
                      fmt::format("condition '{}' brings itself back ({}): what a condition brings may not "
                                  "lead back to it",
                                  row.name, chain));
    reported.insert(reported.end(), path.begin(), path.end());
  }
}

TEST(BroughtConditions, CyclesAreFoundAsByTheReferenceSearch) {
  std::mt19937 random(15);
  size_t cycles = 0;
  for (int round = 0; round < 300; ++round) {
    size_t rows = 1 + random() % 8;
    std::string text = "rows:\n";
    for (size_t row = 0; row < rows; ++row) {
      text += fmt::format("  - {{ name: c{}, brings: [", row);
      size_t brings = random() % 4;
      for (size_t at = 0; at < brings; ++at) text += fmt::format("{}c{}", at == 0 ? "" : ", ", random() % rows);
      text += "] }\n";
    }
    SourceSet sources;
    const SourceFile& file = sources.Add("conditions.yaml", text);
    Diagnostics loading;
    Table table = LoadTable(file, *FindSchema("conditions"), 5, loading);
    ASSERT_EQ(loading.size(), 0u) << text;
    Diagnostics ours;
    Diagnostics theirs;
    CheckBrings(table, ours);
    ReferenceCycles(table, theirs);
    ASSERT_EQ(Render(ours, sources), Render(theirs, sources)) << text;
    cycles += theirs.size();
  }
  EXPECT_GT(cycles, 50u);
}

}  // namespace
}  // namespace rulecraft::tables
