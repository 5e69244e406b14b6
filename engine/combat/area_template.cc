#include "combat/area_template.h"

#include <algorithm>
#include <cmath>

namespace rulecraft::combat {
namespace {

constexpr double kEpsilon = 1e-9;

// The unit vector from `origin` towards `toward`; zero when they are the same point.
GridPoint Direction(GridPoint origin, GridPoint toward) {
  double dx = toward.x - origin.x, dy = toward.y - origin.y;
  double length = std::hypot(dx, dy);
  if (length < kEpsilon) return {0, 0};
  return {dx / length, dy / length};
}

// How far `point` lies along the axis through `origin` in `direction`, and how far from it.
void AlongAcross(GridPoint origin, GridPoint direction, GridPoint point, double& along, double& across) {
  double dx = point.x - origin.x, dy = point.y - origin.y;
  along = dx * direction.x + dy * direction.y;
  across = std::fabs(dx * direction.y - dy * direction.x);
}

// The length of the part of the ray from `origin` in `direction` inside the closed square
// (Liang–Barsky clipping of the ray against the square's four sides).
double RayLengthInside(GridPoint origin, GridPoint direction, model::Square square) {
  double enter = 0, leave = 1e18;
  const double low[2] = {static_cast<double>(square.x), static_cast<double>(square.y)};
  const double start[2] = {origin.x, origin.y};
  const double step[2] = {direction.x, direction.y};
  for (int axis = 0; axis < 2; ++axis) {
    double high = low[axis] + 1;
    if (std::fabs(step[axis]) < kEpsilon) {
      if (start[axis] < low[axis] - kEpsilon || start[axis] > high + kEpsilon) return 0;
      continue;
    }
    double t1 = (low[axis] - start[axis]) / step[axis];
    double t2 = (high - start[axis]) / step[axis];
    enter = std::max(enter, std::min(t1, t2));
    leave = std::min(leave, std::max(t1, t2));
  }
  return std::max(0.0, leave - enter);
}

}  // namespace

bool ConeCovers(GridPoint origin, GridPoint toward, double half_width, model::Square square) {
  GridPoint direction = Direction(origin, toward);
  if (direction.x == 0 && direction.y == 0) return false;
  double along = 0, across = 0;
  AlongAcross(origin, direction, {square.x + 0.5, square.y + 0.5}, along, across);
  return along > kEpsilon && across <= along * half_width + kEpsilon;
}

bool LineCovers(GridPoint origin, GridPoint toward, double width, model::Square square) {
  GridPoint direction = Direction(origin, toward);
  if (direction.x == 0 && direction.y == 0) return false;
  if (width <= kEpsilon) return RayLengthInside(origin, direction, square) > kEpsilon;
  double along = 0, across = 0;
  AlongAcross(origin, direction, {square.x + 0.5, square.y + 0.5}, along, across);
  return along > kEpsilon && across <= width / 2 + kEpsilon;
}

}  // namespace rulecraft::combat
