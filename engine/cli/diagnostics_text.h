// Diagnostics shown to people: every command prints them on stderr whatever its format.
#pragma once

#include <ostream>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::cli {

// Sorts `diagnostics` by position and writes them to `err` with their lines and carets, then
// "N errors" when there are any.
void ReportDiagnostics(std::ostream& err, Diagnostics& diagnostics, const SourceSet& sources);

}  // namespace rulecraft::cli
