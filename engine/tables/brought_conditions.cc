#include "tables/brought_conditions.h"

#include <algorithm>
#include <deque>

#include <fmt/format.h>

#include "base/suggest.h"

namespace rulecraft::tables {

namespace {

// The names the row's `brings` cell lists, with their cells (none when it has no such cell).
std::vector<const Value*> BringsOf(const Row& row) {
  std::vector<const Value*> entries;
  const Value* cell = row.Get("brings");
  if (cell == nullptr || cell->kind != Value::Kind::kList) return entries;
  for (const Value::Item& item : cell->entries) entries.push_back(&item.value);
  return entries;
}

bool Contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Depth-first search from `row` for a way back to `start`; fills `path` with the names on it.
bool FindWayBack(const Table& table, const Row& row, const std::string& start, std::vector<std::string>& path,
                 std::vector<std::string>& seen) {
  for (const Value* entry : BringsOf(row)) {
    if (entry->text == start) {
      path.push_back(entry->text);
      return true;
    }
    if (Contains(seen, entry->text)) continue;
    seen.push_back(entry->text);
    const Row* next = table.Find(entry->text);
    if (next == nullptr) continue;
    path.push_back(entry->text);
    if (FindWayBack(table, *next, start, path, seen)) return true;
    path.pop_back();
  }
  return false;
}

}  // namespace

void CheckBrings(const Table& conditions, Diagnostics& diagnostics) {
  std::vector<std::string> names = conditions.RowNames();
  bool unknown = false;
  for (const Row& row : conditions.rows) {
    for (const Value* entry : BringsOf(row)) {
      if (conditions.Find(entry->text) != nullptr) continue;
      Diagnostic& error = diagnostics.Error(
          "unknown-row", entry->span,
          fmt::format("condition '{}' brings '{}', which is not a row of table 'conditions'", row.name, entry->text));
      SuggestName(error, entry->text, names);
      unknown = true;
    }
  }
  if (unknown) return;
  std::vector<std::string> reported;  // each cycle once, at its first row
  for (const Row& row : conditions.rows) {
    if (Contains(reported, row.name)) continue;
    std::vector<std::string> path{row.name};
    std::vector<std::string> seen;
    if (!FindWayBack(conditions, row, row.name, path, seen)) continue;
    std::string chain;
    for (const std::string& name : path) chain += (chain.empty() ? "" : " → ") + name;
    const Value* first = BringsOf(row).empty() ? nullptr : BringsOf(row).front();
    for (const Value* entry : BringsOf(row)) {
      if (path.size() > 1 && entry->text == path[1]) first = entry;
    }
    diagnostics.Error("recursion", first != nullptr ? first->span : row.span,
                      fmt::format("condition '{}' brings itself back ({}): what a condition brings may not "
                                  "lead back to it",
                                  row.name, chain));
    reported.insert(reported.end(), path.begin(), path.end());
  }
}

std::vector<BroughtCondition> BroughtBy(const Table& conditions, const std::vector<std::string>& given) {
  std::vector<BroughtCondition> brought;
  std::vector<std::string> held = given;
  for (const std::string& start : given) {
    std::deque<std::vector<std::string>> queue{{start}};
    while (!queue.empty()) {
      std::vector<std::string> chain = std::move(queue.front());
      queue.pop_front();
      const Row* row = conditions.Find(chain.back());
      if (row == nullptr) continue;
      for (const Value* entry : BringsOf(*row)) {
        if (Contains(held, entry->text)) continue;
        held.push_back(entry->text);
        std::vector<std::string> longer = chain;
        longer.push_back(entry->text);
        brought.push_back({entry->text, start, longer});
        queue.push_back(std::move(longer));
      }
    }
  }
  return brought;
}

}  // namespace rulecraft::tables
