// The evaluator: runs a compiled rule. No parsing, name lookup or heap allocation per call:
// the operand stack and the modifier arena are allocated once per Machine and reused.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/compile/program.h"

namespace rulecraft::eval {

// One value: numbers (and bools as 0/1, rows and strings as indices), a record, or a list
// of modifiers (a range of the machine's arena).
union Slot {
  double number;
  uint64_t bits;
  const Slot* record;
  const void* pointer;
  struct {
    uint32_t begin;
    uint32_t end;
  } list;
};
static_assert(sizeof(Slot) == 8);

// One typed modifier: value, bonus type (index into Program::bonus_types), and where it
// was written (>= 0: Program::origins; < 0: -1 - index into the record's HostBonuses).
struct Modifier {
  double value;
  int32_t type;
  int32_t origin;
};

// Modifiers a scenario gives a creature (spells, items), by target (Program::bonus_targets).
struct HostBonuses {
  struct Entry {
    int32_t target;
    Modifier modifier;
  };
  std::vector<Entry> entries;
  std::vector<std::string> sources;  // indexed by -1 - Modifier::origin
  // The creature's class levels (scenario `levels:`): class id (Program::level_classes), level.
  std::vector<std::pair<int32_t, double>> levels;
};

// What one evaluation read and decided, for `--explain`.
struct TraceEvent {
  enum class Kind { kRule, kColumn, kMapCell, kModifier };
  Kind kind;
  int32_t index;  // rule, column, map, or bonus type
  int32_t row;    // table row (kColumn, kMapCell); origin (kModifier)
  int32_t key;    // map key (kMapCell)
  double value;
  bool counted;            // kModifier: whether stacking let it count
  const HostBonuses* host;  // kModifier with a host origin
};

struct Trace {
  std::vector<TraceEvent> events;
};

// A rules runtime failure: what went wrong ("division by zero in rule 'x'") and where in the
// rules it was written (the expression's span).
struct Failure {
  std::string message;
  SourceSpan span;
};

// While one lives, the first failure of each Machine on this thread is kept in it (a query's
// answer reads where its rules failed without every caller passing the span on). Watches nest:
// the innermost one on the thread is filled.
class FailureWatch {
 public:
  FailureWatch();
  ~FailureWatch();
  FailureWatch(const FailureWatch&) = delete;
  FailureWatch& operator=(const FailureWatch&) = delete;
  // The failures since the watch began, first first (at most kKept).
  const std::vector<Failure>& failures() const { return failures_; }
  // The first failure whose message `text` contains (a caller may have added to it), or null.
  const Failure* Find(std::string_view text) const;
  // Records `failure` in the thread's innermost watch.
  static void Record(const Failure& failure);

  static constexpr size_t kKept = 16;

 private:
  FailureWatch* outer_;
  std::vector<Failure> failures_;
};

// Runs rules of one program; not thread-safe (use one Machine per thread).
class Machine {
 public:
  explicit Machine(const compile::Program& program);

  // Calls a rule with its arguments; the result's meaning follows the rule's result type.
  Slot Call(int rule, std::span<const Slot> args);
  // Records what each later call reads and decides; nullptr stops recording.
  void SetTrace(Trace* trace) { trace_ = trace; }
  // The first runtime error of any call since the machine was made ("division by zero in rule
  // 'x'"), or empty: it stays for the machine's life (one query's), so no later call hides it.
  const std::string& error() const { return error_; }
  // Where the rules of that first error were written (the failing expression); empty before one.
  const SourceSpan& error_span() const { return error_span_; }
  const compile::Program& program() const { return program_; }

 private:
  Slot Run(int rule, Slot* frame);
  double Total(uint32_t begin, uint32_t end);
  // Appends the modifiers of `table` whose conditions hold on `frame` (kBonusTable).
  void AppendTable(const compile::BonusTable& table, const Slot* frame);
  // Total of those modifiers without the arena, the same bits as Total (a direct table only).
  double TotalTable(const compile::BonusTable& table, const Slot* frame) const;
  // `best` and `worst` are read only for the types whose modifiers use them.
  void TraceTotal(uint32_t begin, uint32_t end, const double* best, const double* worst);
  // Records the first error: `what`, in rule `rule`, at its instruction `pc`.
  void Fail(int rule, const char* what, size_t pc);
  // Whether two modifiers come from the same source: the same origin, or rule-made
  // modifiers naming the same source text.
  bool SameSource(const Modifier& a, const Modifier& b) const;
  // Whether a highest-per-source bonus arena_[i] of list [begin, end) is beaten: another
  // modifier of its type and source is larger, or as large and earlier.
  bool BeatenBySameSource(uint32_t begin, uint32_t end, uint32_t i) const;
  void PushModifier(const Modifier& modifier) {
    if (arena_end_ == arena_.size()) [[unlikely]] GrowArena();
    arena_[arena_end_++] = modifier;
  }
  void GrowArena();

  // Gives a machine's operand stack back to its thread's pool (machine.cc) for the next machine.
  struct StackReturn {
    void operator()(Slot* stack) const;
  };

  const compile::Program& program_;
  std::unique_ptr<Slot[], StackReturn> stack_;  // kStackSlots slots (machine.cc), not zero-filled
  std::vector<Modifier> arena_;
  uint32_t arena_end_ = 0;
  Trace* trace_ = nullptr;
  std::string error_;
  SourceSpan error_span_;
  std::vector<const HostBonuses*> host_of_modifier_;  // only filled while tracing
  std::vector<uint8_t> stacking_;  // per bonus type: its BonusPolicy as Stacking bits (machine.cc)
};

}  // namespace rulecraft::eval
