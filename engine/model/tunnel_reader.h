// Reading a map's `tunnels:`, the passages a burrower left (a `path` or `route` answer's
// `tunnel`), which the map then shows as the ruleset's terrain row `tunnel` (docs/scenarios.md,
// "Tunnels").
#pragma once

#include <yaml-cpp/yaml.h>

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/table.h"

namespace rulecraft::model {

// The terrain row a tunnel's squares become; the ruleset's data says what it lets pass.
inline constexpr const char* kTunnelTerrain = "tunnel";

// Reads `tunnels:` (a list of squares, or a list of such lists) and makes each square of `map`
// the terrain row `tunnel`; false (reported) when the ruleset has no such row, a square is
// malformed or off the map.
bool ReadTunnels(const SourceFile& file, const YAML::Node& node, const tables::Table& terrain, GridMap& map,
                 Diagnostics& diagnostics);

}  // namespace rulecraft::model
