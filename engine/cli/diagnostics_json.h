// Diagnostics as JSON, for tools that read `rulecraft … --format json` (docs/scenarios.md,
// "Diagnostics").
#pragma once

#include <nlohmann/json.hpp>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::cli {

// One diagnostic as {severity, code, file, line, col, end: {line, col}, message, notes: [{file,
// line, col, message}], rendered}, line and col 1-based from `sources`, end just past the span; file, line, col and end are null for a
// diagnostic (or note) that points at no file; `rendered` is the text stderr shows for it (the
// message, the source line with a caret under the place, the notes).
nlohmann::json DiagnosticToJson(const Diagnostic& diagnostic, const SourceSet& sources);

// Every kept diagnostic, in the list's order, as a JSON array of DiagnosticToJson objects.
nlohmann::json DiagnosticsToJson(const Diagnostics& diagnostics, const SourceSet& sources);

}  // namespace rulecraft::cli
