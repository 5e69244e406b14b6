#include "query/size_query.h"

#include <fmt/format.h>

namespace rulecraft::query {

void AnswerSize(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const tables::Table& sizes = context.rules.Table("sizes");
  std::string category = query.params.value("category", "");
  const tables::Row* row = sizes.Find(category);
  if (row == nullptr) {  // the reader checked the name; a missing row means no answer
    result["status"] = "error";
    result["message"] = fmt::format("unknown size '{}'", category);
    return;
  }
  result["category"] = row->name;
  result["label"] = row->label;
  result["size_step"] = sizes.IndexOf(row->name);
  nlohmann::json explain = nlohmann::json::array();
  auto from_cell = [&](const char* column, const std::string& field) {
    const tables::Value* value = row->Get(column);
    if (value == nullptr || !value->IsNumber()) return;
    result[field] = Number(value->number);
    explain.push_back({{"field", field},
                       {"value", value->text},
                       {"from", fmt::format("table {}, row {}, column {}", sizes.name, row->name, column)},
                       {"at", Where(value->span, context.sources)}});
  };
  from_cell("space", "space_ft");
  double square_ft = context.rules.manifest.square_ft;
  if (const tables::Value* space = row->Get("space")) {
    result["space_squares"] = Number(space->number / square_ft);
  }
  from_cell("fits_per_square", "fits_per_square");
  from_cell("reach_tall", "reach_tall_ft");
  from_cell("reach_long", "reach_long_ft");
  from_cell("size_modifier", "size_modifier");
  from_cell("grapple_modifier", "grapple_modifier");
  from_cell("hide_modifier", "hide_modifier");
  // The size table's typical height (or length) and weight, as the text gives them.
  for (const char* column : {"height", "weight"}) {
    const tables::Value* value = row->Get(column);
    if (value == nullptr) continue;
    result[column] = value->text;
    explain.push_back({{"field", column},
                       {"value", value->text},
                       {"from", fmt::format("table {}, row {}, column {}", sizes.name, row->name, column)},
                       {"at", Where(value->span, context.sources)}});
  }
  result["explain"] = std::move(explain);
}

}  // namespace rulecraft::query
