// The parameters a `save` query's area needs by its shape's form (table `area_shapes`, column
// `form`): a radius for a burst, a length and an aim for a cone or a line.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"

namespace rulecraft::model {

// How an area shape spreads: its row's `form` (radius, cone, line), radius when left out.
std::string AreaForm(const tables::Row& shape);

// Reports, at the query, a parameter the shape needs but lacks and one it does not take.
void CheckAreaParams(const SourceFile& file, const YAML::Node& params, const SourceSpan& query_span,
                     const ruleset::Ruleset& rules, Diagnostics& diagnostics);

}  // namespace rulecraft::model
