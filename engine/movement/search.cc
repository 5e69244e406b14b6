#include "movement/search.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>

namespace rulecraft::movement {
namespace {

constexpr float kUnreached = std::numeric_limits<float>::infinity();

}  // namespace

int32_t Reach::BestState(int32_t x, int32_t y) const {
  int32_t best = -1;
  for (int counter = 0; counter < cycle; ++counter) {
    int32_t state = State(x, y, counter);
    if (cost[static_cast<size_t>(state)] != kUnreached &&
        (best < 0 || cost[static_cast<size_t>(state)] < cost[static_cast<size_t>(best)])) {
      best = state;
    }
  }
  return best;
}

float Reach::Cost(int32_t x, int32_t y) const {
  int32_t state = BestState(x, y);
  return state < 0 ? kUnreached : cost[static_cast<size_t>(state)];
}

float SpaceStep(const GridView& grid, StepRules& rules, int32_t x, int32_t y, int dx, int dy,
                int counter, int32_t side) {
  bool diagonal = dx != 0 && dy != 0;
  int number = diagonal ? counter + 1 : 0;
  float worst = 0;
  for (int32_t j = 0; j < side; ++j) {
    for (int32_t i = 0; i < side; ++i) {
      int32_t tx = x + i + dx;
      int32_t ty = y + j + dy;
      if (!grid.Contains(tx, ty)) return kBlocked;
      SubStep step;
      step.to = grid.ClassAt(tx, ty);
      step.diagonal = diagonal;
      step.diagonal_number = number;
      // The squares a diagonal passes between; the map's edge counts as open ground.
      step.side_a = diagonal && grid.Contains(tx, y + j) ? grid.ClassAt(tx, y + j) : step.to;
      step.side_b = diagonal && grid.Contains(x + i, ty) ? grid.ClassAt(x + i, ty) : step.to;
      float cost = rules.Cost(step);
      if (cost == kBlocked) return kBlocked;
      worst = std::max(worst, cost);
    }
  }
  return worst;
}

bool MayEndAt(const GridView& grid, StepRules& rules, int32_t x, int32_t y, int32_t side) {
  for (int32_t j = 0; j < side; ++j) {
    for (int32_t i = 0; i < side; ++i) {
      if (!grid.Contains(x + i, y + j) || !rules.MayEnd(grid.ClassAt(x + i, y + j))) return false;
    }
  }
  return true;
}

Reach Search(const GridView& grid, StepRules& rules, model::Square start, int32_t side, float budget,
             std::optional<model::Square> target) {
  Reach reach;
  reach.width = grid.width();
  reach.height = grid.height();
  reach.cycle = rules.cycle();
  size_t states = static_cast<size_t>(reach.width) * static_cast<size_t>(reach.height) *
                  static_cast<size_t>(reach.cycle);
  reach.cost.assign(states, kUnreached);
  reach.parent.assign(states, -1);
  using Entry = std::pair<float, int32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  int32_t first = reach.State(start.x, start.y, 0);
  reach.cost[static_cast<size_t>(first)] = 0;
  queue.push({0, first});
  while (!queue.empty()) {
    auto [cost, state] = queue.top();
    queue.pop();
    if (cost > reach.cost[static_cast<size_t>(state)]) continue;  // a stale entry
    int32_t square = state / reach.cycle;
    int counter = state % reach.cycle;
    int32_t x = square % reach.width;
    int32_t y = square / reach.width;
    if (target && target->x == x && target->y == y) break;
    for (const auto& direction : kDirections) {
      float step = SpaceStep(grid, rules, x, y, direction[0], direction[1], counter, side);
      if (step == kBlocked) continue;
      float next_cost = cost + step;
      if (next_cost > budget + 1e-6f) continue;
      bool diagonal = direction[0] != 0 && direction[1] != 0;
      int next_counter = diagonal ? (counter + 1) % reach.cycle : counter;
      int32_t next = reach.State(x + direction[0], y + direction[1], next_counter);
      if (next_cost < reach.cost[static_cast<size_t>(next)]) {
        reach.cost[static_cast<size_t>(next)] = next_cost;
        reach.parent[static_cast<size_t>(next)] = state;
        queue.push({next_cost, next});
      }
    }
  }
  return reach;
}

std::vector<model::Square> RouteTo(const Reach& reach, int32_t state) {
  std::vector<model::Square> route;
  for (int32_t at = state; at >= 0; at = reach.parent[static_cast<size_t>(at)]) {
    int32_t square = at / reach.cycle;
    route.push_back({square % reach.width, square / reach.width});
  }
  std::reverse(route.begin(), route.end());
  return route;
}

}  // namespace rulecraft::movement
