#include "model/unknown_row.h"

#include <fmt/format.h>

#include <string>

#include "base/suggest.h"

namespace rulecraft::model {

Diagnostic& ReportUnknownRow(Diagnostics& diagnostics, const SourceSpan& span,
                             const tables::Table& table, std::string_view what,
                             std::string_view name, std::string_view ruleset) {
  const tables::Row* same = table.FindAlsoCalled(name);
  if (same == nullptr) {
    Diagnostic& error = diagnostics.Error(
        "unknown-name", span,
        fmt::format("unknown {} '{}': not a row of table '{}'", what, name, table.name));
    SuggestName(error, name, table.RowNames());
    return error;
  }
  std::string label = same->label != same->name ? fmt::format(" ({})", same->label) : std::string();
  Diagnostic& error = diagnostics.Error(
      "unknown-name", span,
      fmt::format("{} has no {} '{}': what other systems call '{}' is its {} '{}'{}",
                  ruleset.empty() ? std::string_view("this ruleset") : ruleset, what, name, name,
                  what, same->name, label));
  if (error.dropped) return error;
  error.notes.push_back(
      {same->span, fmt::format("row '{}' of table '{}' lists '{}' in `also_called`", same->name,
                               table.name, name)});
  SuggestName(error, name, table.RowNames());
  return error;
}

}  // namespace rulecraft::model
