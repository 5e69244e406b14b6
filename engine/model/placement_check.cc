#include "model/placement_check.h"

#include <fmt/format.h>

namespace rulecraft::model {

void CheckPlacement(const Scenario& scenario, Diagnostics& diagnostics) {
  if (!scenario.map) return;
  const GridMap& map = *scenario.map;
  for (const Creature& creature : scenario.creatures) {
    if (!creature.valid) continue;
    int32_t side = creature.squares_per_side;
    // In 64 bits: a creature's place may be anything a 32-bit coordinate holds.
    int64_t far_x = int64_t{creature.at.x} + side - 1;
    int64_t far_y = int64_t{creature.at.y} + side - 1;
    if (!map.Contains(creature.at) || far_x >= map.width || far_y >= map.height) {
      diagnostics.Error("outside-map", creature.span,
                        fmt::format("creature '{}' at [{}, {}] ({}×{} squares) does not fit on the "
                                    "{}×{} map",
                                    creature.id, creature.at.x, creature.at.y, side, side,
                                    map.width, map.height));
    }
  }
}

}  // namespace rulecraft::model
