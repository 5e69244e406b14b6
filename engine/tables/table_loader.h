// Loading a ruleset's tables/ folder, checking each table against its schema.
#pragma once

#include <optional>
#include <string>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/schema.h"
#include "tables/table.h"

namespace rulecraft::tables {

// Loads one table file of a known kind; every problem becomes a diagnostic. Returns the
// rows that could be read even when some could not, so later checks still run.
Table LoadTable(const SourceFile& file, const TableSchema& schema, double square_ft,
                Diagnostics& diagnostics);

// Loads every `*.yaml` of a folder as the table named by its file name. `square_ft`
// converts "squares". Whole-set checks are CheckTableSet's, run once layers are merged.
TableSet LoadTableFolder(const std::string& folder, double square_ft, SourceSet& sources,
                         Diagnostics& diagnostics);

// Checks what spans tables: required tables and rows present, map keys naming rows.
void CheckTableSet(const TableSet& tables, const std::string& folder, Diagnostics& diagnostics);

}  // namespace rulecraft::tables
