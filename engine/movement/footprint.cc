#include "movement/footprint.h"

#include <algorithm>

#include "movement/search.h"

namespace rulecraft::movement {
namespace {

// A rectangle at an absolute place.
struct Box {
  int32_t x, y, width, height;
  bool Contains(int32_t i, int32_t j) const { return i >= x && j >= y && i < x + width && j < y + height; }
};

// Whether every square of `inner` lies in `outer` or in `outer` moved by (dx, dy).
bool WithinSweep(const Box& inner, const Box& outer, int dx, int dy) {
  for (int32_t j = inner.y; j < inner.y + inner.height; ++j) {
    for (int32_t i = inner.x; i < inner.x + inner.width; ++i) {
      if (!outer.Contains(i, j) && !outer.Contains(i - dx, j - dy)) return false;
    }
  }
  return true;
}

// Whether every square of `inner` lies in `outer`.
bool Inside(const Box& inner, const Box& outer) {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width &&
         inner.y + inner.height <= outer.y + outer.height;
}

}  // namespace

Footprint WholeSpace(int32_t side) { return {0, 0, side, side, 0}; }

std::vector<Footprint> Footprints(int32_t side, bool squeeze) {
  std::vector<Footprint> shapes = {WholeSpace(side)};
  if (!squeeze) return shapes;
  for (int32_t across = side - 1; across >= 1; --across) {
    shapes.push_back({0, 0, across, side, across});  // upright
    shapes.push_back({0, 0, side, across, across});  // lying
  }
  return shapes;
}

std::vector<SpaceMove> MovesFrom(const std::vector<Footprint>& shapes, int32_t from) {
  const Footprint& shape = shapes[static_cast<size_t>(from)];
  Box old{0, 0, shape.width, shape.height};
  std::vector<SpaceMove> moves;
  for (int d = 0; d < 8; ++d) {
    int dx = kDirections[d][0], dy = kDirections[d][1];
    for (int32_t to = 0; to < static_cast<int32_t>(shapes.size()); ++to) {
      const Footprint& next = shapes[static_cast<size_t>(to)];
      if (from == 0 && to == 0) {  // the whole space moves as a whole
        moves.push_back({d, to, next});
        continue;
      }
      // A band moves straight only along its length: moving across it would let the space
      // shrink along its way and gain ground.
      int32_t side = shapes[0].width;
      if (next.narrowed != 0 && ((dy == 0 && next.width != side) || (dx == 0 && next.height != side))) continue;
      int32_t reach = std::max(shape.width, shape.height) + 1;
      for (int32_t sy = -reach; sy <= reach; ++sy) {
        for (int32_t sx = -reach; sx <= reach; ++sx) {
          Box box{dx + sx, dy + sy, next.width, next.height};
          if (Inside(box, old)) continue;  // enters no new square
          if (!WithinSweep(box, old, dx, dy) && !WithinSweep(old, box, -dx, -dy)) continue;
          moves.push_back({d, to, {sx, sy, next.width, next.height, next.narrowed}});
        }
      }
    }
  }
  return moves;
}

}  // namespace rulecraft::movement
