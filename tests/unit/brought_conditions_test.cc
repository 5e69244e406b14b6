// What a condition brings with it (tables/brought_conditions.h): the closure, and the errors of a
// `brings` cell that names no row or leads back to its own row.
#include "tables/brought_conditions.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace rulecraft::tables
