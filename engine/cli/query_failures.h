// The queries of a `rulecraft run` answer that failed at a script's line (a Lua hook stopped by
// its budget or raising an error, a rule dividing by zero), as diagnostics that show the line and a caret on stderr: the
// answer's `diagnostic` names only the file and line.
#pragma once

#include <nlohmann/json.hpp>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::cli {

// Adds to `failures` an error for `result` when it has status "error" and a `diagnostic` naming
// a file of `sources` and a line: from `col` to `end_col` when it names them (a rules failure),
// else at that line's first non-blank byte, spanning the line's text.
void AddQueryFailure(const nlohmann::json& result, const SourceSet& sources, Diagnostics& failures);

}  // namespace rulecraft::cli
