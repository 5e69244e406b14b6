// The passes' index of tables by name (dsl/check/table_index.h, issue 15) agrees with
// TableSet::Find, the simple reference, on every table's name and on many names that are not
// tables (prefixes, extensions, other cases, the empty name).
#include "dsl/check/table_index.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace rulecraft::check {
namespace {

tables::TableSet ManyTables(int count) {
  tables::TableSet set;
  for (int i = 0; i < count; ++i) {
    tables::Table table;
    table.name = "table_" + std::to_string(i * 7);
    set.Put(std::move(table));
  }
  return set;
}

TEST(TableIndex, AgreesWithTheSetOnNamesInAndOut) {
  for (int count : {0, 1, 5, 40, 300}) {
    tables::TableSet set = ManyTables(count);
    TableIndex index(set);
    std::vector<std::string> probes = {"", "table_", "Table_0", "table_0 ", "conditions"};
    for (int i = 0; i < count * 7 + 10; ++i) {
      probes.push_back("table_" + std::to_string(i));
      probes.push_back("table_" + std::to_string(i) + "x");
    }
    for (const std::string& name : probes) {
      EXPECT_EQ(index.Find(name), set.Find(name)) << count << " tables, name '" << name << "'";
    }
    for (const auto& [name, table] : set.all()) EXPECT_EQ(index.Find(name), &table);
  }
}

}  // namespace
}  // namespace rulecraft::check
