#include "tables/table.h"

#include <algorithm>

namespace rulecraft::tables {

const Value* Value::Entry(std::string_view key) const {
  for (const auto& [name, value] : entries) {
    if (name == key) return &value;
  }
  return nullptr;
}

const Value* Row::Get(std::string_view column) const {
  for (const auto& [cell_column, value] : cells) {
    if (cell_column == column) return &value;
  }
  return nullptr;
}

double Row::Number(std::string_view column, double fallback) const {
  const Value* value = Get(column);
  return value != nullptr && value->IsNumber() ? value->number : fallback;
}

const ColumnSchema* Table::Column(std::string_view column) const {
  if (const TableSchema* schema = FindSchema(name)) {
    if (const ColumnSchema* known = schema->Column(column)) return known;
  }
  for (const ExtraColumn& extra : extra_columns) {
    if (extra.column.name == column) return &extra.column;
  }
  return nullptr;
}

std::vector<std::string> Table::ColumnNames() const {
  std::vector<std::string> names;
  if (const TableSchema* schema = FindSchema(name)) {
    for (const ColumnSchema& column : schema->columns) names.push_back(column.name);
  }
  for (const ExtraColumn& extra : extra_columns) names.push_back(extra.column.name);
  return names;
}

const Row* Table::Find(std::string_view row_name) const {
  for (const Row& row : rows) {
    if (row.name == row_name) return &row;
  }
  return nullptr;
}

std::vector<std::string> Table::RowNames() const {
  std::vector<std::string> names;
  for (const Row& row : rows) names.push_back(row.name);
  return names;
}

const Row* Table::FindAlsoCalled(std::string_view other_name) const {
  for (const Row& row : rows) {
    if (std::find(row.also_called.begin(), row.also_called.end(), other_name) != row.also_called.end()) return &row;
  }
  return nullptr;
}

int Table::IndexOf(std::string_view row_name) const {
  for (size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].name == row_name) return static_cast<int>(i);
  }
  return -1;
}

std::vector<std::string> Table::FootnoteEffects(const Row& row, std::string_view column) const {
  std::vector<std::string> effects;
  const Value* notes = row.Get("notes");
  if (notes == nullptr) return effects;
  for (const auto& [unused, id] : notes->entries) {
    for (const Footnote& note : footnotes) {
      if (static_cast<double>(note.id) == id.number && note.AppliesTo(column)) effects.push_back(note.effect);
    }
  }
  return effects;
}

void Table::Overlay(Table child) {
  file = std::move(child.file);
  if (!child.source.empty()) source = std::move(child.source);
  if (child.rows_span.HasFile()) rows_span = std::move(child.rows_span);
  for (Footnote& note : child.footnotes) {
    auto same = std::find_if(footnotes.begin(), footnotes.end(),
                             [&](const Footnote& old) { return old.id == note.id; });
    if (same != footnotes.end()) *same = std::move(note); else footnotes.push_back(std::move(note));
  }
  for (ExtraColumn& extra : child.extra_columns) {
    bool known = std::any_of(extra_columns.begin(), extra_columns.end(),
                             [&](const ExtraColumn& old) { return old.column.name == extra.column.name; });
    if (known) continue;
    for (Row& row : rows) {
      if (row.Get(extra.column.name) == nullptr) row.cells.emplace_back(extra.column.name, extra.fallback);
    }
    extra_columns.push_back(std::move(extra));
  }
  for (const Row& removed : child.removals) {
    std::erase_if(rows, [&](const Row& old) { return old.name == removed.name; });
  }
  for (Row& change : child.changes) {
    auto same = std::find_if(rows.begin(), rows.end(), [&](const Row& old) { return old.name == change.name; });
    if (same == rows.end()) continue;  // reported when the child was loaded
    same->span = std::move(change.span);  // where the row was last written
    if (!change.label.empty()) same->label = std::move(change.label);
    if (!change.also_called.empty()) same->also_called = std::move(change.also_called);
    for (auto& [column, value] : change.cells) {
      auto cell = std::find_if(same->cells.begin(), same->cells.end(),
                               [&](const auto& old) { return old.first == column; });
      if (cell != same->cells.end()) {
        cell->second = std::move(value);
      } else {
        same->cells.emplace_back(std::move(column), std::move(value));
      }
    }
  }
  for (Row& row : child.rows) {
    auto same = std::find_if(rows.begin(), rows.end(),
                             [&](const Row& old) { return old.name == row.name; });
    if (same != rows.end()) *same = std::move(row); else rows.push_back(std::move(row));
  }
}

const Table* TableSet::Find(std::string_view name) const {
  auto found = tables_.find(name);
  return found == tables_.end() ? nullptr : &found->second;
}

Table* TableSet::FindMutable(std::string_view name) {
  auto found = tables_.find(name);
  return found == tables_.end() ? nullptr : &found->second;
}

void TableSet::Put(Table table) {
  std::string name = table.name;
  tables_.insert_or_assign(std::move(name), std::move(table));
}

}  // namespace rulecraft::tables
