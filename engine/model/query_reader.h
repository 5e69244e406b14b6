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

// Reads one query, the `index`th of its list (its id is q<index+1> when it names none); nullopt
// when it is not a mapping. Needs the scenario's creatures and map read first.
std::optional<Query> ReadQuery(const SourceFile& file, const YAML::Node& node, size_t index,
                               const ruleset::Ruleset& rules, const Scenario& scenario, Diagnostics& diagnostics);

// Reads every query into `scenario.queries`; a query whose parameters are wrong is kept
// with `valid = false` so the others still answer. Needs creatures and map read first.
void ReadQueries(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                 Scenario& scenario, Diagnostics& diagnostics);

}  // namespace rulecraft::model
