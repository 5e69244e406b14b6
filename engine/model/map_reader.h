// Reading a scenario's `map:` (legend, rows, edges and tunnels) against the ruleset's terrain kinds.
#pragma once

#include <optional>

#include <yaml-cpp/yaml.h>

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/table.h"

namespace rulecraft::model {

// Reads the map; every unknown symbol, unknown terrain kind and ragged row is reported.
std::optional<GridMap> ReadMap(const SourceFile& file, const YAML::Node& node,
                               const tables::Table& terrain, Diagnostics& diagnostics);

}  // namespace rulecraft::model
