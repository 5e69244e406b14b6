// The steps of a route of a space that may squeeze: which direction and footprint each step
// takes (movement/footprint.h). For a route a search found, recovered from its states; for a
// route someone gave (a `route` query), the cheapest choice, by dynamic programming over the
// route's places.
#pragma once

#include <optional>
#include <vector>

#include "movement/search.h"

namespace rulecraft::movement {

// The cheapest step from state `from` to state `to` of a search's route; nullopt when none
// leads there.
std::optional<SpaceMove> MoveBetween(const GridView& grid, StepRules& rules, const Reach& reach, int32_t from,
                                     int32_t to);

// Per step of `route` (route[0] is the start, in shapes[start_shape]: 0 the whole space), the
// step on the cheapest legal way along it; the answer stops before the first place that no step
// reaches, so its size is the number of steps taken.
std::vector<SpaceMove> CheapestMoves(const GridView& grid, StepRules& rules, const std::vector<model::Square>& route,
                                     const std::vector<Footprint>& shapes, int32_t start_shape = 0);

}  // namespace rulecraft::movement
