#include "movement/rich_search.h"

#include <algorithm>
#include <functional>
#include <queue>

#include "movement/search.h"

namespace rulecraft::movement {
namespace {

// The compass angle of each kDirections entry, in steps of 45°.
constexpr int kAngle[8] = {0, 4, 2, 6, 1, 7, 3, 5};

}  // namespace

int Turns(int facing, int d) {
  if (facing == kNoFacing) return 0;
  int difference = std::abs(kAngle[facing] - kAngle[d]);
  return std::min(difference, 8 - difference);
}

int32_t RichReach::BestState(int32_t x, int32_t y) const {
  int32_t best = -1;
  for (int32_t shape = 0; shape < Shapes(); ++shape) {
    for (int counter = 0; counter < cycle; ++counter) {
      for (int facing = 0; facing < facings; ++facing) {
        int32_t state = State(x, y, counter, facings == 1 ? 0 : facing, shape);
        if (cost[static_cast<size_t>(state)] != kUnreached &&
            (best < 0 || cost[static_cast<size_t>(state)] < cost[static_cast<size_t>(best)])) {
          best = state;
        }
      }
    }
  }
  return best;
}

float RichReach::Cost(int32_t x, int32_t y) const {
  int32_t state = BestState(x, y);
  return state < 0 ? kUnreached : cost[static_cast<size_t>(state)];
}

RichReach RichSearch(const GridView& grid, const std::vector<KindRules>& kinds, model::Square start, int32_t side,
                     float used, bool facing, std::optional<model::Square> target, bool squeeze,
                     int32_t start_shape) {
  RichReach reach;
  reach.width = grid.width();
  reach.height = grid.height();
  reach.cycle = kinds.front().rules->cycle();
  reach.facings = facing ? kNoFacing + 1 : 1;
  reach.footprints = Footprints(side, squeeze && side > 1);
  for (int32_t shape = 0; shape < reach.Shapes(); ++shape) reach.moves.push_back(MovesFrom(reach.footprints, shape));
  size_t states = static_cast<size_t>(reach.Stride()) * static_cast<size_t>(reach.height + 2) *
                  static_cast<size_t>(reach.Shapes()) * static_cast<size_t>(reach.cycle) *
                  static_cast<size_t>(reach.facings);
  reach.cost.assign(states, kUnreached);
  if (target) {  // only a search toward a square needs its route
    reach.parent.assign(states, -1);
    reach.kind.assign(states, -1);
    reach.via.assign(states, -1);
  }
  if (!grid.Contains(start.x, start.y)) return reach;
  using Entry = std::pair<float, int32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  // Per place and narrowed shape, whether the space must narrow there (NarrowingNeeded): -1 not
  // asked yet, 0 no, 1 yes.
  std::vector<int8_t> needed;
  if (reach.Shapes() > 1) {
    needed.assign(static_cast<size_t>(reach.Stride()) * static_cast<size_t>(reach.height + 2) *
                      static_cast<size_t>(reach.Shapes()), -1);
  }
  auto may_narrow = [&](int32_t x, int32_t y, int32_t shape) {
    int8_t& known = needed[(static_cast<size_t>(y + 1) * static_cast<size_t>(reach.Stride()) + static_cast<size_t>(x + 1)) *
                               static_cast<size_t>(reach.Shapes()) + static_cast<size_t>(shape)];
    if (known < 0) {
      const Footprint& band = reach.footprints[static_cast<size_t>(shape)];
      known = NarrowingNeeded(grid, *kinds.front().rules, x, y, band.width, band.height, side) ? 1 : 0;
    }
    return known == 1;
  };
  int32_t first = reach.State(start.x, start.y, 0, kNoFacing, start_shape);
  reach.cost[static_cast<size_t>(first)] = used;
  queue.push({used, first});
  while (!queue.empty()) {
    auto [at_cost, state] = queue.top();
    queue.pop();
    if (at_cost > reach.cost[static_cast<size_t>(state)]) continue;  // a stale entry
    model::Square at = reach.SquareOf(state);
    if (target && at.x == target->x && at.y == target->y) break;
    int rest = state / reach.facings;
    int counter = rest % reach.cycle;
    int face = facing ? state % reach.facings : kNoFacing;
    const std::vector<SpaceMove>& moves = reach.moves[static_cast<size_t>(reach.ShapeOf(state))];
    for (size_t m = 0; m < moves.size(); ++m) {
      const SpaceMove& move = moves[m];
      int d = move.direction;
      int dx = kDirections[d][0], dy = kDirections[d][1];
      int32_t x = at.x + dx + move.footprint.x, y = at.y + dy + move.footprint.y;
      if (!grid.Contains(x, y)) continue;
      if (move.shape != 0 && !may_narrow(x, y, move.shape)) continue;  // squeezes only where it must
      if (grid.RefusesSomeSteps() && grid.Refuses(at, {x, y})) continue;
      int turn = Turns(face, d);
      float best = kUnreached;
      int best_kind = -1;
      for (size_t k = 0; k < kinds.size(); ++k) {
        float step = FootprintStep(grid, *kinds[k].rules, at.x, at.y, dx, dy, counter, move.footprint, turn);
        if (step < 0 || at_cost + step > kinds[k].budget + 1e-6f) continue;
        if (at_cost + step < best) {
          best = at_cost + step;
          best_kind = static_cast<int>(k);
        }
      }
      if (best_kind < 0) continue;
      bool diagonal = dx != 0 && dy != 0;
      int next_counter = diagonal ? (counter + 1) % reach.cycle : counter;
      int32_t next = reach.State(x, y, next_counter, d, move.shape);
      if (best < reach.cost[static_cast<size_t>(next)]) {
        reach.cost[static_cast<size_t>(next)] = best;
        if (target) {
          reach.parent[static_cast<size_t>(next)] = state;
          reach.kind[static_cast<size_t>(next)] = static_cast<int8_t>(best_kind);
          reach.via[static_cast<size_t>(next)] = static_cast<int16_t>(m);
        }
        queue.push({best, next});
      }
    }
  }
  return reach;
}

std::vector<int32_t> StatesTo(const RichReach& reach, int32_t state) {
  std::vector<int32_t> states;
  for (int32_t at = state; at >= 0; at = reach.parent[static_cast<size_t>(at)]) states.push_back(at);
  std::reverse(states.begin(), states.end());
  return states;
}

}  // namespace rulecraft::movement
