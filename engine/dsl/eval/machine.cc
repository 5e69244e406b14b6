#include "dsl/eval/machine.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

namespace rulecraft::eval {
namespace {

using compile::BonusPolicy;
using compile::Op;

constexpr size_t kStackSlots = 1 << 14;
constexpr size_t kArenaModifiers = 1 << 8;  // grows by doubling (GrowArena)

// A bonus type's BonusPolicy in one byte (Machine::stacking_): the bonuses' policy in the
// low two bits, and whether penalties keep only the lowest.
enum Stacking : uint8_t {
  kBonusesStack = 0,
  kBonusesHighest = 1,
  kBonusesHighestPerSource = 2,
  kBonusesMask = 3,
  kPenaltiesLowest = 4,
};

uint8_t StackingOf(const BonusPolicy& policy) {
  uint8_t bonuses = policy.bonuses == BonusPolicy::Bonuses::kHighest ? kBonusesHighest
                  : policy.bonuses == BonusPolicy::Bonuses::kHighestPerSource ? kBonusesHighestPerSource
                                                                              : kBonusesStack;
  return policy.penalties == BonusPolicy::Penalties::kLowest ? (bonuses | kPenaltiesLowest) : bonuses;
}

// 1 when bit `flag` of a record's flags is set, else 0.
uint32_t FlagOf(Slot record, uint32_t flag) { return static_cast<uint32_t>((record.record[0].bits >> flag) & 1u); }

// 1 when the condition of a table entry holds on `frame` (compile::TableBonus), else 0.
// Branch-free in the flags and fields; the branches test only the entry's fixed shape.
uint64_t Holds(const compile::TableBonus& entry, const Slot* frame) {
  uint64_t held = 1;
  if (entry.flags != 0) held = (frame[entry.slot].record[0].bits & entry.flags) == entry.flags;
  for (int i = 0; i < compile::TableBonus::kMaxFields; ++i) {
    if (entry.field[i] >= 0) held &= static_cast<uint64_t>(frame[entry.field_slot[i]].record[entry.field[i]].number != 0);
  }
  return held;
}

// `value` when `held` is 1, +0 when 0 (adding +0 changes no total: a total is never -0).
double KeptValue(double value, uint64_t held) {
  return std::bit_cast<double>(std::bit_cast<uint64_t>(value) & (uint64_t{0} - held));
}

// a % b for b != 0, as std::fmod gives it (the sign of a, also for a zero result), with a
// fast path when both are whole numbers small enough to be exact.
double Remainder(double a, double b) {
  constexpr double kExact = 0x1p53;
  if (std::abs(a) < kExact && std::abs(b) < kExact) {
    auto whole_a = static_cast<int64_t>(a);
    auto whole_b = static_cast<int64_t>(b);
    if (static_cast<double>(whole_a) == a && static_cast<double>(whole_b) == b) {
      return std::copysign(static_cast<double>(whole_a % whole_b), a);
    }
  }
  return std::fmod(a, b);
}

// Adds best[t] + worst[t] to total for the types t used by either, in increasing t: the same
// sum, bit for bit, as adding it for every type with unused entries 0 (adding 0 changes no
// total, as a total is never -0).
double AddByType(double total, const double* best, uint64_t best_used, const double* worst, uint64_t worst_used) {
  for (uint64_t used = best_used | worst_used; used != 0; used &= used - 1) {
    int t = std::countr_zero(used);
    total += ((best_used >> t) & 1u ? best[t] : 0.0) + ((worst_used >> t) & 1u ? worst[t] : 0.0);
  }
  return total;
}

// The operand stacks of this thread's machines that are gone, kept for the next ones: a stack
// is 128 KB, and a query makes several machines, so a new machine takes one from here instead
// of allocating and filling its own. Every call writes the slots it reads (arguments, lets,
// operands) before reading them, so what a stack held before does not matter. Sanitizer builds
// (RULECRAFT_SCRIBBLE_POOLED_STACKS) fill a reused stack with garbage, so that a stale read would
// change an answer, or fault through a garbage pointer, and fail the suite.
struct StackPool {
  static constexpr size_t kKept = 8;
  std::vector<Slot*> stacks;
  bool alive = true;
  ~StackPool() {
    alive = false;
    for (Slot* stack : stacks) delete[] stack;
    stacks.clear();
  }
};
thread_local StackPool stack_pool;

Slot* TakeStack() {
  if (stack_pool.alive && !stack_pool.stacks.empty()) {
    Slot* stack = stack_pool.stacks.back();
    stack_pool.stacks.pop_back();
#if RULECRAFT_SCRIBBLE_POOLED_STACKS
    std::memset(static_cast<void*>(stack), 0xA5, sizeof(Slot) * kStackSlots);
#endif
    return stack;
  }
  return new Slot[kStackSlots];
}

}  // namespace

void Machine::StackReturn::operator()(Slot* stack) const {
  if (stack_pool.alive && stack_pool.stacks.size() < StackPool::kKept) {
    stack_pool.stacks.push_back(stack);
  } else {
    delete[] stack;
  }
}

Machine::Machine(const compile::Program& program) : program_(program), stack_(TakeStack()) {
  arena_.resize(kArenaModifiers);
  for (const BonusPolicy& policy : program.bonus_types) stacking_.push_back(StackingOf(policy));
}

namespace {
thread_local FailureWatch* innermost_watch = nullptr;
}  // namespace

FailureWatch::FailureWatch() : outer_(innermost_watch) { innermost_watch = this; }

FailureWatch::~FailureWatch() { innermost_watch = outer_; }

const Failure* FailureWatch::Find(std::string_view text) const {
  for (const Failure& failure : failures_) {
    if (text.find(failure.message) != std::string_view::npos) return &failure;
  }
  return nullptr;
}

void FailureWatch::Record(const Failure& failure) {
  if (innermost_watch != nullptr && innermost_watch->failures_.size() < kKept) innermost_watch->failures_.push_back(failure);
}

void Machine::Fail(int rule, const char* what, size_t pc) {
  if (!error_.empty()) return;
  const compile::CompiledRule& failed = program_.rules[static_cast<size_t>(rule)];
  error_ = fmt::format("{} in rule '{}'", what, failed.name);
  error_span_ = failed.PlaceOf(pc);
  FailureWatch::Record({error_, error_span_});
}

bool Machine::SameSource(const Modifier& a, const Modifier& b) const {
  if (a.origin == b.origin) return true;
  if (a.origin < 0 || b.origin < 0) return false;
  const std::string& left = program_.origins[static_cast<size_t>(a.origin)].source;
  return !left.empty() && left == program_.origins[static_cast<size_t>(b.origin)].source;
}

bool Machine::BeatenBySameSource(uint32_t begin, uint32_t end, uint32_t i) const {
  const Modifier& modifier = arena_[i];
  for (uint32_t j = begin; j < end; ++j) {
    const Modifier& other = arena_[j];
    if (j != i && other.type == modifier.type && SameSource(other, modifier) &&
        (other.value > modifier.value || (other.value == modifier.value && j < i))) {
      return true;
    }
  }
  return false;
}

// Grows once, then reused.
__attribute__((noinline, cold)) void Machine::GrowArena() { arena_.resize(arena_.size() * 2); }

Slot Machine::Call(int rule, std::span<const Slot> args) {
  arena_end_ = 0;
  if (!host_of_modifier_.empty()) host_of_modifier_.clear();
  for (size_t i = 0; i < args.size(); ++i) stack_[i] = args[i];
  return Run(rule, stack_.get());
}

// Stacks a list of modifiers by each bonus type's policy (Program::bonus_types).
double Machine::Total(uint32_t begin, uint32_t end) {
  // best[t] and worst[t] start at 0 when the type's bit of best_used / worst_used is first set.
  double best[compile::kMaxBonusTypes];
  double worst[compile::kMaxBonusTypes];
  uint64_t best_used = 0;
  uint64_t worst_used = 0;
  double total = 0;
  for (uint32_t i = begin; i < end; ++i) {
    const Modifier& modifier = arena_[i];
    const auto type = static_cast<size_t>(modifier.type);
    const uint8_t stacking = stacking_[type];
    const uint64_t bit = uint64_t{1} << type;
    const double value = modifier.value;
    if (value >= 0) {
      if ((stacking & kBonusesMask) == kBonusesStack) {
        total += value;
      } else if ((stacking & kBonusesMask) == kBonusesHighest) {
        best[type] = std::max((best_used & bit) != 0 ? best[type] : 0.0, value);
        best_used |= bit;
      } else if (!BeatenBySameSource(begin, end, i)) {  // highest of each source
        total += value;
      }
    } else if ((stacking & kPenaltiesLowest) == 0) {
      total += value;
    } else {
      worst[type] = std::min((worst_used & bit) != 0 ? worst[type] : 0.0, value);
      worst_used |= bit;
    }
  }
  total = AddByType(total, best, best_used, worst, worst_used);
  if (trace_ != nullptr) TraceTotal(begin, end, best, worst);
  return total;
}

void Machine::AppendTable(const compile::BonusTable& table, const Slot* frame) {
  while (arena_end_ + table.entries.size() >= arena_.size()) GrowArena();
  for (const compile::TableBonus& entry : table.entries) {  // branch-free, as kBonusIfHas
    arena_[arena_end_] = {entry.value, entry.type, entry.origin};
    arena_end_ += static_cast<uint32_t>(Holds(entry, frame));
  }
}

// Whole tables sum as integers. Others make Total's sums in Total's order: the stacked values
// in list order, then best + worst per kept type in increasing type (an absent entry adds +0,
// as AddByType skips it).
double Machine::TotalTable(const compile::BonusTable& table, const Slot* frame) const {
  const compile::TableBonus* entries = table.entries.data();
  if (table.whole) {  // exact in any order (BonusTable::whole): integers, one type at a time
    const compile::TableBonus* term = table.summed.data();
    int64_t sum = 0;
    for (const compile::TableBonus* end = term + table.stacked.size(); term < end; ++term) {
      sum += term->whole & -static_cast<int64_t>(Holds(*term, frame));
    }
    const compile::TableBonus* part = term;
    for (uint32_t end : table.highest_ends) {
      int64_t best = 0;
      for (; term < part + end; ++term) best = std::max(best, term->whole & -static_cast<int64_t>(Holds(*term, frame)));
      sum += best;
    }
    part = term;
    for (uint32_t end : table.lowest_ends) {
      int64_t worst = 0;
      for (; term < part + end; ++term) worst = std::min(worst, term->whole & -static_cast<int64_t>(Holds(*term, frame)));
      sum += worst;
    }
    return static_cast<double>(sum);
  }
  double best[compile::kMaxBonusTypes];
  double worst[compile::kMaxBonusTypes];
  const size_t kept = table.kept_types.size();
  for (size_t k = 0; k < kept; ++k) best[k] = worst[k] = 0;
  double total = 0;
  for (uint32_t i : table.stacked) total += KeptValue(entries[i].value, Holds(entries[i], frame));
  for (uint32_t i : table.highest) {
    const compile::TableBonus& entry = entries[i];
    best[entry.kept] = std::max(best[entry.kept], KeptValue(entry.value, Holds(entry, frame)));
  }
  for (uint32_t i : table.lowest) {
    const compile::TableBonus& entry = entries[i];
    worst[entry.kept] = std::min(worst[entry.kept], KeptValue(entry.value, Holds(entry, frame)));
  }
  for (size_t k = 0; k < kept; ++k) total += best[k] + worst[k];
  return total;
}

// Records, for each modifier of a total, whether stacking let it count.
void Machine::TraceTotal(uint32_t begin, uint32_t end, const double* best, const double* worst) {
  std::vector<bool> used_best(program_.bonus_types.size(), false);
  std::vector<bool> used_worst(program_.bonus_types.size(), false);
  for (uint32_t i = begin; i < end; ++i) {
    const Modifier& modifier = arena_[i];
    const BonusPolicy& policy = program_.bonus_types[static_cast<size_t>(modifier.type)];
    size_t type = static_cast<size_t>(modifier.type);
    bool counted = true;
    if (modifier.value >= 0 && policy.bonuses == BonusPolicy::Bonuses::kHighest) {
      counted = !used_best[type] && modifier.value == best[type];
      used_best[type] = used_best[type] || counted;
    } else if (modifier.value < 0 && policy.penalties == BonusPolicy::Penalties::kLowest) {
      counted = !used_worst[type] && modifier.value == worst[type];
      used_worst[type] = used_worst[type] || counted;
    } else if (modifier.value >= 0 && policy.bonuses == BonusPolicy::Bonuses::kHighestPerSource) {
      counted = !BeatenBySameSource(begin, end, i);
    }
    const HostBonuses* host = i < host_of_modifier_.size() ? host_of_modifier_[i] : nullptr;
    trace_->events.push_back({TraceEvent::Kind::kModifier, modifier.type, modifier.origin, 0,
                              modifier.value, counted, host});
  }
}

Slot Machine::Run(int rule_index, Slot* frame) {
  const compile::CompiledRule& rule = program_.rules[static_cast<size_t>(rule_index)];
  Slot* sp = frame + rule.frame;  // the operand stack starts above parameters and lets
  if (sp + rule.max_stack + 1 > stack_.get() + kStackSlots) {
    Fail(rule_index, "rules nested too deeply", rule.code.size());
    return Slot{.number = 0};
  }
  const compile::Instr* code = rule.code.data();
  size_t pc = 0;
  auto pop = [&]() -> Slot { return *--sp; };
  auto push_number = [&](double value) { (sp++)->number = value; };
  for (;;) {
    const compile::Instr& instr = code[pc++];
    switch (instr.op) {
      case Op::kConst: push_number(instr.k); break;
      case Op::kLoad: *sp++ = frame[instr.a]; break;
      case Op::kStore: frame[instr.a] = pop(); break;
      case Op::kField: {
        const Slot* record = pop().record;
        *sp++ = record[instr.a];
        break;
      }
      case Op::kHas: {
        const Slot* record = pop().record;
        push_number(static_cast<double>((record[0].bits >> instr.a) & 1u));
        break;
      }
      case Op::kHasRow: {  // one condition of any_condition(column): explained as its row's cell
        const Slot* record = pop().record;
        bool held = ((record[0].bits >> instr.flag) & 1u) != 0;
        push_number(held ? 1 : 0);
        if (held && trace_ != nullptr) {
          trace_->events.push_back({TraceEvent::Kind::kColumn, instr.a, static_cast<int32_t>(instr.k), 0, 1, true, nullptr});
        }
        break;
      }
      case Op::kColumn: {
        const compile::ColumnData& column = program_.columns[static_cast<size_t>(instr.a)];
        double index = pop().number;
        if (!(index >= 0 && index < static_cast<double>(column.values.size()))) {  // NaN fails too
          Fail(rule_index, "a table lookup past the table's rows", pc - 1);
          push_number(0);
          break;
        }
        size_t row = static_cast<size_t>(index);
        push_number(column.values[row]);
        if (trace_ != nullptr) {
          trace_->events.push_back({TraceEvent::Kind::kColumn, instr.a, static_cast<int32_t>(row), 0,
                                    column.values[row], true, nullptr});
        }
        break;
      }
      case Op::kMapCell: {
        const compile::MapData& map = program_.maps[static_cast<size_t>(instr.a)];
        double key_index = pop().number;
        double row_index = pop().number;
        if (!(key_index >= 0 && key_index < static_cast<double>(map.keys) && row_index >= 0 &&
              (row_index + 1) * static_cast<double>(map.keys) <= static_cast<double>(map.values.size()))) {
          Fail(rule_index, "a table lookup past the table's rows", pc - 1);
          push_number(0);
          break;
        }
        size_t key = static_cast<size_t>(key_index);
        size_t row = static_cast<size_t>(row_index);
        double value = map.values[row * map.keys + key];
        push_number(value);
        if (trace_ != nullptr) {
          trace_->events.push_back({TraceEvent::Kind::kMapCell, instr.a, static_cast<int32_t>(row),
                                    static_cast<int32_t>(key), value, true, nullptr});
        }
        break;
      }
      case Op::kAdd: sp[-2].number += sp[-1].number; --sp; break;
      case Op::kSub: sp[-2].number -= sp[-1].number; --sp; break;
      case Op::kMul: sp[-2].number *= sp[-1].number; --sp; break;
      case Op::kDiv:
        if (sp[-1].number == 0) {
          Fail(rule_index, "division by zero", pc - 1);
          sp[-2].number = 0;
        } else {
          sp[-2].number /= sp[-1].number;
        }
        --sp;
        break;
      case Op::kMod:
        if (sp[-1].number == 0) {
          Fail(rule_index, "remainder by zero", pc - 1);
          sp[-2].number = 0;
        } else {
          sp[-2].number = Remainder(sp[-2].number, sp[-1].number);
        }
        --sp;
        break;
      case Op::kPow: sp[-2].number = std::pow(sp[-2].number, sp[-1].number); --sp; break;
      case Op::kNeg: sp[-1].number = -sp[-1].number; break;
      case Op::kNot: sp[-1].number = sp[-1].number != 0 ? 0 : 1; break;
      case Op::kEq: sp[-2].number = sp[-2].number == sp[-1].number; --sp; break;
      case Op::kNe: sp[-2].number = sp[-2].number != sp[-1].number; --sp; break;
      case Op::kLt: sp[-2].number = sp[-2].number < sp[-1].number; --sp; break;
      case Op::kLe: sp[-2].number = sp[-2].number <= sp[-1].number; --sp; break;
      case Op::kGt: sp[-2].number = sp[-2].number > sp[-1].number; --sp; break;
      case Op::kGe: sp[-2].number = sp[-2].number >= sp[-1].number; --sp; break;
      case Op::kJump: pc = static_cast<size_t>(instr.a); break;
      case Op::kJumpIfFalse:
        if (pop().number == 0) pc = static_cast<size_t>(instr.a);
        break;
      case Op::kJumpIfFalseKeep:
        if (sp[-1].number == 0) {
          pc = static_cast<size_t>(instr.a);
        } else {
          --sp;
        }
        break;
      case Op::kJumpIfTrueKeep:
        if (sp[-1].number != 0) {
          pc = static_cast<size_t>(instr.a);
        } else {
          --sp;
        }
        break;
      case Op::kCall: {
        const compile::CompiledRule& callee = program_.rules[static_cast<size_t>(instr.a)];
        Slot* callee_frame = sp - callee.params;
        Slot result = Run(instr.a, callee_frame);
        sp = callee_frame;
        *sp++ = result;
        break;
      }
      case Op::kReturn: {
        Slot result = pop();
        if (trace_ != nullptr) {
          // A list is reported by its length; everything else by its number.
          bool list = rule.result.kind == ast::TypeKind::kModifiers;
          double value = list ? result.list.end - result.list.begin : result.number;
          trace_->events.push_back({TraceEvent::Kind::kRule, rule_index, 0, 0, value, true, nullptr});
        }
        return result;
      }
      case Op::kFloor: sp[-1].number = std::floor(sp[-1].number); break;
      case Op::kCeil: sp[-1].number = std::ceil(sp[-1].number); break;
      case Op::kRound: sp[-1].number = std::round(sp[-1].number); break;
      case Op::kAbs: sp[-1].number = std::abs(sp[-1].number); break;
      case Op::kMin:
      case Op::kMax: {
        Slot* first = sp - instr.a;
        double value = first[0].number;
        for (int i = 1; i < instr.a; ++i) {
          value = instr.op == Op::kMin ? std::min(value, first[i].number) : std::max(value, first[i].number);
        }
        sp = first;
        push_number(value);
        break;
      }
      case Op::kListBegin: (sp++)->bits = arena_end_; break;
      case Op::kBonus: {
        double value = pop().number;
        PushModifier({value, instr.a, static_cast<int32_t>(instr.k)});
        break;
      }
      case Op::kSplice: {
        Slot list = pop();
        for (uint32_t i = list.list.begin; i < list.list.end; ++i) {
          if (trace_ != nullptr && i < host_of_modifier_.size()) {
            host_of_modifier_.resize(std::max<size_t>(host_of_modifier_.size(), arena_end_ + 1));
            host_of_modifier_[arena_end_] = host_of_modifier_[i];
          }
          PushModifier(arena_[i]);
        }
        break;
      }
      case Op::kListEnd: {
        uint32_t begin = static_cast<uint32_t>(pop().bits);
        Slot list;
        list.list = {begin, arena_end_};
        *sp++ = list;
        break;
      }
      case Op::kConcat: {
        Slot right = pop();
        Slot left = pop();
        Slot joined;
        if (left.list.end == right.list.begin) {
          joined.list = {left.list.begin, right.list.end};
        } else {
          uint32_t begin = arena_end_;
          for (const Slot& part : {left, right}) {
            for (uint32_t i = part.list.begin; i < part.list.end; ++i) PushModifier(arena_[i]);
          }
          joined.list = {begin, arena_end_};
        }
        *sp++ = joined;
        break;
      }
      case Op::kBonuses: {
        const Slot* record = pop().record;
        const auto* host = static_cast<const HostBonuses*>(record[1].pointer);
        uint32_t begin = arena_end_;
        if (host != nullptr) {
          for (const HostBonuses::Entry& entry : host->entries) {
            if (entry.target != instr.a) continue;
            if (trace_ != nullptr) {
              host_of_modifier_.resize(std::max<size_t>(host_of_modifier_.size(), arena_end_ + 1));
              host_of_modifier_[arena_end_] = host;
            }
            PushModifier(entry.modifier);
          }
        }
        Slot list;
        list.list = {begin, arena_end_};
        *sp++ = list;
        break;
      }
      case Op::kLevel: {
        const Slot* record = pop().record;
        const auto* host = static_cast<const HostBonuses*>(record[1].pointer);
        double level = 0;
        if (host != nullptr) {
          for (const auto& [id, value] : host->levels) {
            if (id == instr.a) level = value;
          }
        }
        push_number(level);
        break;
      }
      case Op::kTotal: {
        Slot list = pop();
        push_number(Total(list.list.begin, list.list.end));
        break;
      }
      case Op::kJumpUnlessHas:
        if (FlagOf(frame[instr.slot], instr.flag) == 0) pc = static_cast<size_t>(instr.a);
        break;
      case Op::kBonusConst: PushModifier({instr.k, instr.type, instr.a}); break;
      case Op::kBonusIfHas:  // branch-free: write always, keep by the flag (program.h)
        if (arena_end_ == arena_.size()) [[unlikely]] GrowArena();
        arena_[arena_end_] = {instr.k, instr.type, instr.a};
        arena_end_ += FlagOf(frame[instr.slot], instr.flag);
        break;
      case Op::kBonusTable: AppendTable(program_.bonus_tables[static_cast<size_t>(instr.a)], frame); break;
      case Op::kTotalTable: {
        const compile::BonusTable& table = program_.bonus_tables[static_cast<size_t>(instr.a)];
        if (trace_ == nullptr && table.direct) {
          push_number(TotalTable(table, frame));
        } else {  // the arena, for the trace or the whole list
          uint32_t begin = arena_end_;
          AppendTable(table, frame);
          push_number(Total(begin, arena_end_));
        }
        break;
      }
      default: __builtin_unreachable();  // every Op is handled above
    }
  }
}

}  // namespace rulecraft::eval
