#include "query/explain.h"

#include <cmath>
#include <map>
#include <set>
#include <vector>

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

namespace {

// What a trace entry is, for nesting: a rule, a column or map cell (by index), or a modifier.
struct Origin {
  eval::TraceEvent::Kind kind;
  int32_t index;
};

// Whether the code of rule `reader` calls the rule, or reads the column or map, `origin` names
// (memoised in `reads`, as kind * 2^24 + index); a modifier is always its stacking rule's.
bool Reads(const compile::Program& program, int32_t reader, Origin origin,
           std::map<int32_t, std::set<int64_t>>& reads) {
  using Kind = eval::TraceEvent::Kind;
  auto key = [](Kind kind, int32_t index) { return static_cast<int64_t>(kind) * (1 << 24) + index; };
  if (origin.kind == Kind::kModifier) return true;
  auto [found, added] = reads.try_emplace(reader);
  if (added) {
    for (const compile::Instr& instr : program.rules[static_cast<size_t>(reader)].code) {
      if (instr.op == compile::Op::kCall) found->second.insert(key(Kind::kRule, instr.a));
      if (instr.op == compile::Op::kColumn || instr.op == compile::Op::kHasRow) found->second.insert(key(Kind::kColumn, instr.a));
      if (instr.op == compile::Op::kMapCell) found->second.insert(key(Kind::kMapCell, instr.a));
    }
  }
  return found->second.count(key(origin.kind, origin.index)) != 0;
}

// Gives each entry its `depth`: the trace is in post-order (a rule's result comes after what it
// read), so the entries just before a rule's that its code reads — table cells, modifiers, the
// rules it calls — are nested in it; 0 for a rule the engine called itself.
void AddDepths(nlohmann::json& out, const std::vector<Origin>& origins, const compile::Program& program) {
  using Kind = eval::TraceEvent::Kind;
  std::vector<int64_t> parent(out.size(), -1);
  std::vector<size_t> open;
  std::map<int32_t, std::set<int64_t>> reads;
  for (size_t k = 0; k < out.size(); ++k) {
    if (origins[k].kind == Kind::kRule) {
      while (!open.empty() && Reads(program, origins[k].index, origins[open.back()], reads)) {
        parent[open.back()] = static_cast<int64_t>(k);
        open.pop_back();
      }
    }
    open.push_back(k);
  }
  std::vector<int> depth(out.size(), 0);
  for (size_t k = out.size(); k-- > 0;) {
    depth[k] = parent[k] < 0 ? 0 : depth[static_cast<size_t>(parent[k])] + 1;
    out[k]["depth"] = depth[k];
  }
}

}  // namespace

nlohmann::json ExplainTrace(const eval::Trace& trace, const compile::Program& program,
                            const SourceSet& sources) {
  using Kind = eval::TraceEvent::Kind;
  nlohmann::json out = nlohmann::json::array();
  std::vector<Origin> origins;  // per entry of `out`: what it is
  for (const eval::TraceEvent& event : trace.events) {
    switch (event.kind) {
      case Kind::kRule: {
        const compile::CompiledRule& rule = program.rules[static_cast<size_t>(event.index)];
        out.push_back({{"rule", rule.name},
                       {"value", FormatValue(event.value, rule.result)},
                       {"at", Where(rule.span, sources)},
                       {"file", rule.span.file}});
        if (std::string quote = RuleQuote(rule.span, sources, program.quoted_text); !quote.empty()) out.back()["quote"] = std::move(quote);
        break;
      }
      case Kind::kColumn: {
        const compile::ColumnData& column = program.columns[static_cast<size_t>(event.index)];
        size_t row = static_cast<size_t>(event.row);
        out.push_back({{"table", column.table},
                       {"row", column.rows[row]},
                       {"column", column.column},
                       {"value", column.written[row]},
                       {"at", Where(column.spans[row], sources)},
                       {"file", column.spans[row].file}});
        if (!column.EffectsOf(row).empty()) out.back()["effects"] = column.EffectsOf(row);
        break;
      }
      case Kind::kMapCell: {
        const compile::MapData& map = program.maps[static_cast<size_t>(event.index)];
        size_t cell = static_cast<size_t>(event.row) * map.keys + static_cast<size_t>(event.key);
        out.push_back({{"table", map.table},
                       {"row", map.rows[static_cast<size_t>(event.row)]},
                       {"column", map.column + "[" + map.key_names[static_cast<size_t>(event.key)] + "]"},
                       {"value", map.written[cell]},
                       {"at", Where(map.spans[cell], sources)},
                       {"file", map.spans[cell].file}});
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
    if (out.size() > origins.size()) origins.push_back({event.kind, event.index});
    // A cell read twice in a row (a condition, then the value) is explained once.
    if (out.size() >= 2 && out[out.size() - 1] == out[out.size() - 2]) {
      out.erase(out.size() - 1);
      origins.pop_back();
    }
  }
  AddDepths(out, origins, program);
  return out;
}

}  // namespace rulecraft::query
