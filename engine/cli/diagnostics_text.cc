#include "cli/diagnostics_text.h"

namespace rulecraft::cli {

void ReportDiagnostics(std::ostream& err, Diagnostics& diagnostics, const SourceSet& sources) {
  diagnostics.SortByPosition();
  err << Render(diagnostics, sources);
  if (diagnostics.ErrorCount() > 0) {
    err << diagnostics.ErrorCount() << (diagnostics.ErrorCount() == 1 ? " error\n" : " errors\n");
  }
}

}  // namespace rulecraft::cli
