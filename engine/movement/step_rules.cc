#include "movement/step_rules.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include <fmt/format.h>

namespace rulecraft::movement {
namespace {

// Memo tables above this many entries (4 MiB of floats) are not worth allocating and filling for
// every search; such steps are memoised sparsely, by a hash of the entries a search meets.
constexpr size_t kMaxDenseMemo = size_t{1} << 20;

const std::vector<const hooks::Script*> kNoScripts;

// A step's barrier in the memo: 0 none; then two entries per terrain row, crossed or passed.
size_t BarrierKey(const SubStep& step) {
  return step.barrier == 0 ? 0 : static_cast<size_t>(step.barrier - 1) * 2 + (step.crosses ? 1 : 2);
}

// The dense memos of the thread's last StepRules, every entry NaN again, kept for the next one
// of the same size: so a query pays for the steps it evaluates, not for filling a memo over
// every class of the ruleset's terrain. A few sizes are kept (a query's view of the map with
// its creatures and a placement's view of terrain alone differ), each of at most
// kMaxSpareMemo entries, the latest first.
constexpr size_t kSpareMemos = 4;
constexpr size_t kMaxSpareMemo = size_t{1} << 18;
std::vector<std::vector<float>>& SpareMemos() {
  thread_local std::vector<std::vector<float>> spares;
  return spares;
}

uint64_t Bits(double value) {
  uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

// What a square of this occupant tells the rules (FillSquareRecord), for a memo's key.
void AddOccupantKey(const Occupant& occupant, std::vector<uint64_t>& key) {
  key.insert(key.end(), {occupant.flags, occupant.ally ? 1u : 0u, occupant.hostile ? 1u : 0u,
                         Bits(occupant.size_difference)});
}

}  // namespace

std::optional<StepMemos::Memo> StepMemos::Take(const std::vector<uint64_t>& key) {
  auto found = std::find_if(kept_.begin(), kept_.end(), [&](const Memo& memo) { return memo.key == key; });
  if (found == kept_.end()) return std::nullopt;
  Memo memo = std::move(*found);
  kept_.erase(found);
  return memo;
}

void StepMemos::Keep(Memo memo) {
  kept_.insert(kept_.begin(), std::move(memo));
  size_t floats = 0;
  for (size_t i = 0; i < kept_.size(); ++i) {
    floats += kept_[i].costs.size();
    if (floats > kMaxFloats && i > 0) {
      kept_.resize(i);
      break;
    }
  }
}

StepRules::StepRules(const ruleset::Ruleset& rules, const GridView& grid, const eval::Slot* mover, int mode,
                     hooks::Runner* hooks, StepMemos* memos, std::vector<uint64_t> mover_key)
    : rules_(rules), grid_(grid), machine_(*rules.program), hooks_(hooks) {
  if (hooks_ != nullptr) hooks_->SetOracle(this);
  const compile::Program& program = *rules.program;
  step_cost_ = program.FindRule("step_cost");
  may_enter_ = program.FindRule("may_enter");
  may_end_ = program.FindRule("may_end");
  may_occupy_ = program.FindRule("may_occupy");
  cycle_ = rules.manifest.diagonal_cycle;
  if (step_cost_ < 0) error_ = "the ruleset has no 'step_cost' rule (docs/dsl.md, hook points)";
  mover_.record = mover;
  mode_.number = mode;
  classes_ = grid.ClassCount();
  barriers_ = 1 + 2 * grid.BarrierKinds();
  if (memos != nullptr && hooks_ == nullptr && !mover_key.empty() && step_cost_ >= 0) {
    // Everything an evaluation reads but the step's classes: the ruleset, the mover, the mode,
    // and what each class stands for.
    memos_ = memos;
    key_ = std::move(mover_key);
    key_.insert(key_.end(), {reinterpret_cast<uintptr_t>(rules.program.get()), static_cast<uint64_t>(mode),
                             static_cast<uint64_t>(cycle_), classes_, Bits(rules.manifest.square_ft)});
    for (size_t cls = 0; cls < classes_; ++cls) {
      key_.push_back(grid.TerrainOf(static_cast<uint16_t>(cls)));
      const Occupant* occupant = grid.OccupantOf(static_cast<uint16_t>(cls));
      if (occupant == nullptr) {
        key_.push_back(0);
        continue;
      }
      key_.push_back(1 + occupant->members.size());
      AddOccupantKey(*occupant, key_);
      for (const Occupant* member : grid.MembersOf(*occupant)) AddOccupantKey(*member, key_);
    }
    key_.push_back(grid.BarrierKinds());
    for (size_t barrier = 1; barrier <= grid.BarrierKinds(); ++barrier) {
      key_.push_back(grid.BarrierRow(static_cast<uint16_t>(barrier)));
    }
  }
  ends_.assign(classes_, -1);
  SizeMemo();
  step_[0].bits = 0;
  step_[1].pointer = nullptr;
  step_[2].record = to_.data();
  step_[3].record = side_a_.data();
  step_[4].record = side_b_.data();
  other_step_[0].bits = 0;
  other_step_[1].pointer = nullptr;
  other_step_[2].record = other_to_.data();
  other_step_[3].record = other_side_a_.data();
  other_step_[4].record = other_side_b_.data();
}

StepRules::~StepRules() {
  if (hooks_ != nullptr) hooks_->SetOracle(nullptr);
  GiveBackMemo();
}

std::vector<uint64_t> StepRules::MemoKey() const {
  std::vector<uint64_t> key = key_;
  key.insert(key.end(), {turns_, widths_, barriers_});
  return key;
}

void StepRules::GiveBackMemo() {
  if (costs_.empty()) return;
  // A fractional cost makes a search take the heap (fractional()): a memo holding one is not
  // reused, so each query's search is the one a fresh memo gives.
  if (memos_ != nullptr && !costs_set_.empty() && ok() && !fractional_) {
    memos_->Keep({std::move(memo_key_), std::move(costs_), std::move(costs_set_), ends_});
    costs_ = {};
    costs_set_ = {};
    return;
  }
  for (size_t index : costs_set_) costs_[index] = std::numeric_limits<float>::quiet_NaN();
  costs_set_.clear();
  std::vector<std::vector<float>>& spares = SpareMemos();
  if (costs_.size() <= kMaxSpareMemo) {
    if (spares.size() == kSpareMemos) spares.pop_back();
    spares.insert(spares.begin(), std::move(costs_));
  }
  costs_ = {};
}

const Occupant* StepRules::OccupantFor(uint16_t cls) const {
  return member_ != nullptr && cls == member_class_ ? member_ : grid_.OccupantOf(cls);
}

void StepRules::FillSquare(uint16_t cls, SquareRecord& record, int terrain) const {
  FillSquareRecord(OccupantFor(cls), terrain >= 0 ? static_cast<size_t>(terrain) : grid_.TerrainOf(cls), record);
}

float StepRules::Evaluate(const SubStep& step) {
  const Occupant* shared = grid_.OccupantOf(step.to);
  if (shared == nullptr || shared->members.empty()) return EvaluateOne(step);
  // A square several creatures share: the step must be allowed past each, and costs the most.
  float cost = 0;
  for (const Occupant* member : grid_.MembersOf(*shared)) {
    AskAbout(step.to, member);
    float one = EvaluateOne(step);
    if (one == kBlocked) {
      cost = kBlocked;
      break;
    }
    cost = std::max(cost, one);
  }
  AskAbout(step.to, nullptr);
  return cost;
}

void StepRules::AskAbout(uint16_t cls, const Occupant* member) {
  member_class_ = cls;
  member_ = member;
  if (hooks_ != nullptr) hooks_->ForgetSquare(cls);  // the scripts' view of the square changes with it
}

double StepRules::Run(int rule, const eval::Slot* args, size_t count) {
  double value = machine_.Call(rule, {args, count}).number;
  if (!machine_.error().empty() && error_.empty()) error_ = machine_.error();
  return value;
}

float StepRules::EvaluateOne(const SubStep& step) {
  FillSquare(step.to, to_);
  FillSquare(step.side_a, side_a_);
  FillSquare(step.side_b, side_b_);
  step_[5].number = step.diagonal ? 1 : 0;
  step_[6].number = step.diagonal_number;
  step_[7].number = step.turn;
  step_[8].number = step.narrowed * rules_.manifest.square_ft;
  step_[9].number = step.barrier != 0 && step.crosses ? 1 : 0;
  step_[10].number = step.barrier != 0 && !step.crosses ? 1 : 0;
  step_[11].number = step.barrier != 0 ? static_cast<double>(grid_.BarrierRow(step.barrier)) : 0;
  eval::Slot args[3] = {mover_, eval::Slot{.record = step_.data()}, mode_};
  bool allowed = may_enter_ < 0 || Run(may_enter_, args) != 0;
  // The scripts see the DSL's answer and may change it (docs/lua.md).
  bool hooked = hooks_ != nullptr && !hooks_->failed();
  const Occupant* occupant = hooked ? OccupantFor(step.to) : nullptr;
  const Occupant* zone = hooked ? grid_.ZoneOf(step.to) : nullptr;
  const auto& scripts = occupant != nullptr ? occupant->scripts : zone != nullptr ? zone->scripts : kNoScripts;
  hooks::StepFacts facts;
  if (hooked) {
    facts = {Facts(step.to), Facts(step.side_a), Facts(step.side_b), step.diagonal, step.diagonal_number,
             step.narrowed * rules_.manifest.square_ft,
             step.barrier != 0 ? static_cast<int>(grid_.BarrierRow(step.barrier)) : -1, step.crosses};
    allowed = hooks_->MayEnter(facts, scripts, allowed, zone != nullptr);
  }
  if (!allowed) return kBlocked;
  double cost = Run(step_cost_, args);
  if (!(cost >= 0) || !std::isfinite(cost)) {  // a negative or undefined cost is the rule's error
    const compile::CompiledRule& rule = rules_.program->rules[static_cast<size_t>(step_cost_)];
    if (error_.empty()) {
      error_ = fmt::format("rule '{}' ({}) gave {} for a step, which is not a cost: a cost is 0 or more squares",
                           rule.name, rule.span.file, cost);
      eval::FailureWatch::Record({error_, rule.span});  // shown at the rule, as a runtime failure
    }
    return kBlocked;
  }
  if (hooked) cost = hooks_->StepCost(facts, scripts, cost, zone != nullptr);
  if (!(cost >= 0) || !std::isfinite(cost)) return kBlocked;  // the scripts reported theirs
  if (cost != std::floor(cost)) fractional_ = true;
  return static_cast<float>(cost);
}

float StepRules::Cost(const SubStep& step) {
  size_t index = ((static_cast<size_t>(step.to) * classes_ + step.side_a) * classes_ + step.side_b) * stride_ +
                 ((BarrierKey(step) * widths_ + static_cast<size_t>(step.narrowed)) * turns_ +
                  static_cast<size_t>(step.turn)) *
                     static_cast<size_t>(cycle_ + 1) +
                 static_cast<size_t>(step.diagonal_number);
  float& memo = costs_.empty() ? sparse_costs_.try_emplace(index, std::numeric_limits<float>::quiet_NaN()).first->second
                               : costs_[index];
  if (std::isnan(memo)) {
    memo = Evaluate(step);
    if (!costs_.empty()) costs_set_.push_back(index);  // to clean when the memo is given back
  }
  return memo;
}

void StepRules::SizeMemo() {
  stride_ = static_cast<size_t>(cycle_ + 1) * turns_ * widths_ * barriers_;
  size_t entries = classes_ * classes_ * classes_ * stride_;
  GiveBackMemo();
  sparse_costs_.clear();
  if (entries > kMaxDenseMemo) return;
  if (memos_ != nullptr) {
    memo_key_ = MemoKey();
    if (std::optional<StepMemos::Memo> kept = memos_->Take(memo_key_); kept && kept->costs.size() == entries) {
      costs_ = std::move(kept->costs);
      costs_set_ = std::move(kept->evaluated);
      ends_ = std::move(kept->ends);
      return;
    }
  }
  std::vector<std::vector<float>>& spares = SpareMemos();
  auto same = std::find_if(spares.begin(), spares.end(),
                           [&](const std::vector<float>& memo) { return memo.size() == entries; });
  if (same != spares.end()) {
    costs_ = std::move(*same);
    spares.erase(same);
  } else {
    costs_.assign(entries, std::numeric_limits<float>::quiet_NaN());
  }
}

void StepRules::TrackTurns() {
  if (turns_ != 1) return;
  turns_ = 5;
  SizeMemo();
}

void StepRules::TrackNarrowing(int widest) {
  if (widest < 0 || static_cast<size_t>(widest) + 1 <= widths_) return;
  widths_ = static_cast<size_t>(widest) + 1;
  SizeMemo();
}

bool StepRules::MayEnd(uint16_t cls) {
  int8_t& memo = ends_[cls];
  if (memo >= 0) return memo == 1;
  const Occupant* shared = grid_.OccupantOf(cls);
  if (shared == nullptr || shared->members.empty()) {
    memo = MayEndOne(cls) ? 1 : 0;
    return memo == 1;
  }
  // A square several creatures share: the move may end there only if each allows it.
  bool allowed = true;
  for (const Occupant* member : grid_.MembersOf(*shared)) {
    AskAbout(cls, member);
    allowed = allowed && MayEndOne(cls);
  }
  AskAbout(cls, nullptr);
  memo = allowed ? 1 : 0;
  return allowed;
}

bool StepRules::MayEndOne(uint16_t cls) {
  bool allowed = true;
  if (may_end_ >= 0) {
    FillSquare(cls, end_square_);
    eval::Slot args[3] = {mover_, eval::Slot{.record = end_square_.data()}, mode_};
    allowed = Run(may_end_, args) != 0;
  }
  if (hooks_ != nullptr && !hooks_->failed()) {
    const Occupant* occupant = OccupantFor(cls);
    const Occupant* zone = grid_.ZoneOf(cls);
    const auto& scripts = occupant != nullptr ? occupant->scripts : zone != nullptr ? zone->scripts : kNoScripts;
    allowed = hooks_->MayEnd(Facts(cls), scripts, allowed, zone != nullptr);
  }
  return allowed;
}

bool StepRules::MayOccupy(uint16_t cls) {
  bool allowed = true;
  if (may_occupy_ >= 0) {
    FillSquare(cls, end_square_);
    eval::Slot args[2] = {mover_, eval::Slot{.record = end_square_.data()}};
    allowed = Run(may_occupy_, args, 2) != 0;
  }
  if (hooks_ != nullptr && !hooks_->failed()) allowed = hooks_->MayOccupy(Facts(cls), allowed);
  return allowed;
}

hooks::SquareFacts StepRules::Facts(uint16_t cls) const {
  const Occupant* occupant = OccupantFor(cls);
  hooks::SquareFacts facts;
  facts.key = cls;
  facts.terrain = static_cast<int>(grid_.TerrainOf(cls));
  facts.occupied = occupant != nullptr;
  facts.ally = occupant != nullptr && occupant->ally;
  facts.size_difference = occupant != nullptr ? occupant->size_difference : 0;
  facts.hostile = occupant != nullptr && occupant->hostile;
  facts.names = occupant != nullptr ? &occupant->names : nullptr;
  return facts;
}

std::optional<double> StepRules::StepOnTerrain(const hooks::StepFacts& step, int terrain) {
  auto to = static_cast<uint16_t>(step.to.key);
  auto side_a = static_cast<uint16_t>(step.side_a.key);
  auto side_b = static_cast<uint16_t>(step.side_b.key);
  FillSquare(to, other_to_, terrain);
  // An orthogonal step's sides are its own square: they change with it.
  FillSquare(side_a, other_side_a_, side_a == to && !step.diagonal ? terrain : -1);
  FillSquare(side_b, other_side_b_, side_b == to && !step.diagonal ? terrain : -1);
  other_step_[5].number = step.diagonal ? 1 : 0;
  other_step_[6].number = step.diagonal_number;
  other_step_[7].number = 0;
  other_step_[8].number = step.narrowed_to;
  other_step_[9].number = step.barrier >= 0 && step.crosses_barrier ? 1 : 0;
  other_step_[10].number = step.barrier >= 0 && !step.crosses_barrier ? 1 : 0;
  other_step_[11].number = step.barrier >= 0 ? step.barrier : 0;
  eval::Slot args[3] = {mover_, eval::Slot{.record = other_step_.data()}, mode_};
  machine_.SetTrace(nullptr);  // the question is the script's, not part of the explanation
  std::optional<double> cost;
  if (may_enter_ < 0 || Run(may_enter_, args) != 0) cost = Run(step_cost_, args);
  machine_.SetTrace(trace_);
  return cost;
}

bool StepRules::EndOnTerrain(const hooks::SquareFacts& square, int terrain) {
  if (may_end_ < 0) return true;
  FillSquare(static_cast<uint16_t>(square.key), other_to_, terrain);
  eval::Slot args[3] = {mover_, eval::Slot{.record = other_to_.data()}, mode_};
  machine_.SetTrace(nullptr);
  bool allowed = Run(may_end_, args) != 0;
  machine_.SetTrace(trace_);
  return allowed;
}

uint16_t StepRules::ClassOrOutside(int32_t x, int32_t y) const {
  return grid_.Contains(x, y) ? grid_.ClassAt(x, y) : grid_.Outside();
}

std::string StepRules::DescribeStep(const hooks::StepFacts& step) {
  // The memo asks about a step once for every step between squares of the same classes: name
  // the first such step on the map.
  for (int32_t y = 0; y < grid_.height(); ++y) {
    for (int32_t x = 0; x < grid_.width(); ++x) {
      if (grid_.ClassAt(x, y) != step.to.key) continue;
      for (int32_t dy : {-1, 0, 1}) {
        for (int32_t dx : {-1, 0, 1}) {
          if ((dx != 0 && dy != 0) != step.diagonal || (dx == 0 && dy == 0)) continue;
          int32_t fx = x - dx;
          int32_t fy = y - dy;
          if (!grid_.Contains(fx, fy)) continue;
          if (step.diagonal && (ClassOrOutside(x, fy) != step.side_a.key || ClassOrOutside(fx, y) != step.side_b.key)) {
            continue;
          }
          return fmt::format("({},{}) → ({},{})", fx, fy, x, y);
        }
      }
    }
  }
  return "";
}

std::string StepRules::DescribeSquare(const hooks::SquareFacts& square) {
  for (int32_t y = 0; y < grid_.height(); ++y) {
    for (int32_t x = 0; x < grid_.width(); ++x) {
      if (grid_.ClassAt(x, y) == square.key) return fmt::format("({},{})", x, y);
    }
  }
  return "";
}

float StepRules::Explain(const SubStep& step, eval::Trace& trace) {
  trace_ = &trace;
  machine_.SetTrace(&trace);
  float cost = Evaluate(step);
  machine_.SetTrace(nullptr);
  trace_ = nullptr;
  return cost;
}

}  // namespace rulecraft::movement
