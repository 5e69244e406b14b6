#include "query/explain.h"

#include <cmath>

#include <fmt/format.h>

#include "query/answer.h"
#include "query/rule_quote.h"

namespace rulecraft::query {

std::string FormatValue(double value, const ast::Type& type) {
  std::string number = std::abs(value - std::round(value)) < 1e-9 ? fmt::format("{}", std::llround(value))
                                                                   : fmt::format("{:g}", value);
  switch (type.kind) {
    case ast::TypeKind::kBool: return value != 0 ? "true" : "false";
    case ast::TypeKind::kQuantity: return type.unit == ast::Unit::kLength ? number + " ft" : number;
    case ast::TypeKind::kModifiers: return number + (value == 1 ? " modifier" : " modifiers");
    default: return number;
  }
}

nlohmann::json ExplainTrace(const eval::Trace& trace, const compile::Program& program,
                            const SourceSet& sources) {
  using Kind = eval::TraceEvent::Kind;
  nlohmann::json out = nlohmann::json::array();
  for (const eval::TraceEvent& event : trace.events) {
    switch (event.kind) {
      case Kind::kRule: {
        const compile::CompiledRule& rule = program.rules[static_cast<size_t>(event.index)];
        out.push_back({{"rule", rule.name},
                       {"value", FormatValue(event.value, rule.result)},
                       {"at", Where(rule.span, sources)}});
        if (std::string quote = RuleQuote(rule.span, sources); !quote.empty()) out.back()["quote"] = std::move(quote);
        break;
      }
      case Kind::kColumn: {
        const compile::ColumnData& column = program.columns[static_cast<size_t>(event.index)];
        size_t row = static_cast<size_t>(event.row);
        out.push_back({{"table", column.table},
                       {"row", column.rows[row]},
                       {"column", column.column},
                       {"value", column.written[row]},
                       {"at", Where(column.spans[row], sources)}});
        if (row < column.effects.size() && !column.effects[row].empty()) out.back()["effects"] = column.effects[row];
        break;
      }
      case Kind::kMapCell: {
        const compile::MapData& map = program.maps[static_cast<size_t>(event.index)];
        size_t cell = static_cast<size_t>(event.row) * map.keys + static_cast<size_t>(event.key);
        out.push_back({{"table", map.table},
                       {"row", map.rows[static_cast<size_t>(event.row)]},
                       {"column", map.column + "[" + map.key_names[static_cast<size_t>(event.key)] + "]"},
                       {"value", map.written[cell]},
                       {"at", Where(map.spans[cell], sources)}});
        break;
      }
      case Kind::kModifier: {
        std::string type = program.bonus_types[static_cast<size_t>(event.index)].name;
        std::string value = fmt::format("{:+g}", event.value);
        nlohmann::json entry = {{"modifier", value + " " + type}, {"counted", event.counted}};
        if (event.row >= 0) {
          const compile::ModifierOrigin& origin = program.origins[static_cast<size_t>(event.row)];
          if (!origin.source.empty()) entry["source"] = origin.source;
          entry["at"] = Where(origin.span, sources);
        } else if (event.host != nullptr) {
          entry["source"] = event.host->sources[static_cast<size_t>(-1 - event.row)];
          entry["at"] = "scenario";
        }
        out.push_back(std::move(entry));
        break;
      }
    }
    // A cell read twice in a row (a condition, then the value) is explained once.
    if (out.size() >= 2 && out[out.size() - 1] == out[out.size() - 2]) out.erase(out.size() - 1);
  }
  return out;
}

}  // namespace rulecraft::query
