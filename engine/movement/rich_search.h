// Route search over a richer state than Search's, for the queries that need it: the direction
// of the last step (when the ruleset's tracks_facing rule holds, so steps that turn can cost
// more or be refused), and several speed kinds a creature may switch between during one move.
// Each step takes the cheapest kind whose budget still holds the movement used so far plus the
// step (003: "切换移动方式时，新移动方式的速度必须先减去旧移动方式已移动的距离"). Costs only grow
// and a cheaper arrival leaves every later step at least as possible, so Dijkstra over
// (square, footprint, diagonal counter, facing) is exact. A binary heap; the plain land search
// does not pass through here. A space of several squares that may squeeze changes footprint as
// in Search (movement/footprint.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/scenario.h"
#include "movement/footprint.h"
#include "movement/grid_view.h"
#include "movement/state_array.h"
#include "movement/step_rules.h"

namespace rulecraft::movement {

// The facing before the first step: the mover picks its direction freely.
inline constexpr int kNoFacing = 8;

// One speed kind a move may use: its step rules and its whole budget in squares.
struct KindRules {
  StepRules* rules = nullptr;
  float budget = 0;
};

// Cheapest movement used per state (square, footprint, diagonal counter, facing), the start's
// `used` included. Facing is a kDirections index, or kNoFacing; `facings` is 9 when tracked,
// else 1.
struct RichReach {
  int32_t width = 0;
  int32_t height = 0;
  int cycle = 1;
  int facings = 1;
  std::vector<Footprint> footprints;         // the shapes the space may take (Footprints)
  std::vector<std::vector<SpaceMove>> moves;  // per shape: MovesFrom
  StateArray<float> cost;      // per state; +infinity when not reached
  // Only for a search toward a target, per state:
  StateArray<int32_t> parent;  // the state before; -1 at the start and where not reached
  std::vector<int8_t> kind;     // the kind of the step into it (-1 at the start)
  std::vector<int16_t> via;     // the step into it, in moves[shape of its parent]

  int32_t Shapes() const { return footprints.empty() ? 1 : static_cast<int32_t>(footprints.size()); }
  int32_t Stride() const { return width + 2; }
  int32_t State(int32_t x, int32_t y, int counter, int facing, int32_t shape = 0) const {
    return ((((y + 1) * Stride() + x + 1) * Shapes() + shape) * cycle + counter) * facings +
           (facings == 1 ? 0 : facing);
  }
  model::Square SquareOf(int32_t state) const {
    int32_t cell = state / facings / cycle / Shapes();
    return {cell % Stride() - 1, cell / Stride() - 1};
  }
  int32_t ShapeOf(int32_t state) const { return state / facings / cycle % Shapes(); }
  // The step into a state (not the start).
  const SpaceMove& StepInto(int32_t state) const {
    return moves[static_cast<size_t>(ShapeOf(parent[static_cast<size_t>(state)]))]
                [static_cast<size_t>(via[static_cast<size_t>(state)])];
  }
  // The cheapest state of a square, or -1 when it was not reached.
  int32_t BestState(int32_t x, int32_t y) const;
  // The cheapest movement used at a square (+infinity when not reached).
  float Cost(int32_t x, int32_t y) const;
};

// How many 45° turns lie between a facing (kNoFacing: none) and the direction `d` (kDirections).
int Turns(int facing, int d);

// Dijkstra from `start`, having used `used` squares already, until every state within the kinds'
// budgets is settled or the `target` square is settled. `facing`: carry the last direction;
// `squeeze`: a space of several squares may narrow (Footprints), starting in `start_shape` of
// them (0: whole).
RichReach RichSearch(const GridView& grid, const std::vector<KindRules>& kinds, model::Square start, int32_t side,
                     float used, bool facing, std::optional<model::Square> target = std::nullopt,
                     bool squeeze = false, int32_t start_shape = 0);

// The states of the cheapest route to a state, start first.
std::vector<int32_t> StatesTo(const RichReach& reach, int32_t state);

}  // namespace rulecraft::movement
