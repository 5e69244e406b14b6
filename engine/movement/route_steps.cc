#include "movement/route_steps.h"

#include <algorithm>

namespace rulecraft::movement {

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

std::vector<SpaceMove> CheapestMoves(const GridView& grid, StepRules& rules, const std::vector<model::Square>& route,
                                     const std::vector<Footprint>& shapes, int32_t start_shape) {
  const int cycle = rules.cycle();
  const size_t states = shapes.size() * static_cast<size_t>(cycle);  // shape × diagonal counter
  std::vector<std::vector<SpaceMove>> moves;
  for (int32_t shape = 0; shape < static_cast<int32_t>(shapes.size()); ++shape) moves.push_back(MovesFrom(shapes, shape));
  std::vector<float> best(states, kUnreached);
  best[static_cast<size_t>(start_shape) * static_cast<size_t>(cycle)] = 0;
  struct Came {
    size_t state = 0;
    SpaceMove move;
  };
  std::vector<std::vector<Came>> came;  // per step: how each state after it was reached
  for (size_t i = 1; i < route.size(); ++i) {
    int32_t rx = route[i].x - route[i - 1].x, ry = route[i].y - route[i - 1].y;
    std::vector<float> next(states, kUnreached);
    std::vector<Came> from(states);
    for (size_t before = 0; before < states; ++before) {
      if (best[before] == kUnreached) continue;
      int counter = static_cast<int>(before % static_cast<size_t>(cycle));
      for (const SpaceMove& move : moves[before / static_cast<size_t>(cycle)]) {
        int dx = kDirections[move.direction][0], dy = kDirections[move.direction][1];
        if (dx + move.footprint.x != rx || dy + move.footprint.y != ry) continue;
        if (move.shape != 0 && !NarrowingNeeded(grid, rules, route[i].x, route[i].y, move.footprint.width,
                                                move.footprint.height, shapes[0].width)) {
          continue;  // squeezes only where it must
        }
        float step = FootprintStep(grid, rules, route[i - 1].x, route[i - 1].y, dx, dy, counter, move.footprint);
        if (step == kBlocked) continue;
        int next_counter = dx != 0 && dy != 0 ? (counter + 1) % cycle : counter;
        size_t after = static_cast<size_t>(move.shape) * static_cast<size_t>(cycle) + static_cast<size_t>(next_counter);
        if (best[before] + step < next[after]) {
          next[after] = best[before] + step;
          from[after] = {before, move};
        }
      }
    }
    if (std::all_of(next.begin(), next.end(), [](float cost) { return cost == kUnreached; })) break;
    best = std::move(next);
    came.push_back(std::move(from));
  }
  // Back from the cheapest state at the last place reached.
  std::vector<SpaceMove> chosen(came.size());
  size_t state = static_cast<size_t>(std::min_element(best.begin(), best.end()) - best.begin());
  for (size_t i = came.size(); i > 0; --i) {
    chosen[i - 1] = came[i - 1][state].move;
    state = came[i - 1][state].state;
  }
  return chosen;
}

}  // namespace rulecraft::movement
