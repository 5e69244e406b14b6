// Reading a scenario's `queries:` and each query kind's parameters.
#pragma once

#include <optional>

#include <yaml-cpp/yaml.h>

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"

namespace rulecraft::model {

// Reads a square written `[x, y]`; reports malformed coordinates.
std::optional<Square> ReadSquare(const SourceFile& file, const YAML::Node& node,
                                 std::string_view what, Diagnostics& diagnostics);

// Reads every query into `scenario.queries`; a query whose parameters are wrong is kept
// with `valid = false` so the others still answer. Needs creatures and map read first.
void ReadQueries(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                 Scenario& scenario, Diagnostics& diagnostics);

}  // namespace rulecraft::model
