// Columns a ruleset declares for a table beside the engine's schema (`columns:` in a table
// file): a name, a cell type and a default, which rules and Lua scripts read like any column.
#pragma once

#include <vector>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/schema.h"
#include "tables/table.h"
#include "tables/yaml_file.h"

namespace rulecraft::tables {

// Reads `columns:` (NAME: { type: bool|int|number|distance|text|name|colour|enum, default: V,
// choices: [..] for enum }); a name the table already has (its schema, `inherited`, the common
// row keys), an unknown type or a default of the wrong type is an error at its place.
std::vector<ExtraColumn> ReadExtraColumns(const SourceFile& file, const yaml::Node& node,
                                          const TableSchema& schema,
                                          const std::vector<ExtraColumn>& inherited,
                                          double square_ft, Diagnostics& diagnostics);

// The schema with the declared columns appended as optional columns, to read rows by.
TableSchema WithExtraColumns(const TableSchema& schema, const std::vector<ExtraColumn>& columns);

}  // namespace rulecraft::tables
