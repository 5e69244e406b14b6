#include "tables/action_conditions.h"

#include <fmt/format.h>

#include "base/suggest.h"

namespace rulecraft::tables {

void CheckActionConditions(const TableSet& tables, Diagnostics& diagnostics) {
  const Table* actions = tables.Find("actions");
  if (actions == nullptr) return;
  const Table* conditions = tables.Find("conditions");
  for (const Row& row : actions->rows) {
    for (const char* column : {"gives", "ends", "failed_save_gives"}) {
      const Value* cell = row.Get(column);
      if (cell == nullptr || cell->text.empty()) continue;
      if (conditions == nullptr) {
        diagnostics.Error("missing-table", cell->span,
                          fmt::format("action '{}' names the condition '{}' in its '{}', but the ruleset has no table "
                                      "'conditions' (tables/conditions.yaml) to name it",
                                      row.name, cell->text, column));
        continue;
      }
      if (conditions->Find(cell->text) != nullptr) continue;
      Diagnostic& error = diagnostics.Error(
          "unknown-row", cell->span,
          fmt::format("action '{}' names the condition '{}' in its '{}', which is not a row of table 'conditions'",
                      row.name, cell->text, column));
      SuggestName(error, cell->text, conditions->RowNames());
    }
  }
}

}  // namespace rulecraft::tables
