// The steps a space that may squeeze takes along a route someone gave (a `route` query): the
// route fixes where the space's top-left square goes, the mover chooses the shapes and
// directions (movement/footprint.h: MovesFrom), so the cheapest choice is found by dynamic
// programming over the route's places.
#pragma once

#include <vector>

#include "model/scenario.h"
#include "movement/footprint.h"
#include "movement/grid_view.h"
#include "movement/step_rules.h"

namespace rulecraft::movement {

// Per step of `route` (route[0] is the start, in the whole space shapes[0]), the step on the
// cheapest legal way along it; the answer stops before the first place that no step reaches,
// so its size is the number of steps taken.
std::vector<SpaceMove> CheapestMoves(const GridView& grid, StepRules& rules, const std::vector<model::Square>& route,
                                     const std::vector<Footprint>& shapes);

}  // namespace rulecraft::movement
