// The conditions the `actions` rows name (docs/tables.md, `actions`: gives, ends,
// failed_save_gives), checked against table `conditions` when the ruleset loads, so a misspelt
// condition is an error at its cell rather than one that shows only in a turn's answer.
#pragma once

#include "rulecraft/diagnostic.h"
#include "tables/table.h"

namespace rulecraft::tables {

// Reports each `gives`, `ends` and `failed_save_gives` cell of table `actions` that is not a row
// of `conditions` (`unknown-row`, with the closest names), or every such cell when that table is
// missing.
void CheckActionConditions(const TableSet& tables, Diagnostics& diagnostics);

}  // namespace rulecraft::tables
