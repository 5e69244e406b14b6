// Loading a ruleset's tables/ folder, checking each table against its schema.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/schema.h"
#include "tables/table.h"
#include "tables/yaml_tree.h"

#include <yaml-cpp/yaml.h>

namespace rulecraft::tables {

// Loads one table file of a known kind; every problem becomes a diagnostic. Returns the
// rows that could be read even when some could not, so later checks still run. `inherited`:
// the columns the layers below declared for this table, which its rows may set too; `parent`:
// the merged table of the layers below, which `change:` and `remove:` entries must name rows of.
Table LoadTable(const SourceFile& file, const TableSchema& schema, double square_ft,
                Diagnostics& diagnostics, const std::vector<ExtraColumn>& inherited = {},
                const Table* parent = nullptr);

// Reads one whole row of `table` (as a row under its file's `rows:`, with the table's declared
// columns and footnotes) from `node`, reporting every problem; nullopt when it has no usable name.
std::optional<Row> LoadRow(const SourceFile& file, const yaml::Node& node, const Table& table, double square_ft,
                           Diagnostics& diagnostics);
// The same of a yaml-cpp node (a scenario's `with: add:`), copied into a tree first.
std::optional<Row> LoadRow(const SourceFile& file, const YAML::Node& node, const Table& table, double square_ft,
                           Diagnostics& diagnostics);

// One table file of a folder: its path, and where its name and its stem (the table's name) end in it.
struct TableFile {
  std::string path;
  size_t name_begin = 0;
  size_t stem_end = 0;
  // The table's name: the file's name without its extension.
  std::string_view Stem() const { return std::string_view(path).substr(name_begin, stem_end - name_begin); }
};

// The `*.yaml` and `*.yml` files of a folder, sorted by name; reports a folder it cannot read,
// unless `may_be_absent` and there is no folder at that path (nothing there, or not a folder).
std::vector<TableFile> ListTableFiles(const std::string& folder, Diagnostics& diagnostics,
                                      bool may_be_absent = false);

// Reads and loads one file of ListTableFiles as the table its name names (LoadTable); nullopt
// when it cannot be read or names no known table (reported). `below` as LoadTableFolder's.
std::optional<Table> LoadTableFile(const TableFile& table_file, double square_ft, SourceSet& sources,
                                   Diagnostics& diagnostics, const TableSet* below = nullptr);

// Loads `file`, the text read from `table_file`, as LoadTableFile does once it has read it.
std::optional<Table> LoadTableFrom(const SourceFile& file, const TableFile& table_file, double square_ft,
                                   Diagnostics& diagnostics, const TableSet* below = nullptr);

// Loads every `*.yaml` of a folder as the table named by its file name. `square_ft`
// converts "squares". Whole-set checks are CheckTableSet's, run once layers are merged.
// `below`: the tables of the layers below, whose declared columns the rows may set.
TableSet LoadTableFolder(const std::string& folder, double square_ft, SourceSet& sources,
                         Diagnostics& diagnostics, const TableSet* below = nullptr);

// Checks what spans tables: required tables and rows present, map keys naming rows.
void CheckTableSet(const TableSet& tables, const std::string& folder, Diagnostics& diagnostics);

}  // namespace rulecraft::tables
