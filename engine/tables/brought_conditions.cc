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

// What each row brings, as row indices with the entries naming them (entries of no row left out).
struct BringsGraph {
  std::vector<std::vector<std::pair<size_t, const Value*>>> brings;  // by row
};

BringsGraph GraphOf(const Table& table) {
  BringsGraph graph;
  graph.brings.resize(table.rows.size());
  for (size_t at = 0; at < table.rows.size(); ++at) {
    for (const Value* entry : BringsOf(table.rows[at])) {
      int next = table.IndexOf(entry->text);
      if (next >= 0) graph.brings[at].push_back({static_cast<size_t>(next), entry});
    }
  }
  return graph;
}

// Depth-first search from row `row` for a way back to row `start`, in the entries' order; fills
// `path` with the rows on it. Row names are unique, so a name is its row.
bool FindWayBack(const BringsGraph& graph, size_t row, size_t start, std::vector<size_t>& path,
                 std::vector<uint8_t>& seen) {
  for (const auto& [next, entry] : graph.brings[row]) {
    if (next == start) {
      path.push_back(next);
      return true;
    }
    if (seen[next] != 0) continue;
    seen[next] = 1;
    path.push_back(next);
    if (FindWayBack(graph, next, start, path, seen)) return true;
    path.pop_back();
  }
  return false;
}

}  // namespace

void CheckBrings(const Table& conditions, Diagnostics& diagnostics) {
  bool unknown = false;
  for (const Row& row : conditions.rows) {
    for (const Value* entry : BringsOf(row)) {
      if (conditions.Find(entry->text) != nullptr) continue;
      Diagnostic& error = diagnostics.Error(
          "unknown-row", entry->span,
          fmt::format("condition '{}' brings '{}', which is not a row of table 'conditions'", row.name, entry->text));
      SuggestName(error, entry->text, conditions.RowNames());
      unknown = true;
    }
  }
  if (unknown) return;
  BringsGraph graph = GraphOf(conditions);
  std::vector<uint8_t> reported(conditions.rows.size(), 0);  // each cycle once, at its first row
  std::vector<uint8_t> seen(conditions.rows.size(), 0);
  std::vector<size_t> path;
  for (size_t at = 0; at < conditions.rows.size(); ++at) {
    if (reported[at] != 0 || graph.brings[at].empty()) continue;
    const Row& row = conditions.rows[at];
    path.assign(1, at);
    std::fill(seen.begin(), seen.end(), 0);
    if (!FindWayBack(graph, at, at, path, seen)) continue;
    std::string chain;
    for (size_t step : path) chain += (chain.empty() ? "" : " → ") + conditions.rows[step].name;
    std::vector<const Value*> entries = BringsOf(row);
    const Value* first = entries.empty() ? nullptr : entries.front();
    for (const Value* entry : entries) {
      if (path.size() > 1 && entry->text == conditions.rows[path[1]].name) first = entry;
    }
    diagnostics.Error("recursion", first != nullptr ? first->span : row.span,
                      fmt::format("condition '{}' brings itself back ({}): what a condition brings may not "
                                  "lead back to it",
                                  row.name, chain));
    for (size_t step : path) reported[step] = 1;
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
