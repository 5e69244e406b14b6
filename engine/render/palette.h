// The colours a picture draws with: terrain from the ruleset, the rest fixed here.
#pragma once

#include <cstddef>
#include <string>

#include "tables/table.h"

namespace rulecraft::render {

// A terrain row's `colour`, else a default by what the row is (docs/render.md, "Colours"):
// blocking obstacles dark grey, hampering ones brown, difficult terrain sand, the rest pale.
std::string TerrainColour(const tables::Row& row);

// The colour of the creatures of the side that appears `index`-th in the scenario.
std::string SideColour(size_t index);

// The colour of an attack line by the most that it meets: "cover" (a wall), "low" (a low obstacle),
// "soft" (soft cover: a creature), "concealment", else none.
std::string LineColour(const std::string& meets);

// Fixed colours of the query layers.
inline constexpr const char* kReachColour = "#2f6fd0";       // reached squares, darker as they cost more
inline constexpr const char* kPathColour = "#1d3f8a";        // a path or route
inline constexpr const char* kIllegalColour = "#c0392b";     // the first illegal step of a route
inline constexpr const char* kThreatColour = "#d35400";      // threatened squares
inline constexpr const char* kOpportunityColour = "#b03060";  // attacks of opportunity
inline constexpr const char* kFlankingColour = "#7d3c98";    // the flanking line
inline constexpr const char* kInkColour = "#222222";          // text and outlines

}  // namespace rulecraft::render
