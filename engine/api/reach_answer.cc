// The typed reach answer's lookup (rulecraft.h, ReachAnswer).
#include <algorithm>

#include "rulecraft/rulecraft.h"

namespace rulecraft {

const ReachedSquare* ReachAnswer::Find(int x, int y) const {
  // `squares` is sorted by y, then x: a binary search.
  auto found = std::lower_bound(squares.begin(), squares.end(), std::pair{y, x},
                                [](const ReachedSquare& square, const std::pair<int, int>& at) {
                                  return std::pair{square.y, square.x} < at;
                                });
  return found != squares.end() && found->x == x && found->y == y ? &*found : nullptr;
}

}  // namespace rulecraft
