// Diagnostics written out whole, for tests that compare two readers' reports.
#pragma once

#include <string>

#include <fmt/format.h>

#include "rulecraft/diagnostic.h"

namespace rulecraft::testing_diagnostics {

// Every diagnostic written out whole: severity, code, span, message, notes.
inline std::string Written(const Diagnostics& diagnostics) {
  std::string text;
  for (const Diagnostic& item : diagnostics.items()) {
    text += fmt::format("{} {} {}:{}-{} {}\n", static_cast<int>(item.severity), item.code, item.span.file,
                        item.span.begin, item.span.end, item.message);
    for (const DiagnosticNote& note : item.notes) {
      text += fmt::format("  note {}:{}-{} {}\n", note.span.file, note.span.begin, note.span.end, note.message);
    }
  }
  return text;
}

}  // namespace rulecraft::testing_diagnostics
