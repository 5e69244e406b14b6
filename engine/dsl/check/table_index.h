// The tables of a ruleset by name, hashed once per compile (issue 15): the passes look a table
// up at every member, name and column they meet, and a std::map walk compares several names
// each time where this compares about one.
#pragma once

#include <string_view>
#include <vector>

#include "dsl/check/name_index.h"
#include "dsl/check/quick_hash.h"
#include "tables/table.h"

namespace rulecraft::check {

// A read-only index over a TableSet's tables, valid while the set is unchanged.
class TableIndex {
 public:
  // Indexes every table of `tables`.
  explicit TableIndex(const tables::TableSet& tables) {
    const auto& all = tables.all();
    tables_.reserve(all.size());
    index_.Reserve(all.size());
    for (const auto& [name, table] : all) {
      index_.AddHashed(QuickHash(name), static_cast<int>(tables_.size()));
      tables_.push_back({&name, &table});
    }
  }

  // The table with this name, or nullptr (as TableSet::Find).
  const tables::Table* Find(std::string_view name) const {
    int at = index_.FindHashed(QuickHash(name), [&](int i) { return *tables_[static_cast<size_t>(i)].name == name; });
    return at < 0 ? nullptr : tables_[static_cast<size_t>(at)].table;
  }

 private:
  struct Entry {
    const std::string* name;  // the set's key
    const tables::Table* table;
  };
  std::vector<Entry> tables_;
  NameIndex index_;
};

}  // namespace rulecraft::check
