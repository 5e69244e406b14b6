// The queries of a `rulecraft run` answer that failed at a script's line (a Lua hook stopped by
// its budget or raising an error, a rule dividing by zero), as diagnostics that show the line and a caret on stderr: the
// answer's `diagnostic` names only the file and line.
#pragma once

#include <nlohmann/json.hpp>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::cli {

// One error per result of `document["results"]` with status "error" and a `diagnostic` naming
// a file of `sources` and a line: from `col` to `end_col` when it names them (a rules failure),
// else at that line's first non-blank byte, spanning the line's text.
Diagnostics QueryFailures(const nlohmann::json& document, const SourceSet& sources);

}  // namespace rulecraft::cli
