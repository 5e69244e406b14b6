#include "movement/space_search.h"

#include <cmath>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace rulecraft::movement {

void SearchSpace(const GridView& grid, StepRules& rules, Reach& reach, model::Square start, float budget,
                 std::optional<model::Square> target) {
  const int32_t shapes = reach.Shapes();
  const int cycle = reach.cycle;
  std::vector<std::vector<SpaceMove>> moves;
  for (int32_t shape = 0; shape < shapes; ++shape) moves.push_back(MovesFrom(reach.footprints, shape));
  using Entry = std::pair<float, int32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  int32_t first = reach.State(start.x, start.y, 0, 0);
  reach.cost[static_cast<size_t>(first)] = 0;
  queue.push({0.0f, first});
  while (!queue.empty()) {
    auto [at_cost, state] = queue.top();
    queue.pop();
    if (at_cost > reach.cost[static_cast<size_t>(state)]) continue;  // a stale entry
    model::Square at = reach.SquareOf(state);
    if (target && at.x == target->x && at.y == target->y) break;
    int counter = reach.CounterOf(state);
    for (const SpaceMove& move : moves[static_cast<size_t>(reach.ShapeOf(state))]) {
      int dx = kDirections[move.direction][0], dy = kDirections[move.direction][1];
      int32_t x = at.x + dx + move.footprint.x, y = at.y + dy + move.footprint.y;
      if (!grid.Contains(x, y)) continue;
      float step = FootprintStep(grid, rules, at.x, at.y, dx, dy, counter, move.footprint);
      if (step == kBlocked) continue;
      float next_cost = at_cost + step;
      if (next_cost > budget) continue;
      int next_counter = dx != 0 && dy != 0 ? (counter + 1) % cycle : counter;
      int32_t next = reach.State(x, y, next_counter, move.shape);
      if (next_cost < reach.cost[static_cast<size_t>(next)]) {
        reach.cost[static_cast<size_t>(next)] = next_cost;
        if (!reach.parent.empty()) reach.parent[static_cast<size_t>(next)] = state;
        queue.push({next_cost, next});
      }
    }
  }
}

std::optional<SpaceMove> MoveBetween(const GridView& grid, StepRules& rules, const Reach& reach, int32_t from,
                                     int32_t to) {
  model::Square at = reach.SquareOf(from), next = reach.SquareOf(to);
  int counter = reach.CounterOf(from);
  std::optional<SpaceMove> best;
  float best_cost = 0;
  for (const SpaceMove& move : MovesFrom(reach.footprints, reach.ShapeOf(from))) {
    int dx = kDirections[move.direction][0], dy = kDirections[move.direction][1];
    bool diagonal = dx != 0 && dy != 0;
    if (move.shape != reach.ShapeOf(to) || at.x + dx + move.footprint.x != next.x ||
        at.y + dy + move.footprint.y != next.y || reach.CounterOf(to) != (diagonal ? (counter + 1) % reach.cycle : counter)) {
      continue;
    }
    float cost = FootprintStep(grid, rules, at.x, at.y, dx, dy, counter, move.footprint);
    if (cost != kBlocked && (!best || cost < best_cost)) {
      best = move;
      best_cost = cost;
    }
  }
  return best;
}

}  // namespace rulecraft::movement
