// The gap between the squares a creature occupies and another square, per axis: what distance
// rules (threatens, reaches, the cover rules' nearest obstacle) read.
#pragma once

#include <algorithm>
#include <cstdint>

#include "model/scenario.h"

namespace rulecraft::combat {

// The gap, per axis, from an area to a square: (0, 0) inside it, (1, 0) beside it.
struct Gap {
  int32_t dx = 0;
  int32_t dy = 0;
};

// The gap from the squares of `area` to `square`.
inline Gap GapTo(const model::Area& area, model::Square square) {
  auto axis = [](int32_t low, int32_t high, int32_t value) { return std::max({0, low - value, value - high}); };
  return {axis(area.at.x, area.at.x + area.width - 1, square.x), axis(area.at.y, area.at.y + area.height - 1, square.y)};
}

}  // namespace rulecraft::combat
