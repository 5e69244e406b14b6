#include "cli/json_document.h"

#include "cli/diagnostics_json.h"
#include "cli/json_output.h"

namespace rulecraft::cli {

nlohmann::json MakeJsonDocument(nlohmann::json document, const Diagnostics& diagnostics, const SourceSet& sources) {
  document["schema_version"] = kSchemaVersion;
  document["diagnostics"] = DiagnosticsToJson(diagnostics, sources);
  if (diagnostics.Dropped() > 0) document["diagnostics_not_shown"] = diagnostics.Dropped();
  return document;
}

void WriteJsonDocument(std::ostream& out, nlohmann::json document, const Diagnostics& diagnostics,
                       const SourceSet& sources) {
  WriteJson(out, MakeJsonDocument(std::move(document), diagnostics, sources));
}

}  // namespace rulecraft::cli
