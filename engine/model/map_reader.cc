#include "model/map_reader.h"

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "base/limits.h"
#include "base/suggest.h"
#include "base/text_bytes.h"
#include "model/query_reader.h"
#include "model/tunnel_reader.h"
#include "tables/yaml_file.h"

namespace rulecraft::model {
namespace {

// The index of a terrain kind in the map's kinds, adding it; nullopt (reported) when the
// ruleset has no such kind.
std::optional<uint16_t> KindIndex(const SourceFile& file, const YAML::Node& node, const tables::Table& terrain,
                                  GridMap& map, Diagnostics& diagnostics) {
  auto kind = yaml::ReadText(file, node, "a terrain kind", diagnostics);
  if (!kind) return std::nullopt;
  if (terrain.Find(*kind) == nullptr) {
    Diagnostic& error =
        diagnostics.Error("unknown-terrain", yaml::SpanOf(file, node), fmt::format("unknown terrain kind '{}'", *kind));
    SuggestName(error, *kind, terrain.RowNames());
    return std::nullopt;
  }
  return map.KindIndex(*kind);
}

// How many characters (squares) `text` holds, as SplitCharacters counts them.
size_t CharacterCount(std::string_view text) {
  return EndOfPlainAscii(text, 0) == text.size() ? text.size() : SplitCharacters(text).size();
}

// Reads `legend:`, a mapping from one-character symbols (any UTF-8 character) to terrain kinds.
bool ReadLegend(const SourceFile& file, const YAML::Node& node, const tables::Table& terrain,
                GridMap& map, std::map<std::string, uint16_t, std::less<>>& symbols, Diagnostics& diagnostics) {
  if (!node.IsMap()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a mapping of map symbols to terrain kinds, found " +
                          yaml::Describe(node));
    return false;
  }
  bool ok = true;
  for (const auto& entry : node) {
    const std::string& symbol = entry.first.Scalar();
    if (SplitCharacters(symbol).size() != 1) {
      diagnostics.Error("wrong-type", yaml::SpanOf(file, entry.first),
                        fmt::format("a map symbol is one character, found '{}'", symbol));
      ok = false;
      continue;
    }
    auto index = KindIndex(file, entry.second, terrain, map, diagnostics);
    if (!index) {
      ok = false;
      continue;
    }
    symbols[symbol] = *index;
  }
  return ok;
}

// Reads `edges:`, barriers between squares: `{ between: [[x, y], [x, y]], terrain: low_wall }`
// for two orthogonally next squares, with `run: n` repeating it n squares along the edge line.
bool ReadEdges(const SourceFile& file, const YAML::Node& node, const tables::Table& terrain, GridMap& map,
               Diagnostics& diagnostics) {
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a list of edges ({ between: [[x, y], [x, y]], terrain: kind }), found " +
                          yaml::Describe(node));
    return false;
  }
  bool ok = true;
  for (const YAML::Node& entry : node) {
    yaml::MapReader reader(file, entry, "edge", diagnostics);
    if (!reader.ok()) {
      ok = false;
      continue;
    }
    YAML::Node between = reader.Required("between");
    YAML::Node kind = reader.Required("terrain");
    YAML::Node run = reader.Optional("run");
    reader.RejectUnknown();
    if (!between.IsDefined() || !kind.IsDefined()) {
      ok = false;
      continue;
    }
    auto index = KindIndex(file, kind, terrain, map, diagnostics);
    std::optional<Square> a, b;
    if (between.IsSequence() && between.size() == 2) {
      a = ReadSquare(file, between[0], "the first square of 'between'", diagnostics);
      b = ReadSquare(file, between[1], "the second square of 'between'", diagnostics);
    } else {
      diagnostics.Error("bad-edge", yaml::SpanOf(file, between),
                        "expected 'between' to be two squares [[x, y], [x, y]], found " + yaml::Describe(between));
    }
    int64_t length = 1;
    if (run.IsDefined()) {
      auto value = yaml::ReadInt(file, run, "a number of squares", diagnostics);
      if (!value || *value < 1 || *value > limits::kMaxMapSide) {
        if (value) {
          diagnostics.Error("bad-edge", yaml::SpanOf(file, run),
                            fmt::format("expected 'run' from 1 to {} squares, found {}", limits::kMaxMapSide, *value));
        }
        ok = false;
        continue;
      }
      length = *value;
    }
    if (!index || !a || !b) {
      ok = false;
      continue;
    }
    int32_t dx = b->x - a->x, dy = b->y - a->y;
    if (std::abs(dx) + std::abs(dy) != 1) {
      diagnostics.Error("bad-edge", yaml::SpanOf(file, between),
                        fmt::format("an edge lies between two squares side by side; [{}, {}] and [{}, {}] are not",
                                    a->x, a->y, b->x, b->y));
      ok = false;
      continue;
    }
    // The edge line runs across the step from a to b.
    int32_t along_x = dy != 0 ? 1 : 0, along_y = dx != 0 ? 1 : 0;
    for (int64_t k = 0; k < length; ++k) {
      Square from{a->x + along_x * static_cast<int32_t>(k), a->y + along_y * static_cast<int32_t>(k)};
      Square to{from.x + dx, from.y + dy};
      if (!map.Contains(from) || !map.Contains(to)) {
        diagnostics.Error("bad-edge", yaml::SpanOf(file, entry),
                          fmt::format("the edge between [{}, {}] and [{}, {}] is not inside the {}×{} map", from.x,
                                      from.y, to.x, to.y, map.width, map.height));
        ok = false;
        break;
      }
      map.edges.push_back({from, to, *index});
    }
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
  YAML::Node edges = reader.Optional("edges");
  YAML::Node tunnels = reader.Optional("tunnels");
  reader.RejectUnknown();
  if (!legend.IsDefined() || !rows.IsDefined()) return std::nullopt;

  GridMap map;
  std::map<std::string, uint16_t, std::less<>> symbols;
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
  // The first row that is neither empty nor too wide sets the width every row must have, so
  // a broken row before it still takes its place in the grid. A square is one character, of
  // however many bytes.
  for (const YAML::Node& row : rows) {
    size_t length = row.IsScalar() ? CharacterCount(row.Scalar()) : 0;
    if (length > 0 && length <= static_cast<size_t>(limits::kMaxMapSide)) {
      map.width = static_cast<int32_t>(length);
      break;
    }
  }
  // The legend's one-byte symbols by byte (-1: none), so most squares need no map search.
  std::array<int32_t, 256> by_byte;
  by_byte.fill(-1);
  for (const auto& [symbol, kind] : symbols) {
    if (symbol.size() == 1) by_byte[static_cast<unsigned char>(symbol[0])] = kind;
  }
  if (map.width > 0) map.cells.reserve(static_cast<size_t>(map.width) * static_cast<size_t>(map.height));
  std::vector<std::string> reported;  // each unknown symbol once, at its first use
  for (const YAML::Node& row : rows) {
    auto text = yaml::ReadText(file, row, "a map row", diagnostics);
    if (!text) ok = false;
    // A row of plain ASCII is one square a byte: its squares are views of single bytes, made
    // only for a byte that is no one-byte symbol (below).
    bool plain = text && EndOfPlainAscii(*text, 0) == text->size();
    std::vector<std::string_view> squares = text && !plain ? SplitCharacters(*text) : std::vector<std::string_view>{};
    size_t square_count = plain ? text->size() : squares.size();
    SourceSpan row_span = yaml::SpanOf(file, row);
    // A quoted row starts one byte after its span.
    uint32_t first = row_span.begin + (file.text()[row_span.begin] == '"' || file.text()[row_span.begin] == '\'' ? 1 : 0);
    bool fits = square_count > 0 && square_count <= static_cast<size_t>(limits::kMaxMapSide);
    if (text && (!fits || static_cast<int32_t>(square_count) != map.width)) {
      std::string expected = map.width > 0 ? fmt::format("a row as wide as the map, {} squares", map.width)
                                           : fmt::format("a row of 1 to {} squares", limits::kMaxMapSide);
      diagnostics.Error("ragged-map", row_span,
                        square_count > static_cast<size_t>(limits::kMaxMapSide)
                            ? fmt::format("expected at most {} squares in a map row (limits::kMaxMapSide), found {}",
                                          limits::kMaxMapSide, square_count)
                            : fmt::format("expected {}, found {}", expected,
                                          square_count == 0 ? "an empty row" : fmt::format("{} squares", square_count)));
      ok = false;
    }
    // A broken row keeps the map's shape (empty squares read as the first kind) so later checks run.
    auto width = static_cast<size_t>(map.width);
    size_t row_start = map.cells.size();
    map.cells.resize(row_start + width, 0);
    uint16_t* cells = map.cells.data() + row_start;
    for (size_t x = 0; x < width && x < square_count; ++x) {
      std::string_view square = plain ? std::string_view(text->data() + x, 1) : squares[x];
      if (square.size() == 1 && by_byte[static_cast<unsigned char>(square[0])] >= 0) {
        cells[x] = static_cast<uint16_t>(by_byte[static_cast<unsigned char>(square[0])]);
        continue;
      }
      auto symbol = symbols.find(square);
      if (symbol == symbols.end()) {
        uint32_t at = first + static_cast<uint32_t>(square.data() - text->data());
        ok = false;
        if (std::find(reported.begin(), reported.end(), square) != reported.end()) continue;
        reported.emplace_back(square);
        diagnostics.Error("unknown-symbol", {file.path(), at, at + static_cast<uint32_t>(square.size())},
                          fmt::format("map symbol '{}' is not in the legend", square));
        continue;
      }
      cells[x] = symbol->second;
    }
  }
  if (edges.IsDefined() && map.width > 0) ok = ReadEdges(file, edges, terrain, map, diagnostics) && ok;
  bool whole = map.cells.size() == static_cast<size_t>(map.width) * static_cast<size_t>(map.height);
  if (tunnels.IsDefined() && map.width > 0 && whole) ok = ReadTunnels(file, tunnels, terrain, map, diagnostics) && ok;
  // A map with errors is still returned (unknown squares read as the first legend kind) so
  // the creatures and queries on it are checked too; the errors already fail the run.
  if (!ok && (map.width == 0 || map.terrain_kinds.empty())) return std::nullopt;
  if (map.cells.size() != static_cast<size_t>(map.width) * static_cast<size_t>(map.height)) return std::nullopt;
  return map;
}

}  // namespace rulecraft::model
