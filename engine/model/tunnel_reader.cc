#include "model/tunnel_reader.h"

#include <optional>
#include <vector>

#include <fmt/format.h>

#include "model/query_reader.h"
#include "tables/yaml_file.h"

namespace rulecraft::model {
namespace {

// True for an entry written as a tunnel of its own (a list of squares, `[[x, y], …]`) rather
// than one square `[x, y]`.
bool IsTunnel(const YAML::Node& entry) {
  return entry.IsSequence() && (entry.size() == 0 || entry[0].IsSequence());
}

}  // namespace

bool ReadTunnels(const SourceFile& file, const YAML::Node& node, const tables::Table& terrain, GridMap& map,
                 Diagnostics& diagnostics) {
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a list of tunnel squares ([[x, y], …]) or of tunnels ([[[x, y], …], …]), found " +
                          yaml::Describe(node));
    return false;
  }
  if (terrain.Find(kTunnelTerrain) == nullptr) {
    diagnostics.Error("unknown-terrain", yaml::SpanOf(file, node),
                      fmt::format("this ruleset has no terrain row '{}', which the squares of a tunnel become",
                                  kTunnelTerrain));
    return false;
  }
  // The squares first, so a malformed entry changes nothing.
  std::vector<Square> squares;
  bool ok = true;
  auto read = [&](const YAML::Node& square_node) {
    std::optional<Square> square = ReadSquare(file, square_node, "a tunnel square", diagnostics);
    if (!square) {
      ok = false;
      return;
    }
    if (!map.Contains(*square)) {
      diagnostics.Error("bad-tunnel", yaml::SpanOf(file, square_node),
                        fmt::format("the tunnel square [{}, {}] is not inside the {}×{} map", square->x, square->y,
                                    map.width, map.height));
      ok = false;
      return;
    }
    squares.push_back(*square);
  };
  for (const YAML::Node& entry : node) {
    if (!IsTunnel(entry)) {
      read(entry);
      continue;
    }
    for (const YAML::Node& square_node : entry) read(square_node);
  }
  if (!ok) return false;
  uint16_t index = map.KindIndex(kTunnelTerrain);
  for (const Square& square : squares) map.CellAt(square) = index;
  return true;
}

}  // namespace rulecraft::model
