#include "combat/line_contact.h"

#include <algorithm>
#include <limits>

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
  int32_t x0 = std::min(from.x, to.x) - 1, x1 = std::max(from.x, to.x);
  int32_t y0 = std::min(from.y, to.y) - 1, y1 = std::max(from.y, to.y);
  int64_t dx = to.x - from.x, dy = to.y - from.y;
  for (int32_t y = y0; y <= y1; ++y) {
    for (int32_t x = x0; x <= x1; ++x) {
      // Skip squares whose four corners lie strictly on one side of the line.
      int sides = 0;
      for (int32_t corner = 0; corner < 4; ++corner) {
        int64_t cx = x + (corner & 1) - from.x, cy = y + (corner >> 1) - from.y;
        int64_t cross = dx * cy - dy * cx;
        sides |= cross > 0 ? 1 : cross < 0 ? 2 : 3;
      }
      if (sides != 3) continue;
      Contact contact = ContactOf(from, to, {x, y});
      if (contact != Contact::kNone) visit({x, y}, contact);
    }
  }
}

}  // namespace rulecraft::combat
