#include "cli/diagnostics_json.h"

#include <algorithm>

namespace rulecraft::cli {
namespace {

// Adds "file", "line" and "col" for `span` to `out`: null when it names no file; a file that
// was never read (so has no lines) keeps its name with null line and col.
void AddPlace(nlohmann::json& out, const SourceSpan& span, const SourceSet& sources) {
  out["file"] = nullptr;
  out["line"] = nullptr;
  out["col"] = nullptr;
  if (!span.HasFile()) return;
  out["file"] = span.file;
  if (const SourceFile* file = sources.Find(span.file)) {
    LineColumn at = file->Locate(span.begin);
    out["line"] = at.line;
    out["col"] = at.column;
  }
}

// Adds "end": {"line", "col"} where `span` ends (the column just past its last byte), or null
// when it names no file that was read; an editor underlines from line:col to there.
void AddEnd(nlohmann::json& out, const SourceSpan& span, const SourceSet& sources) {
  out["end"] = nullptr;
  if (!span.HasFile()) return;
  if (const SourceFile* file = sources.Find(span.file)) {
    LineColumn at = file->Locate(std::max(span.end, span.begin));
    out["end"] = {{"line", at.line}, {"col", at.column}};
  }
}

}  // namespace

nlohmann::json DiagnosticToJson(const Diagnostic& diagnostic, const SourceSet& sources) {
  nlohmann::json out = nlohmann::json::object();
  out["severity"] = SeverityName(diagnostic.severity);
  out["code"] = diagnostic.code;
  AddPlace(out, diagnostic.span, sources);
  AddEnd(out, diagnostic.span, sources);
  out["message"] = diagnostic.message;
  out["notes"] = nlohmann::json::array();
  for (const DiagnosticNote& note : diagnostic.notes) {
    nlohmann::json entry = nlohmann::json::object();
    AddPlace(entry, note.span, sources);
    entry["message"] = note.message;
    out["notes"].push_back(std::move(entry));
  }
  out["rendered"] = Render(diagnostic, sources);
  return out;
}

nlohmann::json DiagnosticsToJson(const Diagnostics& diagnostics, const SourceSet& sources) {
  nlohmann::json out = nlohmann::json::array();
  for (const Diagnostic& diagnostic : diagnostics.items()) out.push_back(DiagnosticToJson(diagnostic, sources));
  return out;
}

}  // namespace rulecraft::cli
