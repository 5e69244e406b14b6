#include "model/placement_check.h"

#include <algorithm>

#include <fmt/format.h>

namespace rulecraft::model {
namespace {

// How much of one square a creature takes: 1 for a square or more, 1/N when N fit in one.
double ShareOfSquare(const Creature& creature, const ruleset::Ruleset& rules) {
  const tables::Row* size = rules.Table("sizes").Find(creature.size);
  double fits = size != nullptr ? size->Number("fits_per_square", 1) : 1;
  return fits > 1 ? 1.0 / fits : 1.0;
}

bool IsHelpless(const Creature& creature) {
  return std::find(creature.conditions.begin(), creature.conditions.end(), "helpless") !=
         creature.conditions.end();
}

}  // namespace

void CheckPlacement(const Scenario& scenario, const ruleset::Ruleset& rules, Diagnostics& diagnostics) {
  if (!scenario.map) return;
  const GridMap& map = *scenario.map;
  std::vector<double> filled(map.cells.size(), 0);
  std::vector<int> first_owner(map.cells.size(), -1);
  for (size_t index = 0; index < scenario.creatures.size(); ++index) {
    const Creature& creature = scenario.creatures[index];
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
      continue;
    }
    // A helpless creature may share its square ("unless it is helpless").
    if (IsHelpless(creature)) continue;
    double share = ShareOfSquare(creature, rules);
    for (int32_t dy = 0; dy < side; ++dy) {
      for (int32_t dx = 0; dx < side; ++dx) {
        size_t cell = static_cast<size_t>(creature.at.y + dy) * static_cast<size_t>(map.width) +
                      static_cast<size_t>(creature.at.x + dx);
        filled[cell] += share;
        if (filled[cell] > 1 + 1e-9 && first_owner[cell] >= 0) {
          Diagnostic& error = diagnostics.Error(
              "overlap", creature.span,
              fmt::format("creature '{}' overlaps '{}' at [{}, {}]", creature.id,
                          scenario.creatures[static_cast<size_t>(first_owner[cell])].id,
                          creature.at.x + dx, creature.at.y + dy));
          error.notes.push_back({scenario.creatures[static_cast<size_t>(first_owner[cell])].span,
                                 "the other creature is placed here"});
          dy = side;  // one report per creature
          break;
        }
        if (first_owner[cell] < 0) first_owner[cell] = static_cast<int>(index);
      }
    }
  }
}

}  // namespace rulecraft::model
