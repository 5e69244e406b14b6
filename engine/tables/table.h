// A loaded ruleset table: named rows of typed cells, each remembering where it was written.
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rulecraft/diagnostic.h"
#include "tables/schema.h"

namespace rulecraft::tables {

// One cell value; distances are held in feet, ratios and ints as numbers.
struct Value {
  enum class Kind { kNotApplicable, kBool, kNumber, kText, kList, kMap };

  Kind kind = Kind::kNotApplicable;
  double number = 0;  // kNumber (ints, ratios, distances in feet); kBool as 0 or 1
  std::string text;   // kText, and the text as written for numbers ("3/4", "5 ft")
  struct Item;                  // a key and a value (a struct, not std::pair: Value is not complete here)
  std::vector<Item> entries;    // kList (empty keys) and kMap
  SourceSpan span;

  bool IsNumber() const { return kind == Kind::kNumber; }
  bool AsBool() const { return kind == Kind::kBool && number != 0; }
  // The entry with this key of a kMap value, or nullptr.
  const Value* Entry(std::string_view key) const;
};

struct Value::Item {
  std::string key;
  Value value;
};

// One row of a table: its unique name and its cells by column.
struct Row {
  std::string name;
  std::string label;
  SourceSpan span;  // the row's `name:` value
  std::vector<std::string> also_called;  // names other systems give this row (`also_called:`)
  std::vector<std::pair<std::string, Value>> cells;

  // The cell of a column, or nullptr when the row leaves it out.
  const Value* Get(std::string_view column) const;
  // A numeric cell, or `fallback` when absent or not a number.
  double Number(std::string_view column, double fallback = 0) const;
};

// A numbered footnote of a modifier table.
struct Footnote {
  int64_t id = 0;
  std::string effect;
  std::string text;
  std::vector<std::string> columns;  // the columns it applies to (`melee`, `ranged`); empty: every one
  SourceSpan span;

  // Whether it applies to a value of this column.
  bool AppliesTo(std::string_view column) const {
    return columns.empty() || std::find(columns.begin(), columns.end(), column) != columns.end();
  }
};

// A column a ruleset declares for a table (`columns:` in the table file), and the value of each
// row that leaves it out.
struct ExtraColumn {
  ColumnSchema column;
  Value fallback;
  SourceSpan span;  // its name under `columns:`
};

// One table file.
struct Table {
  std::string name;
  std::string file;
  std::string source;
  SourceSpan rows_span;  // the `rows:` list, where a missing row is reported
  std::vector<Row> rows;
  std::vector<Footnote> footnotes;
  std::vector<ExtraColumn> extra_columns;  // declared by this ruleset and the ones it builds on
  // A table of a ruleset that extends another: rows given in part (`change:`, each holding only
  // the cells it changes) and the parent's rows it drops (`remove:`, name and span only).
  std::vector<Row> changes;
  std::vector<Row> removals;

  // The column of this name: the engine's schema for the table, then the declared ones; or nullptr.
  const ColumnSchema* Column(std::string_view column) const;
  // Every column name (schema, then declared), for suggestions.
  std::vector<std::string> ColumnNames() const;
  // The row with this name, or nullptr.
  const Row* Find(std::string_view row_name) const;
  // The row names in table order (for suggestions and listings).
  std::vector<std::string> RowNames() const;
  // The row whose `also_called` lists `other_name` (what another system calls it), or nullptr.
  const Row* FindAlsoCalled(std::string_view other_name) const;
  // The index of a row in table order, or -1.
  int IndexOf(std::string_view row_name) const;
  // The effects of the footnotes `row` names (its `notes`) that hold for `column`, in order.
  std::vector<std::string> FootnoteEffects(const Row& row, std::string_view column) const;
  // Applies a child layer's table (a ruleset extending another): drops its `remove:` rows,
  // merges its `change:` cells into the rows of the same name, replaces rows of the same name
  // in place and appends new ones; adds its declared columns, giving the rows that lack one
  // its default; its footnotes replace the ones of the same id or are added.
  void Overlay(Table child);
};

// Every table of a ruleset, by name.
class TableSet {
 public:
  // The table with this name, or nullptr.
  const Table* Find(std::string_view name) const;
  // The table with this name, to change in place; or nullptr.
  Table* FindMutable(std::string_view name);
  // Adds or replaces a table.
  void Put(Table table);
  // Moves every table out, leaving the set empty.
  std::map<std::string, Table, std::less<>> TakeAll() { return std::move(tables_); }
  const std::map<std::string, Table, std::less<>>& all() const { return tables_; }

 private:
  std::map<std::string, Table, std::less<>> tables_;
};

}  // namespace rulecraft::tables
