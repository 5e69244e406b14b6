#include "combat/line_contact.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace rulecraft::combat {
namespace {

// The parameters t of the line from + t * (to - from) inside [low, low + 1] along one axis,
// as an interval; `empty` when none. Each bound is one division of two small integers, so equal
// fractions give equal doubles and comparisons between them are exact.
struct Interval {
  double low = -std::numeric_limits<double>::infinity();
  double high = std::numeric_limits<double>::infinity();
  bool empty = false;
};

Interval AxisInterval(int32_t start, int32_t delta, int32_t low, bool open) {
  Interval interval;
  if (delta == 0) {
    bool inside = open ? (low < start && start < low + 1) : (low <= start && start <= low + 1);
    interval.empty = !inside;
    return interval;
  }
  double a = static_cast<double>(low - start) / delta;
  double b = static_cast<double>(low + 1 - start) / delta;
  interval.low = std::min(a, b);
  interval.high = std::max(a, b);
  return interval;
}

// Whether some t in the open (0, 1) lies in both axis intervals: open intervals for the
// square's inside, closed ones for the whole square.
bool Meets(Corner from, Corner to, model::Square square, bool open) {
  Interval x = AxisInterval(from.x, to.x - from.x, square.x, open);
  Interval y = AxisInterval(from.y, to.y - from.y, square.y, open);
  if (x.empty || y.empty) return false;
  double low = std::max({0.0, x.low, y.low});
  double high = std::min({1.0, x.high, y.high});
  if (open) return low < high;
  // Closed square, open segment: a common point strictly between the end points.
  double closed_low = std::max(x.low, y.low);
  double closed_high = std::min(x.high, y.high);
  return closed_low <= closed_high && closed_low < 1.0 && closed_high > 0.0;
}

}  // namespace

Contact ContactOf(Corner from, Corner to, model::Square square) {
  if (from == to) return Contact::kNone;
  if (Meets(from, to, square, true)) return Contact::kInside;
  if (Meets(from, to, square, false)) return Contact::kBorder;
  return Contact::kNone;
}

void ForEachSquareMet(Corner from, Corner to, const std::function<void(model::Square, Contact)>& visit) {
  if (from == to) return;
  int32_t dx = to.x - from.x, dy = to.y - from.y;
  int32_t low_y = std::min(from.y, to.y) - 1, high_y = std::max(from.y, to.y);
  // Column by column: the rows the segment spans over x in [x, x + 1], one square wider on
  // each side; ContactOf then decides exactly.
  for (int32_t x = std::min(from.x, to.x) - 1; x <= std::max(from.x, to.x); ++x) {
    int32_t first = low_y, last = high_y;
    if (dx != 0) {
      double t0 = std::clamp(static_cast<double>(x - from.x) / dx, 0.0, 1.0);
      double t1 = std::clamp(static_cast<double>(x + 1 - from.x) / dx, 0.0, 1.0);
      double y0 = from.y + t0 * dy, y1 = from.y + t1 * dy;
      first = std::max(first, static_cast<int32_t>(std::floor(std::min(y0, y1))) - 1);
      last = std::min(last, static_cast<int32_t>(std::ceil(std::max(y0, y1))));
    }
    for (int32_t y = first; y <= last; ++y) {
      Contact contact = ContactOf(from, to, {x, y});
      if (contact != Contact::kNone) visit({x, y}, contact);
    }
  }
}

bool PassesBetweenSolids(Corner from, Corner to, const std::function<bool(model::Square)>& solid) {
  int32_t dx = to.x - from.x, dy = to.y - from.y;
  if (dx == 0 && dy == 0) return false;
  // The grid points strictly inside the segment: from + k * (dx, dy) / g, k = 1 … g - 1.
  int32_t steps = std::gcd(std::abs(dx), std::abs(dy));
  for (int32_t k = 1; k < steps; ++k) {
    int32_t x = from.x + k * (dx / steps), y = from.y + k * (dy / steps);
    if ((solid({x - 1, y - 1}) && solid({x, y})) || (solid({x, y - 1}) && solid({x - 1, y}))) return true;
  }
  // A segment along a grid line: each unit side it runs along, with both neighbours solid.
  if (dy == 0) {
    for (int32_t x = std::min(from.x, to.x); x < std::max(from.x, to.x); ++x) {
      if (solid({x, from.y - 1}) && solid({x, from.y})) return true;
    }
  } else if (dx == 0) {
    for (int32_t y = std::min(from.y, to.y); y < std::max(from.y, to.y); ++y) {
      if (solid({from.x - 1, y}) && solid({from.x, y})) return true;
    }
  }
  return false;
}

bool LeavesAcrossPinch(Corner end, Corner toward, const model::Area& own,
                       const std::function<bool(model::Square)>& solid) {
  if (end == toward) return false;
  // The four squares around the point: north-west, north-east, south-west, south-east.
  model::Square nw{end.x - 1, end.y - 1}, ne{end.x, end.y - 1}, sw{end.x - 1, end.y}, se{end.x, end.y};
  // Which of two sides of the pinch a direction (or the offset to a square's centre, doubled)
  // lies on: the sign of its sum along the line through the solid pair's free squares.
  int32_t dx = toward.x - end.x, dy = toward.y - end.y;
  auto side = [](int64_t along) { return along > 0 ? 1 : along < 0 ? -1 : 0; };
  // The side of the space's free square at the point; 0 for none, or for both (a space around
  // the point, over walls: degenerate, never pinched).
  auto own_side = [&](model::Square free_a, model::Square free_b, bool anti) -> int {
    int found = 0;
    for (model::Square square : {free_a, free_b}) {
      if (!own.Contains(square) || solid(square)) continue;  // a space inside a wall has no side
      int64_t cx = 2 * (square.x - end.x) + 1, cy = 2 * (square.y - end.y) + 1;
      int at = side(anti ? cx + cy : cx - cy);
      if (found != 0 && found != at) return 0;
      found = at;
    }
    return found;
  };
  // Solid north-east and south-west: the free squares north-west and south-east, told apart by dx + dy.
  if (solid(ne) && solid(sw)) {
    int own_at = own_side(nw, se, true);
    int line_at = side(int64_t{dx} + dy);
    if (own_at != 0 && line_at != 0 && own_at != line_at) return true;
  }
  // Solid north-west and south-east: the free squares north-east and south-west, by dx - dy.
  if (solid(nw) && solid(se)) {
    int own_at = own_side(ne, sw, false);
    int line_at = side(int64_t{dx} - dy);
    if (own_at != 0 && line_at != 0 && own_at != line_at) return true;
  }
  return false;
}

}  // namespace rulecraft::combat
