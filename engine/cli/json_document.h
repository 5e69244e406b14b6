// The one JSON document a command writes on stdout with `--format json` (docs/scenarios.md,
// "Diagnostics"): whatever happened, a tool reads exactly one document.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::cli {

// The version of the documents' shape: it goes up when a field changes meaning or goes away,
// never when one is added.
inline constexpr int kSchemaVersion = 2;

// `document` (a command's answer as a JSON object) with "schema_version", "diagnostics" and,
// when some went past the limit, "diagnostics_not_shown" added: what WriteJsonDocument writes.
nlohmann::json MakeJsonDocument(nlohmann::json document, const Diagnostics& diagnostics, const SourceSet& sources);

// Writes `document` (a command's answer as a JSON object, its empty form when nothing could
// run) to `out` with "schema_version" and "diagnostics" (every kept diagnostic) added, and
// "diagnostics_not_shown" (how many went past the limit) when some did.
void WriteJsonDocument(std::ostream& out, nlohmann::json document, const Diagnostics& diagnostics,
                       const SourceSet& sources);

}  // namespace rulecraft::cli
