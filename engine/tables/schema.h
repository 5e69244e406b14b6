// The shape of every table the engine knows: columns, their types, required rows.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rulecraft::tables {

// What a cell holds and how it is written (see docs/tables.md, "Cell types").
enum class CellType {
  kName,         // lower_snake_case identifier
  kText,         // any string
  kInt,          // whole number
  kNumber,       // decimal number
  kRatio,        // whole number or fraction "3/4"
  kDistance,     // "5 ft", "2 squares", "1 mile"
  kBool,         // true / false
  kEnum,         // one of ColumnSchema::choices
  kOptionalInt,  // whole number or n/a
  kNoteList,     // list of footnote ids
  kDistanceMap,  // mapping from the rows of another table to distances
  kColour,       // "#rrggbb", a colour a picture draws with
  kNameList,     // a list of lower_snake_case names ([helpless, prone])
};

// One column of a table.
struct ColumnSchema {
  std::string name;
  CellType type = CellType::kText;
  bool required = false;
  std::vector<std::string> choices;  // kEnum
  std::string keyed_by;              // kDistanceMap: the table whose rows are the keys
  bool positive = false;             // numbers must be above 0 (a size's space)
};

// One table kind.
struct TableSchema {
  std::string name;
  bool required = false;  // every ruleset must have it
  bool ordered = false;   // row order carries meaning (size steps)
  bool footnotes = false; // the file may hold `footnotes`
  std::vector<ColumnSchema> columns;
  std::vector<std::string> required_rows;
  std::vector<std::string> exactly_one_of;  // a row must set exactly one of these columns

  // The column with this name, or nullptr.
  const ColumnSchema* Column(std::string_view column) const;
};

// Every table kind the engine knows, in load order (referenced tables first).
const std::vector<TableSchema>& KnownTables();

// The schema of a table kind, or nullptr.
const TableSchema* FindSchema(std::string_view name);

// The names of all table kinds, for suggestions.
std::vector<std::string> KnownTableNames();

// How a cell type reads in a message ("a distance such as '5 ft'").
std::string DescribeType(CellType type);

}  // namespace rulecraft::tables
