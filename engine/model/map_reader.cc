#include "model/map_reader.h"

#include <fmt/format.h>

#include "base/limits.h"
#include "base/suggest.h"
#include "tables/yaml_file.h"

namespace rulecraft::model {
namespace {

// Reads `legend:`, a mapping from one-character symbols to terrain kinds.
bool ReadLegend(const SourceFile& file, const YAML::Node& node, const tables::Table& terrain,
                GridMap& map, std::map<char, uint16_t>& symbols, Diagnostics& diagnostics) {
  if (!node.IsMap()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a mapping of map symbols to terrain kinds, found " +
                          yaml::Describe(node));
    return false;
  }
  bool ok = true;
  for (const auto& entry : node) {
    const std::string& symbol = entry.first.Scalar();
    if (symbol.size() != 1) {
      diagnostics.Error("wrong-type", yaml::SpanOf(file, entry.first),
                        fmt::format("a map symbol is one character, found '{}'", symbol));
      ok = false;
      continue;
    }
    auto kind = yaml::ReadText(file, entry.second, "a terrain kind", diagnostics);
    if (!kind) {
      ok = false;
      continue;
    }
    if (terrain.Find(*kind) == nullptr) {
      Diagnostic& error = diagnostics.Error(
          "unknown-terrain", yaml::SpanOf(file, entry.second),
          fmt::format("unknown terrain kind '{}'", *kind));
      SuggestName(error, *kind, terrain.RowNames());
      ok = false;
      continue;
    }
    auto known = std::find(map.terrain_kinds.begin(), map.terrain_kinds.end(), *kind);
    if (known == map.terrain_kinds.end()) {
      map.terrain_kinds.push_back(*kind);
      known = map.terrain_kinds.end() - 1;
    }
    symbols[symbol[0]] = static_cast<uint16_t>(known - map.terrain_kinds.begin());
  }
  return ok;
}

}  // namespace

std::optional<GridMap> ReadMap(const SourceFile& file, const YAML::Node& node,
                               const tables::Table& terrain, Diagnostics& diagnostics) {
  yaml::MapReader reader(file, node, "map", diagnostics);
  if (!reader.ok()) return std::nullopt;
  YAML::Node legend = reader.Required("legend");
  YAML::Node rows = reader.Required("rows");
  reader.RejectUnknown();
  if (!legend.IsDefined() || !rows.IsDefined()) return std::nullopt;

  GridMap map;
  std::map<char, uint16_t> symbols;
  bool ok = ReadLegend(file, legend, terrain, map, symbols, diagnostics);
  if (map.terrain_kinds.empty()) map.terrain_kinds.push_back(terrain.rows.empty() ? "open" : terrain.rows[0].name);
  if (!rows.IsSequence() || rows.size() == 0) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, rows),
                      "expected a non-empty list of map rows, found " + yaml::Describe(rows));
    return std::nullopt;
  }
  if (rows.size() > static_cast<size_t>(limits::kMaxMapSide)) {
    diagnostics.Error("too-large", yaml::SpanOf(file, rows),
                      fmt::format("the map has more than {} rows", limits::kMaxMapSide));
    return std::nullopt;
  }
  map.height = static_cast<int32_t>(rows.size());
  std::vector<char> reported;  // each unknown symbol once, at its first use
  for (const YAML::Node& row : rows) {
    auto text = yaml::ReadText(file, row, "a map row", diagnostics);
    if (!text) {
      ok = false;
      text = std::string(static_cast<size_t>(map.width), '\0');
    }
    SourceSpan row_span = yaml::SpanOf(file, row);
    // A quoted row starts one byte after its span.
    uint32_t first = row_span.begin + (file.text()[row_span.begin] == '"' || file.text()[row_span.begin] == '\'' ? 1 : 0);
    if (map.width == 0) map.width = static_cast<int32_t>(text->size());
    if (static_cast<int32_t>(text->size()) != map.width || text->empty() ||
        text->size() > static_cast<size_t>(limits::kMaxMapSide)) {
      diagnostics.Error("ragged-map", row_span,
                        fmt::format("every map row must be {} squares wide; this one is {}",
                                    map.width, text->size()));
      ok = false;
      text->resize(static_cast<size_t>(map.width), '\0');  // keep the shape so later checks run
    }
    for (size_t x = 0; x < text->size(); ++x) {
      if ((*text)[x] == '\0') {  // padding of a row already reported
        map.cells.push_back(0);
        continue;
      }
      auto symbol = symbols.find((*text)[x]);
      if (symbol == symbols.end()) {
        uint32_t at = first + static_cast<uint32_t>(x);
        ok = false;
        map.cells.push_back(0);
        if (std::find(reported.begin(), reported.end(), (*text)[x]) != reported.end()) continue;
        reported.push_back((*text)[x]);
        diagnostics.Error("unknown-symbol", {file.path(), at, at + 1},
                          fmt::format("map symbol '{}' is not in the legend", (*text)[x]));
        continue;
      }
      map.cells.push_back(symbol->second);
    }
  }
  // A map with errors is still returned (unknown squares read as the first legend kind) so
  // the creatures and queries on it are checked too; the errors already fail the run.
  if (!ok && (map.width == 0 || map.terrain_kinds.empty())) return std::nullopt;
  return map;
}

}  // namespace rulecraft::model
