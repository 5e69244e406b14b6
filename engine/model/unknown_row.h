// The error for a name that is not a row of a table, with what another system calls the thing.
#pragma once

#include <string_view>

#include "rulecraft/diagnostic.h"
#include "tables/table.h"

namespace rulecraft::model {

// Reports `name` (a `what`, e.g. "movement mode", written at `span`) as no row of `table` of
// the ruleset named `ruleset`: where a row's `also_called` lists the name, the message says
// which row stands for it here and a note points at that row; either way the closest row name,
// or the whole short list, follows as a note.
Diagnostic& ReportUnknownRow(Diagnostics& diagnostics, const SourceSpan& span,
                             const tables::Table& table, std::string_view what,
                             std::string_view name, std::string_view ruleset);

}  // namespace rulecraft::model
