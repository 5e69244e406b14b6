#include "movement/search.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <queue>

#include "movement/rich_search.h"

namespace rulecraft::movement {
namespace {

// Whole-number step costs below this are queued in buckets; anything else in a heap.
constexpr int kBuckets = 256;

// One bucket of the bucket queue: a stack of states whose push is inlined and whose growth is not.
class Bucket {
 public:
  bool empty() const { return size_ == 0; }
  [[gnu::always_inline]] void push(int32_t state) {
    if (size_ == capacity_) Grow();
    states_[size_++] = state;
  }
  int32_t pop() { return states_[--size_]; }
  void clear() { size_ = 0; }
  size_t capacity() const { return capacity_; }

 private:
  [[gnu::noinline]] void Grow() {
    uint32_t capacity = std::max<uint32_t>(64, capacity_ * 2);
    std::unique_ptr<int32_t[]> states(new int32_t[capacity]);  // left unwritten: pushes write it
    std::copy_n(states_.get(), size_, states.get());
    states_ = std::move(states);
    capacity_ = capacity;
  }
  std::unique_ptr<int32_t[]> states_;
  uint32_t size_ = 0;
  uint32_t capacity_ = 0;
};

// Dial's bucket queue: states keyed by whole-number cost in a ring of `ring` buckets (a power of
// two), valid while the live keys span less than the ring: a key pushed lies within a step and
// the heuristic's change over it (at most a step) of the lowest, so every ring is past three
// times the dearest step (MemoSteps and LazySteps stop at a step of kBuckets or more; LazySteps
// learns its dearest step as the search goes, and widens the ring with Fit).
class BucketQueue {
 public:
  // Takes emptied buckets from the thread's earlier queues when there are some, so a small
  // search does not allocate its buckets again; those past the ring are kept aside for Fit.
  // `lowest`: the lowest key that will be pushed (the start's).
  BucketQueue(uint32_t ring, float lowest) : mask_(ring - 1), current_(static_cast<uint64_t>(lowest)) {
    std::vector<Buckets>& pool = Pool();
    if (!pool.empty()) {
      buckets_ = std::move(pool.back());
      pool.pop_back();
    }
    for (size_t at = ring; at < buckets_.size(); ++at) aside_.push_back(std::move(buckets_[at]));
    buckets_.resize(ring);
  }
  // Gives the buckets back emptied (those aside too), unless they hold more than kMaxPooled
  // entries' room.
  ~BucketQueue() {
    for (Bucket& bucket : aside_) buckets_.push_back(std::move(bucket));
    size_t room = 0;
    for (Bucket& bucket : buckets_) bucket.clear(), room += bucket.capacity();
    if (room <= kMaxPooled) Pool().push_back(std::move(buckets_));
  }
  BucketQueue(const BucketQueue&) = delete;
  BucketQueue& operator=(const BucketQueue&) = delete;
  // Queues `state` at key `cost` (a whole number, as a float or an int32_t): no lower than the
  // last key popped (at first, `lowest`) and within the ring of it.
  template <typename Key>
  [[gnu::always_inline]] void Push(Key cost, int32_t state) {
    buckets_[static_cast<uint32_t>(static_cast<int32_t>(cost)) & mask_].push(state);
    ++size_;
  }
  bool Empty() const { return size_ == 0; }
  // Makes the ring hold keys up to three times `step` past the lowest live one (a power of two
  // past that), keeping every queued state at its key: for searches that learn their dearest step
  // as they go (LazySteps), before they push a key that far.
  void Fit(int32_t step) {
    if (mask_ + 1 <= 3 * static_cast<uint64_t>(step)) Widen(step);
  }
  // The state with the lowest key; `cost` receives the key.
  template <typename Key>
  int32_t Pop(Key& cost) {
    while (buckets_[current_ & mask_].empty()) ++current_;
    --size_;
    cost = static_cast<Key>(current_);
    return buckets_[current_ & mask_].pop();
  }

 private:
  using Buckets = std::vector<Bucket>;
  // Fit's work when the ring is too small: kept out of the search's loop, where it would only
  // take registers.
  [[gnu::noinline]] void Widen(int32_t step) {
    uint64_t ring = mask_ + 1;
    while (ring <= 3 * static_cast<uint64_t>(step)) ring *= 2;
    // Live keys lie in [current_, current_ + the old ring): each old bucket holds one key. The
    // new ring's other buckets are the ones kept aside while there are some (their room kept).
    Buckets wider(ring);
    std::vector<bool> taken(ring, false);
    for (uint64_t key = current_; key <= current_ + mask_; ++key) {
      std::swap(wider[key & (ring - 1)], buckets_[key & mask_]);
      taken[key & (ring - 1)] = true;
    }
    for (size_t at = 0; at < ring && !aside_.empty(); ++at) {
      if (taken[at]) continue;
      wider[at] = std::move(aside_.back());
      aside_.pop_back();
    }
    buckets_.swap(wider);
    mask_ = ring - 1;
  }
  static constexpr size_t kMaxPooled = size_t{1} << 16;
  static std::vector<Buckets>& Pool() {
    thread_local std::vector<Buckets> pool;
    return pool;
  }
  Buckets buckets_;
  Buckets aside_;  // emptied buckets past the ring, from the pool
  uint64_t mask_;
  uint64_t current_;
  size_t size_ = 0;
};

class HeapQueue {
 public:
  HeapQueue(uint32_t /*ring*/, float /*lowest*/) {}
  void Push(float cost, int32_t state) { heap_.push({cost, state}); }
  bool Empty() const { return heap_.empty(); }
  int32_t Pop(float& cost) {
    auto [key, state] = heap_.top();
    heap_.pop();
    cost = key;
    return state;
  }

 private:
  using Entry = std::pair<float, int32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap_;
};

// Step costs read through the rules' memo, evaluated as the search meets them; a cost the
// bucket queue cannot hold may turn up at any step.
struct MemoSteps {
  using Cost = float;
  static constexpr bool kChecked = true;
  static constexpr bool kLazy = false;
  StepRules& rules;
  uint16_t outside;
  uint32_t Ring() const { return 4 * kBuckets; }  // past three times a step below kBuckets
  float Orthogonal(uint16_t to) const { return to == outside ? kBlocked : rules.Cost(to, to, to, 0); }
  float Diagonal(uint16_t to, uint16_t side_a, uint16_t side_b, int number) const {
    return to == outside ? kBlocked : rules.Cost(to, side_a, side_b, number);
  }
};

// Every step cost of a map with few classes, evaluated before the search into flat tables (the
// padding's `outside` class blocked), all whole numbers the bucket queue holds: as floats, or as
// int32_t (WholeSteps), which the search adds and compares as integers.
template <typename CostType>
struct BasicDenseSteps {
  using Cost = CostType;
  static constexpr bool kChecked = false;
  static constexpr bool kLazy = false;
  int shift = 0;  // classes (outside included) round up to 1 << shift
  uint32_t ring = 4;  // the bucket queue's ring: a power of two past three times the dearest step
  uint32_t Ring() const { return ring; }
  std::vector<Cost> orthogonal;  // by class
  std::vector<Cost> diagonal;    // by ((number - 1, to), side_a, side_b), each 1 << shift wide
  [[gnu::always_inline]] Cost Orthogonal(uint16_t to) const { return orthogonal[to]; }
  [[gnu::always_inline]] Cost Diagonal(uint16_t to, uint16_t side_a, uint16_t side_b, int number) const {
    return diagonal[(((static_cast<size_t>(number - 1) << shift | to) << shift | side_a) << shift) | side_b];
  }
};
using DenseSteps = BasicDenseSteps<float>;
using WholeSteps = BasicDenseSteps<int32_t>;

// The same tables as int32_t (kBlocked is -1 either way).
WholeSteps Whole(const DenseSteps& dense) {
  WholeSteps whole;
  whole.shift = dense.shift;
  whole.ring = dense.ring;
  whole.orthogonal.assign(dense.orthogonal.begin(), dense.orthogonal.end());
  whole.diagonal.assign(dense.diagonal.begin(), dense.diagonal.end());
  return whole;
}

// Flat step tables filled as the search meets each step (kNotAsked: not yet), for rules with Lua
// hooks, their whole-number costs added and compared as integers: each entry is asked once
// through the rules' memo (StepRules::Cost, the path MemoSteps takes), so the scripts see
// exactly the steps the memo would show them, in the same order.
// The search stops where MemoSteps' checks would stop it: a step the buckets cannot hold, or any
// step once some cost was fractional, is asked as kBuckets (which stops the search); such steps
// are not kept, and once a cost is fractional nothing kept is read again.
struct LazyTables {
  static constexpr int32_t kNotAsked = std::numeric_limits<int32_t>::min();
  static constexpr int32_t kWholeBlocked = -1;
  StepRules& rules;
  int shift = 0;
  uint16_t outside = 0;
  std::vector<int32_t> orthogonal{};  // by class
  std::vector<int32_t> diagonal{};    // as DenseSteps
  // Asks the rules a step not asked yet and keeps its cost in `entry` when the buckets hold it
  // (whole, then: no cost was fractional).
  [[gnu::noinline]] int32_t Ask(int32_t& entry, uint16_t to, uint16_t side_a, uint16_t side_b, int number) {
    float cost = rules.Cost(to, side_a, side_b, number);
    if (!rules.fractional() && cost < kBuckets) return entry = cost < 0 ? kWholeBlocked : static_cast<int32_t>(cost);
    if (cost < 0) Forget();  // a blocked step: MemoSteps stops at the next step that is not
    return cost < 0 ? kWholeBlocked : kBuckets;
  }
  // Every step not asked yet (the padding's still blocked), so each is asked again.
  void Forget() {
    size_t width = size_t{1} << shift;
    std::fill(orthogonal.begin(), orthogonal.end(), kNotAsked);
    orthogonal[outside] = kWholeBlocked;
    std::fill(diagonal.begin(), diagonal.end(), kNotAsked);
    for (size_t number = 0; number * width * width * width < diagonal.size(); ++number) {
      size_t first = ((number << shift | outside) << shift) << shift;
      std::fill_n(diagonal.begin() + static_cast<std::ptrdiff_t>(first), width * width, kWholeBlocked);
    }
  }
};

// What the search reads of LazyTables, copied into it (so its pointers stay in registers): an
// entry as kept, kNotAsked included (negative, so the search's test for a blocked step also
// finds the steps to ask: kLazy); Ask* fill one. Its ring starts small and the search widens it
// (BucketQueue::Fit) as it meets dearer steps.
struct LazySteps {
  using Cost = int32_t;
  static constexpr bool kChecked = false;
  static constexpr bool kLazy = true;
  static constexpr int32_t kNotAsked = LazyTables::kNotAsked;
  LazyTables* tables = nullptr;
  int32_t* orthogonal = nullptr;
  int32_t* diagonal = nullptr;
  int shift = 0;
  explicit LazySteps(LazyTables& filled)
      : tables(&filled), orthogonal(filled.orthogonal.data()), diagonal(filled.diagonal.data()), shift(filled.shift) {}
  uint32_t Ring() const { return 4; }
  size_t Index(uint16_t to, uint16_t side_a, uint16_t side_b, int number) const {
    return (((static_cast<size_t>(number - 1) << shift | to) << shift | side_a) << shift) | side_b;
  }
  [[gnu::always_inline]] int32_t Orthogonal(uint16_t to) const { return orthogonal[to]; }
  [[gnu::always_inline]] int32_t Diagonal(uint16_t to, uint16_t side_a, uint16_t side_b, int number) const {
    return diagonal[Index(to, side_a, side_b, number)];
  }
  int32_t AskOrthogonal(uint16_t to) const { return tables->Ask(orthogonal[to], to, to, to, 0); }
  int32_t AskDiagonal(uint16_t to, uint16_t side_a, uint16_t side_b, int number) const {
    return tables->Ask(diagonal[Index(to, side_a, side_b, number)], to, side_a, side_b, number);
  }
};

constexpr size_t kMaxDense = 15;

// The lazily filled tables for a map of at most `kMaxDense` classes; nullopt otherwise. A step
// into the padding's `outside` class is blocked without asking, as MemoSteps has it.
std::optional<LazyTables> Lazify(const GridView& grid, StepRules& rules) {
  size_t classes = grid.ClassCount();
  if (classes > kMaxDense) return std::nullopt;
  LazyTables lazy{rules};
  lazy.outside = grid.Outside();
  while ((size_t{1} << lazy.shift) < classes + 1) ++lazy.shift;
  size_t width = size_t{1} << lazy.shift;
  lazy.orthogonal.resize(width);
  lazy.diagonal.resize(static_cast<size_t>(rules.cycle()) * width * width * width);
  lazy.Forget();
  return lazy;
}

// The dense tables for a map of at most `kMaxDense` classes without Lua hooks, when every cost
// is a whole number below kBuckets; nullopt otherwise (the search then reads the memo). Only
// the classes the map uses are evaluated; the others' entries are never read.
std::optional<DenseSteps> Densify(const GridView& grid, StepRules& rules) {
  size_t classes = grid.ClassCount();
  const std::vector<uint16_t>& used = grid.ClassesUsed();
  if (classes > kMaxDense || used.size() > 8 || rules.hooked()) return std::nullopt;
  DenseSteps dense;
  while ((size_t{1} << dense.shift) < classes + 1) ++dense.shift;
  size_t width = size_t{1} << dense.shift;
  auto valid = [](float cost) { return cost == kBlocked || (cost >= 0 && cost < kBuckets && cost == std::floor(cost)); };
  dense.orthogonal.assign(width, kBlocked);
  for (uint16_t to : used) {
    dense.orthogonal[to] = rules.Cost(to, to, to, 0);
    if (!valid(dense.orthogonal[to])) return std::nullopt;
  }
  int cycle = rules.cycle();
  dense.diagonal.assign(static_cast<size_t>(cycle) * width * width * width, kBlocked);
  for (int number = 1; number <= cycle; ++number) {
    for (uint16_t to : used) {
      // The squares a diagonal passes between lie on the map whenever both its ends do.
      for (uint16_t a : used) {
        for (uint16_t b : used) {
          float cost = rules.Cost(to, a, b, number);
          if (!valid(cost)) return std::nullopt;
          dense.diagonal[(((static_cast<size_t>(number - 1) << dense.shift | to) << dense.shift | a) << dense.shift) | b] =
              cost;
        }
      }
    }
  }
  if (rules.fractional() || !rules.ok()) return std::nullopt;
  // Keys pushed lie within twice the dearest step of the lowest one (a step, and the heuristic's
  // change over it, which is at most a step).
  float dearest = std::max(*std::max_element(dense.orthogonal.begin(), dense.orthogonal.end()),
                           *std::max_element(dense.diagonal.begin(), dense.diagonal.end()));
  while (static_cast<float>(dense.ring) <= 3 * dearest) dense.ring *= 2;
  return dense;
}

// The grid's padded classes (GridView::PaddedNarrow or PaddedWide), as the search reads them.
template <typename Class>
struct Padded {
  const Class* classes = nullptr;
  int32_t stride = 0;
};

// A lower bound of the cost to the target (A*'s heuristic): the exact cost on the same map
// with every step at the cheapest cost the rules allow anywhere on it — `straight` per
// orthogonal square, and diagonals taken in the ruleset's counting order (the cheapest diagonal
// numbered k + 1 for the k-th of a cycle), each capped at two orthogonal steps.
template <typename Cost>
struct Estimate;
struct Heuristic {
  float straight = 0;
  size_t span = 0;              // the most diagonals a route on the map takes, + 1; 0: no heuristic
  std::vector<float> slanted;  // slanted[counter * span + d]: d diagonals starting at counter
  bool whole = true;           // every figure a whole number (then `whole_slanted` holds them)
  std::vector<int32_t> whole_slanted;

  // What the search reads of it, as floats or (when `whole`) as int32_t.
  template <typename Cost>
  Estimate<Cost> View() const;
};

// A Heuristic as the search reads it: the bound from a square (dx, dy) from the target, with
// `counter` diagonals taken.
template <typename Cost>
struct Estimate {
  Cost straight = 0;
  size_t span = 0;
  const Cost* slanted = nullptr;

  Cost operator()(int32_t dx, int32_t dy, int counter) const {
    if (span == 0) return 0;
    int32_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    int32_t diagonals = std::min(ax, ay);
    return straight * static_cast<Cost>(std::max(ax, ay) - diagonals) +
           slanted[static_cast<size_t>(counter) * span + static_cast<size_t>(diagonals)];
  }
};

template <>
Estimate<float> Heuristic::View() const {
  return {straight, span, slanted.data()};
}
template <>
Estimate<int32_t> Heuristic::View() const {
  return {static_cast<int32_t>(straight), whole ? span : 0, whole_slanted.data()};
}

// Finds the cheapest steps of the map's classes; no heuristic (plain Dijkstra) when there
// are too many classes to try them all.
Heuristic CheapestSteps(const GridView& grid, StepRules& rules) {
  constexpr size_t kMaxClasses = 24;
  Heuristic heuristic;
  size_t classes = grid.ClassCount();
  int cycle = rules.cycle();
  if (classes > kMaxClasses) return heuristic;
  float straight = kUnreached;
  std::vector<float> slant(static_cast<size_t>(cycle), kUnreached);
  for (size_t to = 0; to < classes; ++to) {
    auto t = static_cast<uint16_t>(to);
    float cost = rules.Cost(t, t, t, 0);
    if (cost >= 0) straight = std::min(straight, cost);
    for (size_t a = 0; a < classes; ++a) {
      for (size_t b = 0; b < classes; ++b) {
        for (int number = 1; number <= cycle; ++number) {
          float diagonal = rules.Cost(t, static_cast<uint16_t>(a), static_cast<uint16_t>(b), number);
          float& best = slant[static_cast<size_t>(number - 1)];
          if (diagonal >= 0) best = std::min(best, diagonal);
        }
      }
    }
  }
  if (straight == kUnreached) return heuristic;
  for (float& cost : slant) cost = std::min(cost, 2 * straight);
  // partial[c][r]: r diagonals starting at counter c, r below a cycle.
  auto cycles = static_cast<size_t>(cycle);
  std::vector<std::vector<float>> partial(cycles, std::vector<float>(cycles, 0));
  for (size_t start = 0; start < cycles; ++start) {
    for (size_t taken = 1; taken < cycles; ++taken) {
      partial[start][taken] = partial[start][taken - 1] + slant[(start + taken - 1) % cycles];
    }
  }
  float cycle_sum = 0;
  for (float cost : slant) cycle_sum += cost;
  heuristic.straight = straight;
  heuristic.span = static_cast<size_t>(std::max(grid.width(), grid.height())) + 2;
  heuristic.slanted.resize(cycles * heuristic.span);
  for (size_t counter = 0; counter < cycles; ++counter) {
    for (size_t diagonals = 0; diagonals < heuristic.span; ++diagonals) {
      heuristic.slanted[counter * heuristic.span + diagonals] =
          static_cast<float>(diagonals / cycles) * cycle_sum + partial[counter][diagonals % cycles];
    }
  }
  // Whole figures (always so when the map's steps are, below 2^24) are kept as int32_t too.
  auto whole = [](float figure) { return figure >= 0 && figure < float{1 << 24} && figure == std::floor(figure); };
  heuristic.whole = whole(heuristic.straight) && std::all_of(heuristic.slanted.begin(), heuristic.slanted.end(), whole);
  if (heuristic.whole) heuristic.whole_slanted.assign(heuristic.slanted.begin(), heuristic.slanted.end());
  return heuristic;
}

// A search's costs as it reads and writes them in Reach::cost: floats, or (whole-number step
// tables) int32_t kept in the floats' bits (std::bit_cast) and turned into floats by Finish.
// kUnreached's bits, read as an int32_t, lie above every whole cost, so an unreached state reads
// as dearer than any cost either way.
template <typename Cost>
struct CostCells;
template <>
struct CostCells<float> {
  float* cost;
  [[gnu::always_inline]] float Get(int32_t state) const { return cost[state]; }
  [[gnu::always_inline]] void Set(int32_t state, float value) const { cost[state] = value; }
  void Finish(int32_t /*first*/, int32_t /*last*/) const {}
};
template <>
struct CostCells<int32_t> {
  float* cost;
  [[gnu::always_inline]] int32_t Get(int32_t state) const { return std::bit_cast<int32_t>(cost[state]); }
  [[gnu::always_inline]] void Set(int32_t state, int32_t value) const { cost[state] = std::bit_cast<float>(value); }
  // Every state given a cost, all in [first, last], back to a float (bits chosen by a mask rather
  // than a branch, so that the compiler turns the loop into vector instructions).
  void Finish(int32_t first, int32_t last) const {
    constexpr int32_t kUnreachedBits = std::bit_cast<int32_t>(kUnreached);
    float* at = cost + first;
    for (ptrdiff_t k = 0, count = ptrdiff_t{last} - first + 1; k < count; ++k) {
      int32_t value = std::bit_cast<int32_t>(at[k]);
      int32_t converted = std::bit_cast<int32_t>(static_cast<float>(value));
      int32_t unreached = -static_cast<int32_t>(value == kUnreachedBits);
      at[k] = std::bit_cast<float>((unreached & value) | (~unreached & converted));
    }
  }
};

// A budget as a search of `Cost` compares it: a whole cost is within it when within its floor.
template <typename Cost>
Cost BudgetOf(float budget) {
  if constexpr (std::is_same_v<Cost, float>) {
    return budget;
  } else {
    return budget >= float{1u << 31} ? std::numeric_limits<int32_t>::max() : static_cast<int32_t>(std::floor(budget));
  }
}

// Cells filled at a time: 16 KiB of costs with a diagonal cycle of two.
constexpr int32_t kFillCells = 2048;

// Widens the states `reach` has filled (Reach::filled_first, filled_end) to hold those of cells
// [from, to), kFillCells at a time: the new ones are set to kUnreached. Left out of the search's
// loop, which calls it about once per kFillCells cells it reaches.
[[gnu::noinline]] void FillCells(Reach& reach, int32_t from, int32_t to) {
  const int32_t cycle = reach.cycle;
  const int32_t cells = static_cast<int32_t>(reach.cost.size()) / cycle;
  from = std::max(0, from / kFillCells * kFillCells);
  to = std::min(cells, (to + kFillCells - 1) / kFillCells * kFillCells);
  // Cells wholly filled (a spare filled with another cycle may end within a cell).
  int32_t had_from = (reach.filled_first + cycle - 1) / cycle, had_to = reach.filled_end / cycle;
  float* cost = reach.cost.data();
  auto fill = [&](int32_t begin, int32_t end) {
    if (begin < end) std::fill(cost + ptrdiff_t{begin} * cycle, cost + ptrdiff_t{end} * cycle, kUnreached);
  };
  if (had_from >= had_to) {
    fill(from, to);
  } else {  // one range: what lies between the old and the new is filled too
    from = std::min(from, had_from), to = std::max(to, had_to);
    fill(from, had_from);
    fill(had_to, to);
  }
  reach.filled_first = from * cycle, reach.filled_end = to * cycle;
}

// Runs Dijkstra (A* toward a target when kTarget) for a one-square mover with one kind of
// queue; false when a bucket queue meets a cost it cannot hold. kCycle is the diagonal cycle
// when known at compile time, else 0. Costs are added and compared as Steps::Cost.
template <typename Queue, int kCycle, bool kTarget, typename Steps, typename Class>
bool Run(const Steps& shared_steps, StepRules& rules, const Padded<Class>& padded, Reach& reach, model::Square start, float budget,
         model::Square target, const Heuristic& heuristic) {
  using Cost = typename Steps::Cost;
  constexpr bool kBucketed = std::is_same_v<Queue, BucketQueue>;
  static_assert(kBucketed || !Steps::kLazy, "lazy tables stop the search at a step the buckets cannot hold");
  // Lazy tables' few pointers are copied, so that no call they make can move them.
  std::conditional_t<Steps::kLazy, const Steps, const Steps&> steps = shared_steps;
  const int cycle = kCycle != 0 ? kCycle : reach.cycle;
  const int32_t stride = padded.stride;
  const Class* classes = padded.classes;
  const CostCells<Cost> cost{reach.cost.data()};
  const Cost within = BudgetOf<Cost>(budget);
  int32_t* parent = kTarget ? reach.parent.data() : nullptr;
  const int32_t target_cell = (target.y + 1) * stride + target.x + 1;
  const int32_t target_x = target.x + 1, target_y = target.y + 1;
  const Estimate<Cost> lower_bound = heuristic.View<Cost>();  // a local copy: nothing written through `cost` is it
  auto estimate = [&](int32_t cell, int counter) __attribute__((always_inline)) {
    if constexpr (kTarget) return lower_bound(cell % stride - target_x, cell / stride - target_y, counter);
    return Cost{0};
  };
  // The states a step from a cell may reach are filled before the search reads them (FillCells):
  // those of every cell in [safe_from, safe_from + safe_span] are, tested with one unsigned
  // comparison (safe_from -1 and safe_span 0 when none is).
  int32_t safe_from = -1;
  uint32_t safe_span = 0;
  auto fill_around = [&](int32_t cell) __attribute__((always_inline)) {
    if (static_cast<uint32_t>(cell - safe_from) <= safe_span) [[likely]] return;
    FillCells(reach, cell - stride - 1, cell + stride + 2);
    int32_t from = (reach.filled_first + cycle - 1) / cycle + stride + 1, to = reach.filled_end / cycle - stride - 2;
    safe_from = to >= from ? from : -1;
    safe_span = to >= from ? static_cast<uint32_t>(to - from) : 0;
  };
  int32_t first = reach.State(start.x, start.y, 0);
  int32_t lowest = first, highest = first;  // the states given a cost lie between these
  fill_around(first / cycle);
  cost.Set(first, 0);
  if constexpr (kTarget) parent[first] = -1;
  Queue queue(steps.Ring(), static_cast<float>(estimate(first / cycle, 0)));
  queue.Push(estimate(first / cycle, 0), first);
  while (!queue.Empty()) {
    Cost key = 0;
    int32_t state = queue.Pop(key);
    int32_t cell = state / cycle;
    int counter = state - cell * cycle;
    Cost at_cost = cost.Get(state);
    if (key > at_cost + estimate(cell, counter)) continue;  // a stale entry
    if (kTarget && cell == target_cell) break;
    fill_around(cell);
    // Relaxes the state (next_cell, next_counter) by a step; false when the buckets cannot hold it.
    // `ask` gives a lazy table's step the first time the search meets it.
    auto relax = [&](int32_t next_cell, int next_counter, Cost step, auto ask) __attribute__((always_inline)) {
      if (step < 0) {  // kBlocked, off the map, or (kLazy) not asked yet
        if constexpr (!Steps::kLazy) {
          return true;
        } else {
          if (step != Steps::kNotAsked) [[likely]] return true;
          step = ask();
          if (step < 0) return true;
          if (step >= kBuckets) return false;
          queue.Fit(step);  // before a key that far is pushed
        }
      }
      if constexpr (kBucketed && Steps::kChecked) {
        if (step >= kBuckets || rules.fractional()) return false;
      }
      Cost next_cost = at_cost + step;
      int32_t next = next_cell * cycle + next_counter;
      if (next_cost > within || !(next_cost < cost.Get(next))) return true;
      lowest = std::min(lowest, next);
      highest = std::max(highest, next);
      cost.Set(next, next_cost);
      if constexpr (kTarget) parent[next] = state;
      queue.Push(next_cost + estimate(next_cell, next_counter), next);
      return true;
    };
    auto straight = [&](int32_t offset) __attribute__((always_inline)) {
      uint16_t to = classes[cell + offset];
      return relax(cell + offset, counter, steps.Orthogonal(to), [&] {
        if constexpr (Steps::kLazy) return steps.AskOrthogonal(to);
        return Cost{0};
      });
    };
    int next_counter = counter + 1 == cycle ? 0 : counter + 1;
    auto diagonal = [&](int32_t across, int32_t down) __attribute__((always_inline)) {
      int32_t next_cell = cell + across + down;
      uint16_t to = classes[next_cell], side_a = classes[cell + across], side_b = classes[cell + down];
      return relax(next_cell, next_counter, steps.Diagonal(to, side_a, side_b, counter + 1), [&] {
        if constexpr (Steps::kLazy) return steps.AskDiagonal(to, side_a, side_b, counter + 1);
        return Cost{0};
      });
    };
    // Written out rather than looped, in kDirections' order (ties keep the first route found).
    if (!(straight(1) && straight(-1) && straight(stride) && straight(-stride) && diagonal(1, stride) &&
          diagonal(-1, stride) && diagonal(1, -stride) && diagonal(-1, -stride))) {
      reach.first_given = lowest, reach.last_given = highest;
      cost.Finish(lowest, highest);
      return false;
    }
  }
  reach.first_given = lowest, reach.last_given = highest;
  cost.Finish(lowest, highest);
  return true;
}

// The fast path's arrays of the thread's last Reach, kept for its next search of a map of the
// same size so that a search costs the states it reached rather than the whole map. The costs
// are +infinity in [filled_first, filled_end) except in [first, last], cleaned when they are
// taken; the parents are kept as they are (a search writes those of the states it reaches).
// Arrays of more states are not kept.
constexpr size_t kMaxSpareStates = size_t{1} << 22;
struct SpareArrays {
  StateArray<float> cost;
  int32_t first = 0, last = -1;
  int32_t filled_first = 0, filled_end = 0;
  StateArray<int32_t> parent;
};
SpareArrays& Spares() {
  thread_local SpareArrays spares;
  return spares;
}

// Gives `reach` cost and (toward a target) parent arrays of `states`: the spare ones, costs
// cleaned, when they have that size, else new ones with nothing filled. A spare of another size
// is dropped: it would only add to the peak.
void TakeSpares(SpareArrays& spares, Reach& reach, size_t states, bool parents) {
  if (spares.cost.size() == states) {
    if (spares.first <= spares.last) std::fill(spares.cost.begin() + spares.first, spares.cost.begin() + spares.last + 1, kUnreached);
    reach.cost.swap(spares.cost);
    reach.filled_first = spares.filled_first, reach.filled_end = spares.filled_end;
  } else {
    StateArray<float>().swap(spares.cost);
    reach.cost.resize(states);  // left unwritten: filled as the search goes
  }
  spares.first = 0, spares.last = -1, spares.filled_first = 0, spares.filled_end = 0;
  if (!parents) return;
  if (spares.parent.size() == states) {
    reach.parent.swap(spares.parent);
  } else {
    StateArray<int32_t>().swap(spares.parent);
    reach.parent.resize(states);
  }
}

}  // namespace

Reach::~Reach() {
  if (!listed) return;
  SpareArrays& spares = Spares();
  if (!cost.empty() && cost.size() <= kMaxSpareStates) {
    spares.cost.swap(cost);
    spares.first = first_given, spares.last = last_given;
    spares.filled_first = filled_first, spares.filled_end = filled_end;
  }
  if (!parent.empty() && parent.size() <= kMaxSpareStates) spares.parent.swap(parent);
}

int32_t Reach::BestState(int32_t x, int32_t y) const {
  // A square's states lie side by side, shape by shape, counter by counter.
  int32_t first = State(x, y, 0, 0), count = Shapes() * cycle;
  if (first < filled_first || first + count > filled_end) return -1;
  const float* costs = cost.data() + first;
  int32_t best = -1;
  for (int32_t k = 0; k < count; ++k) {
    if (costs[k] != kUnreached && (best < 0 || costs[k] < costs[best])) best = k;
  }
  return best < 0 ? -1 : first + best;
}

model::Area Reach::ReachedBox() const {
  if (!listed) return {{0, 0}, width, height};
  if (first_given > last_given) return {{0, 0}, 0, 0};
  // The first and last states given a cost are the top and bottom rows' (states run row by row).
  int32_t top = SquareOf(first_given).y, bottom = SquareOf(last_given).y;
  int32_t left = width, right = -1;
  int32_t per_cell = Shapes() * cycle;
  const float* costs = cost.data();  // [first_given, last_given] lies in the filled states
  auto widen = [&](int32_t state) {
    if (costs[state] == kUnreached) return;
    int32_t x = state / per_cell % Stride() - 1;
    left = std::min(left, x), right = std::max(right, x);
  };
  // Most states between the first and last given are not reached: they are looked at a block at
  // a time (a few vector instructions), and one by one only in a block some state of which was.
  constexpr int32_t kBlock = 16;
  static_assert(sizeof(float) == sizeof(uint32_t));
  constexpr uint32_t kUnreachedBits = std::bit_cast<uint32_t>(kUnreached);
  int32_t state = first_given;
  for (; state + kBlock - 1 <= last_given; state += kBlock) {
    // +infinity has one bit pattern: a state was reached when its bits differ from it.
    uint32_t differ = 0;
    for (int32_t k = 0; k < kBlock; ++k) {
      uint32_t bits;
      std::memcpy(&bits, costs + state + k, sizeof bits);
      differ |= bits ^ kUnreachedBits;
    }
    if (differ == 0) continue;
    for (int32_t k = 0; k < kBlock; ++k) widen(state + k);
  }
  for (; state <= last_given; ++state) widen(state);
  return {{left, top}, right - left + 1, bottom - top + 1};
}

std::optional<Entered> StepInto(const GridView& grid, int32_t tx, int32_t ty, int dx, int dy, int number, int turn,
                                int narrowed) {
  bool diagonal = dx != 0 && dy != 0;
  SubStep step{grid.ClassAt(tx, ty), 0, 0, diagonal, number, turn, narrowed};
  int32_t fx = tx - dx, fy = ty - dy;  // the square the step leaves
  Entered entered;
  auto add = [&](uint16_t barrier, bool crosses) {
    for (int k = 0; k < entered.count; ++k) {
      if (entered.steps[static_cast<size_t>(k)].barrier == barrier) return;
    }
    SubStep with = step;
    with.barrier = barrier;
    with.crosses = barrier != 0 && crosses;
    entered.steps[static_cast<size_t>(entered.count++)] = with;
  };
  if (!diagonal) {
    step.side_a = step.side_b = step.to;
    add(grid.BarrierBetween(fx, fy, tx, ty), true);
    return entered;
  }
  // The squares a diagonal passes between; off the map, it cannot pass.
  if (!grid.Contains(tx, fy) || !grid.Contains(fx, ty)) return std::nullopt;
  step.side_a = grid.ClassAt(tx, fy);
  step.side_b = grid.ClassAt(fx, ty);
  // The four edges meeting at the corner it goes round: it crosses a barrier line when both ways
  // round the corner (through side_a, through side_b) meet one, else passes the barriers' ends.
  uint16_t edges[4] = {grid.BarrierBetween(fx, fy, tx, fy), grid.BarrierBetween(tx, fy, tx, ty),
                       grid.BarrierBetween(fx, fy, fx, ty), grid.BarrierBetween(fx, ty, tx, ty)};
  bool crosses = (edges[0] != 0 || edges[1] != 0) && (edges[2] != 0 || edges[3] != 0);
  for (uint16_t barrier : edges) {
    if (barrier != 0) add(barrier, crosses);
  }
  if (entered.count == 0) add(0, false);
  return entered;
}

float EnteredCost(StepRules& rules, const Entered& entered, SubStep* worst) {
  float cost = 0;
  for (int k = 0; k < entered.count; ++k) {
    const SubStep& step = entered.steps[static_cast<size_t>(k)];
    float one = rules.Cost(step);
    if (worst != nullptr && (k == 0 || one == kBlocked || one > cost)) *worst = step;
    if (one == kBlocked) return kBlocked;
    cost = std::max(cost, one);
  }
  return cost;
}

float FootprintStep(const GridView& grid, StepRules& rules, int32_t x, int32_t y, int dx, int dy, int counter,
                    const Footprint& to, int turn) {
  bool diagonal = dx != 0 && dy != 0;
  int number = diagonal ? counter + 1 : 0;
  float worst = 0;
  for (int32_t j = to.y; j < to.y + to.height; ++j) {
    for (int32_t i = to.x; i < to.x + to.width; ++i) {
      int32_t tx = x + i + dx;
      int32_t ty = y + j + dy;
      if (!grid.Contains(tx, ty)) return kBlocked;
      std::optional<Entered> entered = StepInto(grid, tx, ty, dx, dy, number, turn, to.narrowed);
      if (!entered) return kBlocked;
      float cost = EnteredCost(rules, *entered);
      if (cost == kBlocked) return kBlocked;
      worst = std::max(worst, cost);
    }
  }
  return worst;
}

bool MayEndAt(const GridView& grid, StepRules& rules, int32_t x, int32_t y, int32_t side) {
  return MayEndIn(grid, rules, x, y, WholeSpace(side));
}

bool MayEndIn(const GridView& grid, StepRules& rules, int32_t x, int32_t y, const Footprint& shape) {
  for (int32_t j = 0; j < shape.height; ++j) {
    for (int32_t i = 0; i < shape.width; ++i) {
      if (!grid.Contains(x + i, y + j) || !rules.MayEnd(grid.ClassAt(x + i, y + j))) return false;
    }
  }
  return true;
}

bool NarrowingNeeded(const GridView& grid, StepRules& rules, int32_t x, int32_t y, int32_t width, int32_t height,
                     int32_t side) {
  auto open = [&](int32_t i, int32_t j) {
    if (!grid.Contains(i, j)) return false;
    uint16_t cls = grid.ClassAt(i, j);
    return grid.OccupantOf(cls) == nullptr && rules.MayOccupy(cls);
  };
  for (int32_t top = y + height - side; top <= y; ++top) {
    for (int32_t left = x + width - side; left <= x; ++left) {
      bool fits = true;
      for (int32_t j = top; j < top + side && fits; ++j) {
        for (int32_t i = left; i < left + side && fits; ++i) fits = open(i, j);
      }
      if (fits) return false;
    }
  }
  return true;
}

Reach Search(const GridView& grid, StepRules& rules, model::Square start, int32_t side, float budget,
             std::optional<model::Square> target, bool squeeze, int32_t start_shape) {
  Reach reach;
  reach.width = grid.width();
  reach.height = grid.height();
  reach.cycle = rules.cycle();
  reach.footprints = Footprints(side, squeeze && side > 1);
  if (side > 1 || grid.HasEdges() || grid.RefusesSomeSteps()) {
    // The fast path below knows neither spaces of several squares, barriers between squares nor
    // refused steps:
    // the richer search, with one kind and no facing, has the same states.
    RichReach rich = RichSearch(grid, {{&rules, budget}}, start, side, 0, false, target, squeeze, start_shape);
    reach.cost = std::move(rich.cost);
    reach.filled_first = 0, reach.filled_end = static_cast<int32_t>(reach.cost.size());
    if (target) reach.parent = std::move(rich.parent);
    return reach;
  }
  size_t states = static_cast<size_t>(reach.width + 2) * static_cast<size_t>(reach.height + 2) *
                  static_cast<size_t>(reach.cycle);
  // Only a search toward a square needs its route.
  TakeSpares(Spares(), reach, states, target.has_value());
  reach.listed = true;
  if (!grid.Contains(start.x, start.y)) return reach;  // nothing reached
  Padded<uint8_t> narrow{grid.PaddedNarrow(), grid.Stride()};
  Padded<uint16_t> wide{grid.PaddedWide(), grid.Stride()};
  Heuristic heuristic = target ? CheapestSteps(grid, rules) : Heuristic{};
  auto run_in = [&](auto* queue_kind, const auto& steps, auto toward, const auto& padded) {
    using Queue = std::remove_pointer_t<decltype(queue_kind)>;
    constexpr bool kTarget = decltype(toward)::value;
    model::Square goal = target.value_or(model::Square{});
    switch (reach.cycle) {
      case 1: return Run<Queue, 1, kTarget>(steps, rules, padded, reach, start, budget, goal, heuristic);
      case 2: return Run<Queue, 2, kTarget>(steps, rules, padded, reach, start, budget, goal, heuristic);
      default: return Run<Queue, 0, kTarget>(steps, rules, padded, reach, start, budget, goal, heuristic);
    }
  };
  auto run_to = [&](auto* queue_kind, const auto& steps, auto toward) {
    return grid.Narrow() ? run_in(queue_kind, steps, toward, narrow) : run_in(queue_kind, steps, toward, wide);
  };
  auto run = [&](auto* queue_kind, const auto& steps) {
    return target ? run_to(queue_kind, steps, std::true_type{}) : run_to(queue_kind, steps, std::false_type{});
  };
  MemoSteps memo{rules, grid.Outside()};
  // Few classes: every cost looked up in flat tables, known to fit the buckets.
  if (std::optional<DenseSteps> dense = Densify(grid, rules)) {
    // Added and compared as integers, unless toward a target whose lower bound is not whole.
    if (!target || heuristic.whole) {
      run(static_cast<BucketQueue*>(nullptr), Whole(*dense));
    } else {
      run(static_cast<BucketQueue*>(nullptr), *dense);
    }
    return reach;
  }
  if (!rules.fractional()) {
    // Lua hooks: the same steps asked in the same order, read from flat tables once asked (as
    // integers: toward a target, only when its lower bound is whole; else through the memo).
    bool whole = !target || heuristic.whole;
    std::optional<LazyTables> lazy = rules.hooked() && whole ? Lazify(grid, rules) : std::nullopt;
    if (lazy ? run(static_cast<BucketQueue*>(nullptr), LazySteps(*lazy)) : run(static_cast<BucketQueue*>(nullptr), memo)) {
      return reach;
    }
  }
  // A cost the buckets cannot hold: start again with a heap.
  if (reach.first_given <= reach.last_given) {
    auto first = static_cast<std::ptrdiff_t>(reach.first_given), end = static_cast<std::ptrdiff_t>(reach.last_given) + 1;
    std::fill(reach.cost.begin() + first, reach.cost.begin() + end, kUnreached);
  }
  reach.first_given = 0, reach.last_given = -1;
  run(static_cast<HeapQueue*>(nullptr), memo);
  return reach;
}

std::vector<int32_t> StatesTo(const Reach& reach, int32_t state) {
  std::vector<int32_t> states;
  for (int32_t at = state; at >= 0; at = reach.parent[static_cast<size_t>(at)]) states.push_back(at);
  std::reverse(states.begin(), states.end());
  return states;
}

std::vector<model::Square> RouteTo(const Reach& reach, int32_t state) {
  std::vector<model::Square> route;
  for (int32_t at : StatesTo(reach, state)) route.push_back(reach.SquareOf(at));
  return route;
}

}  // namespace rulecraft::movement
