// Which creatures may share a square. Creatures smaller than a square share one as the sizes
// table's `fits_per_square` allows (4 Tiny creatures); beyond that, two creatures may stand in
// one square only when the ruleset's rule `may_share(mover, square)` allows it one way or the
// other (a helpless creature's square, a very small creature in a larger one's). Without the
// rule, no square holds more than fits in it.
#pragma once

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "ruleset/ruleset.h"

namespace rulecraft::query {

// Reports each creature that stands where the rules do not let it share a square (error
// `overlap`, with notes at the other creature and the rule); returns false when it reported.
bool CheckSharedSquares(const model::Scenario& scenario, const ruleset::Ruleset& rules, Diagnostics& diagnostics);

}  // namespace rulecraft::query
