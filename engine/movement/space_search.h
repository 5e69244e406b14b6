// The route search for a mover of several squares (Large and larger): its whole space moves,
// priced at its most costly square, and, when the search may squeeze it, it may change between
// the shapes of Reach::footprints from one step to the next (movement/footprint.h: MovesFrom).
#pragma once

#include <optional>

#include "movement/search.h"

namespace rulecraft::movement {

// Dijkstra from the whole space at `start` (top-left square) over (square, footprint,
// diagonal counter), filling `reach` (sized by Search) until every state within `budget` is
// settled or a state at `target` is.
void SearchSpace(const GridView& grid, StepRules& rules, Reach& reach, model::Square start, float budget,
                 std::optional<model::Square> target);

// The cheapest step from state `from` to state `to` of a space's search (for a route found by
// SearchSpace: which direction and footprint it took); nullopt when none leads there.
std::optional<SpaceMove> MoveBetween(const GridView& grid, StepRules& rules, const Reach& reach, int32_t from,
                                     int32_t to);

}  // namespace rulecraft::movement
