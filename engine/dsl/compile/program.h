// The compiled form of a ruleset's rules: flat bytecode per rule, with every name, table
// cell and flag resolved to an index, so evaluation does no lookup and no allocation.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dsl/ast/types.h"
#include "rulecraft/diagnostic.h"

namespace rulecraft::compile {

// Every record passed to rules starts with two header slots (flags, scenario bonuses);
// its fields follow in the order dsl/check/environment lists them.
inline constexpr int kRecordHeader = 2;

// The most bonus types a ruleset may define.
inline constexpr size_t kMaxBonusTypes = 64;

// The instructions; `a` is an index or jump target, `k` a constant (see Instr).
enum class Op : uint8_t {
  kConst,             // push k
  kLoad,              // push frame[a]
  kStore,             // frame[a] = pop
  kField,             // push record(pop)[a]
  kHas,               // push 1 if bit a of record(pop)'s flags is set, else 0
  kHasRow,            // push 1 if bit `flag` of record(pop)'s flags is set; traced as columns[a]'s row k
  kColumn,            // push columns[a].values[row(pop)]
  kMapCell,           // key = pop, row = pop; push maps[a].values[row * keys + key]
  kAdd, kSub, kMul, kDiv, kMod, kPow, kNeg, kNot,
  kEq, kNe, kLt, kLe, kGt, kGe,
  kJump,              // pc = a
  kJumpIfFalse,       // pc = a if pop is false
  kJumpIfFalseKeep,   // if top is false: pc = a (keep it); else pop  (for `and`)
  kJumpIfTrueKeep,    // if top is true: pc = a (keep it); else pop   (for `or`)
  kCall,              // call rules[a]; its arguments are on the stack
  kReturn,            // return pop
  kFloor, kCeil, kRound, kAbs,
  kMin, kMax,         // over the top a values
  kListBegin,         // push the modifier arena's end (a list's start)
  kBonus,             // append modifier {value = pop, type a, origin k}
  kSplice,            // append a copy of list(pop)
  kListEnd,           // start = pop; push list [start, arena end)
  kConcat,            // right = pop, left = pop; push left followed by right
  kBonuses,           // append record(pop)'s scenario bonuses to target a, as a list
  kTotal,             // push the stacked total of list(pop)
  kLevel,             // push record(pop)'s level in class a (Program::level_classes), 0 if none

  // Fused instructions. Each does what the sequence in brackets does (same stack, arena and
  // trace effects) and is emitted only for that sequence as the lowering would otherwise
  // write it, so no jump can land inside it. `slot` is a frame slot (a parameter or let)
  // holding a record; `flag` a has() bit; `type` a bonus type.
  kJumpUnlessHas,     // [load slot; has flag; jump_if_false a]
                      //   pc = a unless bit `flag` of record(frame[slot])'s flags is set
  kBonusConst,        // [const k; bonus type, origin a]  (a list entry `bonus(NUMBER, type)`)
                      //   append modifier {value k, type, origin a}
  kBonusIfHas,        // [load slot; has flag; jump_if_false L; const k; bonus type, origin a; L:]
                      //   (a list entry `bonus(NUMBER, type) if record.has(flag)`)
                      //   Branch-free: always writes {value k, type, origin a} at the arena's
                      //   end, then advances the end by the flag's bit (0 or 1). The slot past
                      //   the end may thus hold a dropped modifier; nothing reads it.
  kBonusTable,        // [the entries of Program::bonus_tables[a], each lowered as EmitEntry would]
                      //   (two or more neighbouring list entries `bonus(NUMBER, type) if TEST`)
                      //   append each entry's modifier whose condition holds, in order
  kTotalTable,        // [list_begin; bonus_table a; list_end; total]
                      //   (`total([...])` of a list whose entries are all table entries)
                      //   push the stacked total of the entries whose conditions hold; without
                      //   the arena unless tracing or an entry needs the whole list (BonusTable)
};

// One instruction; 16 bytes. The small fields are used by the fused instructions only.
struct Instr {
  Op op;
  uint8_t slot = 0;
  uint8_t flag = 0;
  uint8_t type = 0;
  int32_t a = 0;
  double k = 0;
};
static_assert(sizeof(Instr) == 16);

// One entry of a BonusTable: a constant modifier kept when its condition holds. The condition
// is a conjunction of has() tests on one record and up to two record fields, each a frame slot
// (a parameter or let) holding a record: `attack.has(flanking) and attack.melee`.
struct TableBonus {
  static constexpr int kMaxFields = 2;
  double value = 0;
  int64_t whole = 0;         // the value as an integer, when BonusTable::whole
  uint64_t flags = 0;        // has() bits that must all be set on record(frame[slot]); 0: none
  int32_t type = 0;          // bonus type
  int32_t origin = 0;        // Program::origins
  int16_t field[kMaxFields] = {-1, -1};     // a record index whose value must be nonzero, or -1
  uint8_t field_slot[kMaxFields] = {0, 0};  // the slot of each field's record
  uint8_t slot = 0;          // the record the has() tests read (when flags != 0)
  uint8_t kept = 0;          // highest/lowest entries: index into BonusTable::kept_types
};

// Neighbouring constant conditional entries of a list literal, run as one instruction.
struct BonusTable {
  std::vector<TableBonus> entries;  // in list order
  // How Total would stack each entry (its value's sign and its type's BonusPolicy): indices
  // into `entries`; `stacked` in list order, `highest` and `lowest` by type, then list order,
  // each type's run ending at the next of `highest_ends` / `lowest_ends`. `direct` is false
  // when an entry is a bonus of a highest-per-source type: then the total needs the whole list
  // (kTotalTable uses the arena).
  std::vector<uint32_t> stacked, highest, lowest;
  std::vector<uint32_t> highest_ends, lowest_ends;
  std::vector<int32_t> kept_types;  // the types of highest and lowest entries, increasing
  bool direct = true;
  // Every value is a whole number of at most 2^31: every partial sum is exact in a double, so
  // the total may be summed as integers in any order (TableBonus::whole).
  bool whole = false;
  // When `whole`: the entries of `stacked`, then of `highest`, then of `lowest`, copied in that
  // order, so that kTotalTable walks them without indices (each run's end as in the *_ends,
  // counted from the start of its part).
  std::vector<TableBonus> summed;
};

// A compiled rule.
struct CompiledRule {
  std::string name;
  int params = 0;
  int frame = 0;      // params + lets
  int max_stack = 0;  // deepest operand stack the code reaches
  std::vector<Instr> code;
  std::vector<ast::Type> param_types;
  ast::Type result;
  SourceSpan span;  // the rule's name in its file
  // Where each instruction that can fail at run time (a division, a remainder, a table lookup)
  // was written: (index into `code`, the expression's span), in code order.
  std::vector<std::pair<uint32_t, SourceSpan>> places;

  // The span of the expression instruction `pc` came from; the rule's name when none is recorded.
  const SourceSpan& PlaceOf(size_t pc) const;
};

// Where each cell of a column was written. A column's cells come from one file or a few (a
// child ruleset's rows), so each file name is kept once and a cell's SourceSpan is made when
// asked for (explanations), instead of a copy of the file name per cell.
class CellSpans {
 public:
  // Appends the place of the next cell.
  void push_back(const SourceSpan& span);
  // The place of cell `i`.
  SourceSpan operator[](size_t i) const;
  size_t size() const { return cells_.size(); }
  void reserve(size_t cells) { cells_.reserve(cells); }

 private:
  struct Cell {
    uint32_t file = 0;  // index into files_
    uint32_t begin = 0;
    uint32_t end = 0;
  };
  std::vector<FileName> files_;  // each file once: a cell names one by its index
  std::vector<Cell> cells_;
};

// The row names of a table, in table order, shared by every column of it the rules read.
class RowNames {
 public:
  RowNames() = default;
  explicit RowNames(std::shared_ptr<const std::vector<std::string>> names) : names_(std::move(names)) {}
  // The name of row `i`.
  const std::string& operator[](size_t i) const { return (*names_)[i]; }
  size_t size() const { return names_ != nullptr ? names_->size() : 0; }

 private:
  std::shared_ptr<const std::vector<std::string>> names_;
};

// One table column as the rules read it: a number per row (text as string ids).
struct ColumnData {
  std::string table;
  std::string column;
  std::vector<double> values;
  std::vector<std::string> written;  // each cell as written, for explanations
  CellSpans spans;
  RowNames rows;
  // Per row: its footnotes' effects; no rows at all when no footnote applies to the column.
  std::vector<std::vector<std::string>> effects;

  // The footnote effects of row `row` (empty when none).
  const std::vector<std::string>& EffectsOf(size_t row) const;
};

// A column whose cells map the rows of another table to distances (`speeds.speed`).
struct MapData {
  std::string table;
  std::string column;
  std::string keyed_by;
  size_t keys = 0;
  std::vector<double> values;  // row * keys + key
  std::vector<std::string> written;
  std::vector<SourceSpan> spans;
  std::vector<std::string> rows;
  std::vector<std::string> key_names;
};

// How one bonus type stacks (table `bonus_types`).
struct BonusPolicy {
  enum class Bonuses : uint8_t { kStack, kHighest, kHighestPerSource };
  enum class Penalties : uint8_t { kStack, kLowest };
  std::string name;
  Bonuses bonuses = Bonuses::kStack;
  Penalties penalties = Penalties::kStack;
};

// Where a modifier was written: a bonus() call in the rules, or a scenario bonus.
struct ModifierOrigin {
  std::string source;  // the source text given, or empty
  SourceSpan span;
};

// All compiled rules of a ruleset.
struct Program {
  std::vector<CompiledRule> rules;
  std::vector<ColumnData> columns;
  std::vector<MapData> maps;
  std::vector<BonusPolicy> bonus_types;
  std::vector<ModifierOrigin> origins;
  std::vector<BonusTable> bonus_tables;    // kBonusTable, kTotalTable
  std::vector<std::string> flags;          // has() names; the bit is the index
  std::vector<std::string> bonus_targets;  // bonuses() targets
  std::vector<std::string> level_classes;  // level() classes
  std::vector<std::string> strings;        // text values; a text value is its index
  std::string quoted_text;  // the rules text explanations quote first (manifest setting `text`, "001")

  // The index of a rule, or -1.
  int FindRule(std::string_view name) const;
  // The bit of a condition or trait name, or -1 when no rule tests it.
  int FlagBit(std::string_view name) const;
  // The id of a bonus target, or -1 when no rule reads it.
  int BonusTarget(std::string_view name) const;
  // The id of a class level() reads, or -1 when no rule reads it.
  int LevelClass(std::string_view name) const;
  // The index of a bonus type, or -1.
  int BonusType(std::string_view name) const;
};

// Prints a rule's bytecode, one instruction a line (`--dump-after=lower`).
std::string PrintProgram(const Program& program);

}  // namespace rulecraft::compile
