// The ruleset's step rules (step_cost, may_enter, may_end) for one mover and mode, evaluated
// through the compiled rules once per distinct input and remembered: rules are pure, so a
// step between squares of the same classes always gets the same answer. Lua hooks (docs/lua.md)
// are pure too: the mover's are the same for the whole query and an occupant's scripts are
// part of its square's class, so they run after the DSL inside the same memo.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "dsl/eval/machine.h"
#include "hooks/runner.h"
#include "movement/grid_view.h"
#include "ruleset/ruleset.h"

namespace rulecraft::movement {

// The step of one square of the mover's space, as classes of the squares involved.
struct SubStep {
  uint16_t to = 0;
  uint16_t side_a = 0;  // diagonal steps: the square beside along x; else `to`
  uint16_t side_b = 0;  // diagonal steps: the square beside along y; else `to`
  bool diagonal = false;
  int diagonal_number = 0;  // 1..cycle for diagonals, 0 for orthogonal steps
  int turn = 0;             // 45° turns from the previous step's direction (0..4; 0 unless facing is tracked)
  int narrowed = 0;         // squares across the mover's squeezed footprint (movement/footprint.h); 0: whole space
  uint16_t barrier = 0;     // a barrier between squares the step crosses or passes (GridView::BarrierBetween); 0: none
  bool crosses = false;     // it crosses `barrier`; else a diagonal passes the barrier's end at its corner
};

// A cost no step can have: the step may not be taken.
inline constexpr float kBlocked = -1;

// Step rule memos kept from one StepRules to the next (an open scenario's queries, or one
// `rulecraft run`'s): a StepRules given this store takes the memo an earlier one left under the
// same key — everything its answers depend on: the ruleset, the mover record's values, the mode,
// what each class of the grid holds (terrain row, occupant) and the barriers' rows — so 50
// creatures alike asking their reach evaluate each step once. For one thread at a time, and
// for one ruleset's lifetime.
class StepMemos {
 public:
  // One kept memo: its key, the dense memo (NaN where not evaluated), the entries evaluated,
  // and the may_end memo by class (-1 unknown).
  struct Memo {
    std::vector<uint64_t> key;
    std::vector<float> costs;
    std::vector<size_t> evaluated;
    std::vector<int8_t> ends;
  };
  // The memo kept under `key`, taken out of the store; nullopt when there is none.
  std::optional<Memo> Take(const std::vector<uint64_t>& key);
  // Keeps `memo` for the next Take of its key; the least recently kept go past kMaxFloats.
  void Keep(Memo memo);
  // How many memos are kept.
  size_t size() const { return kept_.size(); }

  // The most memo entries kept in all (4 MiB of floats; a memo of 20 classes has 24,000).
  static constexpr size_t kMaxFloats = size_t{1} << 20;

 private:
  std::vector<Memo> kept_;  // the latest first
};

class StepRules : private hooks::Oracle {
 public:
  // `mover` is the creature record the rules read; `mode` a row of `movement_modes`; `hooks`
  // (optional) runs the Lua scripts of the mover and of the occupants after the DSL. With
  // `memos` and `mover_key` (every value of the mover record, query::RecordKey), the memo is
  // taken from and given back to `memos`; never when hooks run (scripts keep state).
  StepRules(const ruleset::Ruleset& rules, const GridView& grid, const eval::Slot* mover, int mode,
            hooks::Runner* hooks = nullptr, StepMemos* memos = nullptr, std::vector<uint64_t> mover_key = {});
  ~StepRules() override;
  StepRules(const StepRules&) = delete;
  StepRules& operator=(const StepRules&) = delete;

  // False when the ruleset lacks step_cost, or a step rule failed while a search ran (division by
  // zero, a cost below 0 or not a number): then `error()` says which rule and why.
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  // The cost in squares of one square's step, or kBlocked.
  float Cost(const SubStep& step);
  // The same, for the search's inner loop: a memo read, evaluating only on the first visit.
  float Cost(uint16_t to, uint16_t side_a, uint16_t side_b, int diagonal_number) {
    if (!costs_.empty()) {
      float memo = costs_[((static_cast<size_t>(to) * classes_ + side_a) * classes_ + side_b) * stride_ +
                          static_cast<size_t>(diagonal_number)];
      if (memo == memo) return memo;  // not NaN: evaluated before
    }
    return Cost(SubStep{to, side_a, side_b, diagonal_number != 0, diagonal_number});
  }
  // Makes room in the memo for steps that turn (SubStep::turn); call before the first Cost.
  void TrackTurns();
  // Makes room in the memo for steps of footprints narrowed to 1 .. `widest` squares
  // (SubStep::narrowed); call before the first Cost.
  void TrackNarrowing(int widest);
  // True once some step cost was not a whole number (the search then needs a binary heap).
  bool fractional() const { return fractional_; }
  // Whether the mover may end a move with one square of its space on a square of this class.
  bool MayEnd(uint16_t cls);
  // Whether the mover may be placed with one square of its space on a square of this class (rule
  // and Lua hook `may_occupy`; true without them).
  bool MayOccupy(uint16_t cls);
  // Evaluates a step again with a trace, for explanations.
  float Explain(const SubStep& step, eval::Trace& trace);
  int cycle() const { return cycle_; }
  // Whether Lua hooks run after the rules (then steps are only evaluated when a search meets them).
  bool hooked() const { return hooks_ != nullptr; }

 private:
  // Gives the dense memo to `memos_` when it holds answers that may be reused (no error, no
  // fractional cost); else cleans its evaluated entries and keeps it for the thread's next StepRules.
  void GiveBackMemo();
  // The key of the memo as sized now: `key_` and the memo's layout.
  std::vector<uint64_t> MemoKey() const;
  // Resizes the memo for stride_ = (cycle + 1) × turns_ × widths_ × barriers_, forgetting it.
  void SizeMemo();
  // Evaluates a step; into a square several creatures share, once per creature (member_).
  float Evaluate(const SubStep& step);
  // Calls a step rule on (mover, step or square, mode), or the first `count` of them; its runtime
  // error, if any, becomes error().
  double Run(int rule, const eval::Slot* args, size_t count = 3);
  float EvaluateOne(const SubStep& step);
  bool MayEndOne(uint16_t cls);
  // The occupant the rules see in a square of this class: member_ while a shared square's
  // creatures are asked one by one.
  const Occupant* OccupantFor(uint16_t cls) const;
  // Makes the rules see `member` (nullptr: the grid's own occupant) in squares of class `cls`.
  void AskAbout(uint16_t cls, const Occupant* member);
  // `terrain` >= 0 puts the square on that terrain row instead of its own.
  void FillSquare(uint16_t cls, SquareRecord& record, int terrain = -1) const;
  hooks::SquareFacts Facts(uint16_t cls) const;
  // The scripts' questions "what if this square were of that terrain", answered by the DSL.
  std::optional<double> StepOnTerrain(const hooks::StepFacts& step, int terrain) override;
  bool EndOnTerrain(const hooks::SquareFacts& square, int terrain) override;
  // Where the scripts' step or square is: the first square of the map with these classes.
  std::string DescribeStep(const hooks::StepFacts& step) override;
  std::string DescribeSquare(const hooks::SquareFacts& square) override;
  // The class of a square, Outside() beyond the map.
  uint16_t ClassOrOutside(int32_t x, int32_t y) const;

  const ruleset::Ruleset& rules_;
  const GridView& grid_;
  eval::Machine machine_;
  int step_cost_ = -1;
  int may_enter_ = -1;
  int may_end_ = -1;
  int may_occupy_ = -1;
  int cycle_ = 2;
  eval::Slot mover_;
  eval::Slot mode_;
  SquareRecord to_{}, side_a_{}, side_b_{}, end_square_{};
  std::array<eval::Slot, 12> step_{};
  size_t classes_ = 0;
  size_t stride_ = 3;  // (diagonal_cycle + 1) × turns_ × widths_ × barriers_
  size_t turns_ = 1;   // 5 once turns are tracked (0..4 turns of 45°)
  size_t widths_ = 1;  // 1 + the widest narrowed footprint tracked (SubStep::narrowed)
  size_t barriers_ = 1;  // 1 + 2 × the kinds of barriers between squares the map has
  bool fractional_ = false;
  std::vector<float> costs_;  // memo by SubStep, NaN when not evaluated yet
  std::vector<size_t> costs_set_;  // the entries of costs_ evaluated, so it can be given back clean
  std::unordered_map<size_t, float> sparse_costs_;  // the same where costs_ would be too large (empty)
  std::vector<int8_t> ends_;  // memo by class: -1 unknown, 0 no, 1 yes
  std::string error_;
  hooks::Runner* hooks_ = nullptr;
  StepMemos* memos_ = nullptr;  // null: the memo is this StepRules' own
  std::vector<uint64_t> key_;   // with memos_: what the answers depend on but the memo's layout
  std::vector<uint64_t> memo_key_;  // with memos_: the key of the dense memo held now (MemoKey when sized)
  eval::Trace* trace_ = nullptr;
  const Occupant* member_ = nullptr;
  uint16_t member_class_ = 0;
  SquareRecord other_to_{}, other_side_a_{}, other_side_b_{};
  std::array<eval::Slot, 12> other_step_{};
};

}  // namespace rulecraft::movement
