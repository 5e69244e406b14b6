// A scenario's map as one SVG picture: terrain, barriers, creatures, one query's answer, a legend
// (docs/render.md).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "model/scenario.h"
#include "ruleset/ruleset.h"

namespace rulecraft::render {

// Draws the map of `scenario` (which must have one) and its creatures and, when `answer` is not
// null, that query answer (of one of the DrawableKinds), as a whole SVG document.
std::string DrawPicture(const model::Scenario& scenario, const ruleset::Ruleset& rules,
                        const nlohmann::json* answer);

}  // namespace rulecraft::render
