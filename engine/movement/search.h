// Route search over the exact state the rules need: the top-left square of the mover's space,
// the diagonal counter (diagonals taken, modulo the ruleset's diagonal cycle) and, for a
// creature of several squares that may squeeze, the footprint it occupies in its space
// (movement/footprint.h). Dijkstra, so every cost is the cheapest; the rules price each step
// through StepRules. One-square movers on maps without barriers between squares and without
// refused steps (GridView::RefuseSteps) get the fast path: whole-number costs in a bucket queue (Dial's algorithm), other costs in a binary heap;
// the rest is searched by RichSearch (movement/rich_search.h) with one kind.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "model/scenario.h"
#include "movement/footprint.h"
#include "movement/grid_view.h"
#include "movement/state_array.h"
#include "movement/step_rules.h"

namespace rulecraft::movement {

// The eight directions, orthogonal first.
inline constexpr int kDirections[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// The cost of a state no search reached (Reach, RichReach, route_steps).
inline constexpr float kUnreached = std::numeric_limits<float>::infinity();

// Cheapest costs from one start, per state. States index a map padded by one square on every
// side, so the search needs no bounds checks.
struct Reach {
  int32_t width = 0;
  int32_t height = 0;
  int cycle = 1;
  std::vector<Footprint> footprints;  // the shapes the space may take (Footprints; one: the whole space)
  // Per state in [filled_first, filled_end): its cost, +infinity when not reached; the states
  // outside that range were not reached and their elements were never written (read them through
  // CostOf, Cost, BestState). Read-only: a Reach of the fast path gives its arrays back to the
  // next search of its thread when it dies, to be cleaned there between `first_given` and
  // `last_given`.
  StateArray<float> cost;
  // Per state, only for a search toward a target, and only at the states reached: the state
  // before, -1 at the start.
  StateArray<int32_t> parent;
  int32_t filled_first = 0;
  int32_t filled_end = 0;
  // The fast path's states given a cost all lie in [first_given, last_given], and these two were
  // given one (first_given > last_given when none); unset when the richer search ran (`listed` false).
  int32_t first_given = 0;
  int32_t last_given = -1;
  bool listed = false;

  Reach() = default;
  Reach(const Reach&) = default;
  Reach(Reach&&) noexcept = default;
  Reach& operator=(const Reach&) = default;
  Reach& operator=(Reach&&) noexcept = default;
  ~Reach();  // gives the fast path's arrays back for the thread's next search (search.cc)

  int32_t Shapes() const { return footprints.empty() ? 1 : static_cast<int32_t>(footprints.size()); }
  int32_t Stride() const { return width + 2; }
  int32_t State(int32_t x, int32_t y, int counter, int32_t shape = 0) const {
    return (((y + 1) * Stride() + x + 1) * Shapes() + shape) * cycle + counter;
  }
  model::Square SquareOf(int32_t state) const {
    int32_t cell = state / cycle / Shapes();
    return {cell % Stride() - 1, cell / Stride() - 1};
  }
  // The index in `footprints` of a state's footprint.
  int32_t ShapeOf(int32_t state) const { return state / cycle % Shapes(); }
  int CounterOf(int32_t state) const { return state % cycle; }
  // The cost of a state, +infinity when not reached.
  float CostOf(int32_t state) const {
    return state >= filled_first && state < filled_end ? cost[static_cast<size_t>(state)] : kUnreached;
  }
  // The cheapest state of a square, or -1 when it was not reached.
  int32_t BestState(int32_t x, int32_t y) const;
  // The cheapest cost of a square (+infinity when not reached). Inline: callers read every square.
  float Cost(int32_t x, int32_t y) const {
    int32_t count = Shapes() * cycle;
    int32_t first = State(x, y, 0, 0);
    if (first < filled_first || first + count > filled_end) return kUnreached;  // a square's states are filled together
    const float* costs = cost.data() + first;
    float best = costs[0];
    for (int32_t k = 1; k < count; ++k) best = costs[k] < best ? costs[k] : best;
    return best;
  }
  // The smallest box of squares holding every square reached: the whole map when the richer
  // search ran, an empty one (width and height 0) when nothing was reached.
  model::Area ReachedBox() const;
};

// The step into one square as the rules are asked about it: one SubStep per kind of barrier
// between squares it meets (GridView::BarrierBetween), or one without a barrier.
struct Entered {
  std::array<SubStep, 4> steps{};
  int count = 0;
};

// The step into square (tx, ty) in direction (dx, dy): its classes, the squares a diagonal
// passes between, and the barriers it crosses or passes; nullopt when a diagonal would pass a
// square off the map. `number` is the diagonal's number (0 when orthogonal), `narrowed` as
// SubStep says.
std::optional<Entered> StepInto(const GridView& grid, int32_t tx, int32_t ty, int dx, int dy, int number, int turn,
                                int narrowed);

// The cost of a step into one square: the most costly answer for its barriers, kBlocked when
// the rules refuse any (as for a square several creatures share). `worst` receives the SubStep
// that decided it.
float EnteredCost(StepRules& rules, const Entered& entered, SubStep* worst = nullptr);

// The cost of moving a space (top-left at x, y) one step in direction (dx, dy) with `counter`
// diagonals taken so far and `turn` 45° turns, into footprint `to` (placed from the step's
// target as Footprint says; WholeSpace(side) for the whole space): every square of it priced as
// a step in that direction, narrowed as `to` is, and the most costly counts ("as fast as the
// most difficult terrain you occupy"); kBlocked when any square's step is not allowed or the
// space would leave the map.
float FootprintStep(const GridView& grid, StepRules& rules, int32_t x, int32_t y, int dx, int dy, int counter,
                    const Footprint& to, int turn = 0);

// Whether the whole space may end a move with its top-left square at (x, y).
bool MayEndAt(const GridView& grid, StepRules& rules, int32_t x, int32_t y, int32_t side);

// Whether a space of this shape (its placement unused) may end a move with its top-left square at (x, y).
bool MayEndIn(const GridView& grid, StepRules& rules, int32_t x, int32_t y, const Footprint& shape);

// Whether a space of `side` squares may stand narrowed to the band `width` × `height` with its
// top-left at (x, y): only where it must, because no whole side × side placement around the band
// lies on open squares (on the map, `may_occupy`, no creature): 000 쥐어짜기 "자신이 통과할 만큼
// 충분히 넓지 않은 공간 사이로 몸을 쥐어짜야 할 수도 있습니다" (you may have to squeeze through a
// space that is not wide enough for you), never to slip past terrain it could cross whole.
bool NarrowingNeeded(const GridView& grid, StepRules& rules, int32_t x, int32_t y, int32_t width, int32_t height,
                     int32_t side);

// Dijkstra from `start` until every state within `budget` squares is settled, or until the
// `target` square is settled. With `squeeze`, a space of several squares may also take the
// narrower shapes of Footprints(side, true) (MovesFrom); it starts in the shape `start_shape`
// of those (0: whole; a creature placed squeezed starts narrowed).
Reach Search(const GridView& grid, StepRules& rules, model::Square start, int32_t side, float budget,
             std::optional<model::Square> target = std::nullopt, bool squeeze = false, int32_t start_shape = 0);

// The states of the cheapest route to a state, start first.
std::vector<int32_t> StatesTo(const Reach& reach, int32_t state);

// The squares of the cheapest route to a state, start first.
std::vector<model::Square> RouteTo(const Reach& reach, int32_t state);

}  // namespace rulecraft::movement
