#include "combat/barrier_contact.h"

#include <algorithm>

namespace rulecraft::combat {
namespace {

// Which side of the line through p and q a point lies on: +1, −1, or 0 on it.
int Side(Corner p, Corner q, double x, double y) {
  double cross = (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x);
  return cross > 1e-9 ? 1 : cross < -1e-9 ? -1 : 0;
}

int Side(Corner p, Corner q, Corner r) { return Side(p, q, r.x, r.y); }

// Whether point r, on the line through p and q, lies within the segment [p, q]; `end` says
// whether it is p or q itself.
bool Within(Corner p, Corner q, Corner r, bool& end) {
  end = r == p || r == q;
  return r.x >= std::min(p.x, q.x) && r.x <= std::max(p.x, q.x) && r.y >= std::min(p.y, q.y) &&
         r.y <= std::max(p.y, q.y);
}

// A line end lying on the barrier: it crosses when the space behind that end and the rest of
// the line are on opposite sides.
Contact EndContact(Corner p, Corner q, Corner end_point, Inside space, int rest_side) {
  bool at_end = false;
  if (!Within(p, q, end_point, at_end)) return Contact::kNone;
  int space_side = Side(p, q, space.x, space.y);
  if (space_side == 0 || space_side == rest_side) return Contact::kNone;
  return at_end ? Contact::kBorder : Contact::kInside;
}

}  // namespace

Contact BarrierContact(Corner from, Corner to, Corner p, Corner q, Inside from_space, Inside to_space) {
  int side_from = Side(p, q, from), side_to = Side(p, q, to);
  if (side_from == 0 && side_to == 0) {
    // Along the barrier's line: it touches the barrier when they share more than a point.
    bool horizontal = p.y == q.y;
    int32_t lo = horizontal ? std::min(from.x, to.x) : std::min(from.y, to.y);
    int32_t hi = horizontal ? std::max(from.x, to.x) : std::max(from.y, to.y);
    int32_t b_lo = horizontal ? std::min(p.x, q.x) : std::min(p.y, q.y);
    int32_t b_hi = horizontal ? std::max(p.x, q.x) : std::max(p.y, q.y);
    return std::min(hi, b_hi) > std::max(lo, b_lo) ? Contact::kBorder : Contact::kNone;
  }
  if (side_from == 0) return EndContact(p, q, from, from_space, side_to);
  if (side_to == 0) return EndContact(p, q, to, to_space, side_from);
  if (side_from == side_to) return Contact::kNone;
  // The line crosses the barrier's line between its ends: where, against the barrier?
  int side_p = Side(from, to, p), side_q = Side(from, to, q);
  if (side_p == 0 || side_q == 0) return Contact::kBorder;  // through the barrier's end
  return side_p != side_q ? Contact::kInside : Contact::kNone;
}

bool CrossesAt(Corner from, Corner to, Corner point, bool vertical_line) {
  if (point == from || point == to) return false;
  // The point must lie on the segment.
  int64_t cross = int64_t{to.x - from.x} * (point.y - from.y) - int64_t{to.y - from.y} * (point.x - from.x);
  if (cross != 0) return false;
  if (point.x < std::min(from.x, to.x) || point.x > std::max(from.x, to.x) || point.y < std::min(from.y, to.y) ||
      point.y > std::max(from.y, to.y)) {
    return false;
  }
  // Transversal: the ends lie on opposite sides of the grid line.
  return vertical_line ? (from.x - point.x) * (to.x - point.x) < 0 : (from.y - point.y) * (to.y - point.y) < 0;
}

}  // namespace rulecraft::combat
