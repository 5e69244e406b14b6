#include "dsl/compile/lower.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <string_view>

#include "dsl/check/environment.h"
#include "dsl/check/is_word.h"
#include "dsl/check/name_index.h"
#include "dsl/check/quick_hash.h"
#include "dsl/check/table_index.h"
#include "tables/schema.h"

namespace rulecraft::compile {
namespace {

using namespace std::string_view_literals;  // a string compared with a "literal"sv checks its size first

using ast::BindingKind;
using ast::Expr;
using ast::ExprKind;

// Records an instruction's effect on the operand stack depth.
constexpr int StackEffect(Op op, int32_t a) {
  switch (op) {
    case Op::kConst: case Op::kLoad: case Op::kListBegin: return 1;
    case Op::kStore: case Op::kJumpIfFalse: case Op::kBonus: case Op::kSplice: case Op::kReturn: return -1;
    case Op::kMapCell: case Op::kAdd: case Op::kSub: case Op::kMul: case Op::kDiv: case Op::kMod:
    case Op::kPow: case Op::kEq: case Op::kNe: case Op::kLt: case Op::kLe: case Op::kGt: case Op::kGe:
    case Op::kConcat: return -1;
    case Op::kMin: case Op::kMax: return 1 - a;
    case Op::kJumpUnlessHas: case Op::kBonusConst: case Op::kBonusIfHas: case Op::kBonusTable:
      return 0;  // read the frame only
    case Op::kTotalTable: return 1;
    case Op::kHasRow: return 0;
    default: return 0;  // kCall is adjusted by the emitter, which knows the callee's arity
  }
}

// StackEffect of the ops up to kTotalTable whose effect does not depend on `a` (all but kMin
// and kMax), by op: Add looks it up rather than testing the op's kind (issue 15).
constexpr size_t kTabledOps = static_cast<size_t>(Op::kTotalTable) + 1;
constexpr std::array<int8_t, kTabledOps> kStackEffects = [] {
  std::array<int8_t, kTabledOps> effects{};
  for (size_t op = 0; op < kTabledOps; ++op) effects[op] = static_cast<int8_t>(StackEffect(static_cast<Op>(op), 0));
  return effects;
}();

// StackEffect, from kStackEffects when the op is there.
int QuickStackEffect(Op op, int32_t a) {
  size_t index = static_cast<size_t>(op);
  if (index < kTabledOps && op != Op::kMin && op != Op::kMax) return kStackEffects[index];
  return StackEffect(op, a);
}

class Lowerer {
 public:
  Lowerer(check::PassContext& context, Program& program)
      : context_(context),
        program_(program),
        strings_{program.strings, {}},
        flags_{program.flags, {}},
        level_classes_{program.level_classes, {}},
        bonus_targets_{program.bonus_targets, {}},
        tables_(context.tables) {}

  void Run() {
    for (const auto& row : TableRows("bonus_types")) program_.bonus_types.push_back(Policy(*row));
    program_.rules.reserve(context_.module.rules.size());
    // The module is done with once lowered: its rules' names and signatures are moved, not copied
    // (bodies name rules by index).
    for (ast::Rule& rule : context_.module.rules) {
      CompiledRule& compiled = program_.rules.emplace_back();
      compiled.name = std::move(rule.name);
      compiled.params = static_cast<int>(rule.params.size());
      compiled.frame = compiled.params + rule.locals;
      compiled.result = std::move(rule.result);
      compiled.span = std::move(rule.name_span);
      compiled.param_types.reserve(rule.params.size());
      for (ast::Param& param : rule.params) compiled.param_types.push_back(std::move(param.type));
    }
    // Each rule is emitted into the scratch members code_ and places_, whose capacity the rules
    // share, then copied out at its size: one allocation per rule instead of one per doubling.
    for (size_t i = 0; i < context_.module.rules.size(); ++i) {
      depth_ = 0;
      max_stack_ = 0;
      Emit(*context_.module.rules[i].body);
      Add(Op::kReturn);
      CompiledRule& rule = program_.rules[i];
      rule.max_stack = max_stack_;
      rule.code.assign(code_.begin(), code_.begin() + static_cast<std::ptrdiff_t>(code_size_));
      rule.places.assign(std::make_move_iterator(places_.begin()), std::make_move_iterator(places_.end()));
      code_size_ = 0;
      places_.clear();
    }
  }

 private:
  std::vector<const tables::Row*> TableRows(const char* name) {
    std::vector<const tables::Row*> rows;
    if (const tables::Table* table = tables_.Find(name)) {
      for (const tables::Row& row : table->rows) rows.push_back(&row);
    }
    return rows;
  }

  static BonusPolicy Policy(const tables::Row& row) {
    BonusPolicy policy;
    policy.name = row.name;
    const tables::Value* bonuses = row.Get("bonuses");
    const tables::Value* penalties = row.Get("penalties");
    std::string_view stacking = bonuses != nullptr ? std::string_view(bonuses->text) : "stack"sv;
    policy.bonuses = check::IsWord(stacking, "highest") ? BonusPolicy::Bonuses::kHighest
                   : check::IsWord(stacking, "highest_per_source") ? BonusPolicy::Bonuses::kHighestPerSource
                                                      : BonusPolicy::Bonuses::kStack;
    policy.penalties = penalties != nullptr && check::IsWord(penalties->text, "lowest") ? BonusPolicy::Penalties::kLowest
                                                                           : BonusPolicy::Penalties::kStack;
    return policy;
  }

  size_t Add(Op op, int32_t a = 0, double k = 0) { return Add(Instr{.op = op, .a = a, .k = k}); }

  // Appends `instr` to the rule's code (a few thousand times a load: the growing is kept out of
  // line, so that appending saves no registers).
  size_t Add(const Instr& instr) {
    if (code_size_ == code_.size()) GrowCode();
    code_[code_size_] = instr;
    depth_ += QuickStackEffect(instr.op, instr.a);
    max_stack_ = std::max(max_stack_, depth_);
    return code_size_++;
  }

  // Makes room in code_ for more instructions.
  [[gnu::noinline]] void GrowCode() { code_.resize(std::max<size_t>(256, code_.size() * 2)); }

  // Adds an instruction that can fail at run time, recording `node`'s span as its place.
  size_t AddAt(const Expr& node, Op op, int32_t a = 0) {
    size_t at = Add(op, a);
    places_.emplace_back(static_cast<uint32_t>(at), node.span);
    return at;
  }

  void Patch(size_t at) { code_[at].a = static_cast<int32_t>(code_size_); }

  // A list of names a program gives indices to (its strings, flags, …), with their index.
  struct Interned {
    std::vector<std::string>& names;
    check::NameIndex index;
  };

  // The index of `name` in `list`, added at the end when new.
  static int Intern(Interned& list, std::string_view name) {
    uint32_t hash = check::QuickHash(name);
    int found = list.index.FindHashed(hash, [&](int at) { return list.names[static_cast<size_t>(at)] == name; });
    if (found >= 0) return found;
    list.names.emplace_back(name);
    int at = static_cast<int>(list.names.size() - 1);
    list.index.AddHashed(hash, at);
    return at;
  }


  // The cell of `column` in `row`, or nullptr; `hint` is where the previous row kept it (rows
  // of one table list their cells alike), checked before searching.
  static const tables::Value* CellAt(const tables::Row& row, std::string_view column, size_t& hint) {
    if (hint < row.cells.size() && IsColumn(row.cells[hint].first, column)) return &row.cells[hint].second;
    for (size_t i = 0; i < row.cells.size(); ++i) {
      if (IsColumn(row.cells[i].first, column)) {
        hint = i;
        return &row.cells[i].second;
      }
    }
    return nullptr;
  }

  // Whether a cell's column `name` is `column`: the size and first byte rule most cells out
  // before the bytes are compared (a row's cells are searched at every column read).
  static bool IsColumn(const std::string& name, std::string_view column) {
    if (name.size() != column.size()) return false;
    if (column.empty()) return true;
    return name[0] == column[0] && std::memcmp(name.data(), column.data(), column.size()) == 0;
  }

  // Which rows of `table` name footnotes (have a `notes` cell), found once per table rather than
  // once per column the rules read (FootnoteEffects of another row is empty).
  const std::vector<bool>& NotedRows(const tables::Table& table) {
    for (const auto& [known, rows] : noted_rows_) {
      if (known == &table) return rows;
    }
    std::vector<bool> rows;
    rows.reserve(table.rows.size());
    size_t hint = 0;
    for (const tables::Row& row : table.rows) rows.push_back(CellAt(row, "notes", hint) != nullptr);
    return noted_rows_.emplace_back(&table, std::move(rows)).second;
  }

  // The row names of `table`, made once per table.
  RowNames NamesOf(const tables::Table& table) {
    for (const auto& [known, names] : row_names_) {
      if (known == &table) return names;
    }
    auto names = std::make_shared<std::vector<std::string>>();
    names->reserve(table.rows.size());
    for (const tables::Row& row : table.rows) names->push_back(row.name);
    return row_names_.emplace_back(&table, RowNames(std::move(names))).second;
  }

  // A hash of a column's table and name, compared before the names.
  static uint32_t ColumnKey(std::string_view table_name, std::string_view column) {
    return check::QuickHash(table_name) * 31u + check::QuickHash(column);
  }

  int ColumnId(std::string_view table_name, std::string_view column) {
    uint32_t key = ColumnKey(table_name, column);
    int found = columns_.FindHashed(key, [&](int index) {
      const ColumnData& known = program_.columns[static_cast<size_t>(index)];
      return known.column == column && known.table == table_name;
    });
    if (found >= 0) return found;
    columns_.AddHashed(key, static_cast<int>(program_.columns.size()));
    ColumnData data;
    data.table.assign(table_name);
    data.column.assign(column);
    const tables::Table* table = tables_.Find(table_name);
    size_t rows = table->rows.size();
    data.values.reserve(rows);
    data.written.reserve(rows);
    data.spans.reserve(rows);
    data.rows = NamesOf(*table);
    // A row's footnote effects for this column exist only when a footnote applies to it; without
    // one, `effects` holds no rows (most columns: no empty list per row to keep).
    bool footnoted = std::any_of(table->footnotes.begin(), table->footnotes.end(),
                                 [&](const tables::Footnote& note) { return note.AppliesTo(column); });
    const std::vector<bool>* noted = footnoted ? &NotedRows(*table) : nullptr;
    if (footnoted) data.effects.resize(rows);
    bool label = check::IsWord(column, "label");
    bool name = check::IsWord(column, "name");
    size_t hint = 0;
    for (size_t at = 0; at < rows; ++at) {
      const tables::Row& row = table->rows[at];
      if (noted != nullptr && (*noted)[at]) data.effects[at] = table->FootnoteEffects(row, column);
      if (label || name) {
        const std::string& text = label ? row.label : row.name;
        data.values.push_back(Intern(strings_, text));
        data.written.push_back(text);
        data.spans.push_back(row.span);
        continue;
      }
      const tables::Value* cell = CellAt(row, column, hint);
      double value = 0;  // an absent optional cell, or n/a, reads as 0
      if (cell != nullptr && cell->kind == tables::Value::Kind::kText) {
        value = Intern(strings_, cell->text);
      } else if (cell != nullptr) {
        value = cell->number;
      }
      data.values.push_back(value);
      if (cell == nullptr) {
        data.written.emplace_back("(absent)");
      } else if (cell->text.empty()) {
        data.written.push_back(std::to_string(value));
      } else {
        data.written.push_back(cell->text);
      }
      data.spans.push_back(cell != nullptr ? cell->span : row.span);
    }
    program_.columns.push_back(std::move(data));
    return static_cast<int>(program_.columns.size() - 1);
  }

  int MapId(const std::string& table_name, const std::string& column) {
    for (size_t i = 0; i < program_.maps.size(); ++i) {
      if (program_.maps[i].table == table_name && program_.maps[i].column == column) return static_cast<int>(i);
    }
    MapData data;
    data.table = table_name;
    data.column = column;
    data.keyed_by = tables_.Find(table_name)->Column(column)->keyed_by;  // typed: a map column
    const tables::Table* keys = tables_.Find(data.keyed_by);
    data.key_names = keys->RowNames();
    data.keys = data.key_names.size();
    for (const tables::Row& row : tables_.Find(table_name)->rows) {
      data.rows.push_back(row.name);
      const tables::Value* map = row.Get(column);
      for (const std::string& key : data.key_names) {
        const tables::Value* cell = map != nullptr ? map->Entry(key) : nullptr;
        data.values.push_back(cell != nullptr ? cell->number : 0);
        data.written.push_back(cell != nullptr ? cell->text : "(absent)");
        data.spans.push_back(cell != nullptr ? cell->span : row.span);
      }
    }
    program_.maps.push_back(std::move(data));
    return static_cast<int>(program_.maps.size() - 1);
  }

  // Records where a bonus() call was written; gives its origin index.
  int32_t AddOrigin(const Expr& call) {
    ModifierOrigin origin;
    origin.span = call.span;
    if (call.operands.size() == 3 && call.operands[2]->kind == ExprKind::kText) {
      origin.source = call.operands[2]->text;
    }
    program_.origins.push_back(origin);
    return static_cast<int32_t>(program_.origins.size() - 1);
  }

  static bool IsBonusCall(const Expr& node) {
    return node.kind == ExprKind::kCall && node.binding.kind == BindingKind::kBuiltin && check::IsWord(node.text, "bonus");
  }

  // bonus(NUMBER, type): a bonus whose value is a constant (after folding).
  static bool IsConstBonus(const Expr& node) {
    return IsBonusCall(node) && node.operands[0]->kind == ExprKind::kNumber;
  }

  // A kBonusConst for an IsConstBonus call.
  Instr ConstBonus(const Expr& call) {
    static_assert(kMaxBonusTypes <= 256, "Instr::type is a byte");
    return Instr{.op = Op::kBonusConst,
                 .type = static_cast<uint8_t>(call.operands[1]->binding.index),
                 .a = AddOrigin(call),
                 .k = call.operands[0]->number};
  }

  // A condition `name.has(flag)` on a parameter or let, as a kJumpUnlessHas without its
  // target; nullopt when it is another condition.
  std::optional<Instr> HasTest(const Expr& condition) {
    if (condition.kind != ExprKind::kMember || condition.binding.kind != BindingKind::kMethod ||
        !check::IsWord(condition.text, "has") || condition.operands[0]->kind != ExprKind::kName) {
      return std::nullopt;
    }
    int slot = condition.operands[0]->binding.index;
    int flag = Intern(flags_, condition.operands[1]->text);  // as EmitMember would
    if (slot > std::numeric_limits<uint8_t>::max() || flag >= 64) return std::nullopt;
    return Instr{.op = Op::kJumpUnlessHas, .slot = static_cast<uint8_t>(slot), .flag = static_cast<uint8_t>(flag)};
  }

  // Jumps when `condition` is false; gives the jump to Patch.
  size_t EmitJumpUnless(const Expr& condition) {
    if (std::optional<Instr> test = HasTest(condition)) return Add(*test);
    Emit(condition);
    return Add(Op::kJumpIfFalse);
  }

  void EmitBonus(const Expr& call) {
    if (IsConstBonus(call)) {
      Add(ConstBonus(call));
      return;
    }
    Emit(*call.operands[0]);
    int32_t origin = AddOrigin(call);
    Add(Op::kBonus, call.operands[1]->binding.index, static_cast<double>(origin));
  }

  void EmitCall(const Expr& node) {
    if (node.binding.kind == BindingKind::kRule) {
      for (const auto& arg : node.operands) Emit(*arg);
      Add(Op::kCall, node.binding.index);
      depth_ += 1 - static_cast<int>(node.operands.size());
      return;
    }
    std::string_view name = node.text;
    if (IsBonusCall(node)) {
      Add(Op::kListBegin);
      EmitBonus(node);
      Add(Op::kListEnd);
      return;
    }
    if (check::IsWord(name, "total") && EmitTotalTable(*node.operands[0])) return;
    for (const auto& arg : node.operands) Emit(*arg);
    if (check::IsWord(name, "floor")) Add(Op::kFloor);
    if (check::IsWord(name, "ceil")) Add(Op::kCeil);
    if (check::IsWord(name, "round")) Add(Op::kRound);
    if (check::IsWord(name, "abs")) Add(Op::kAbs);
    if (check::IsWord(name, "min")) Add(Op::kMin, static_cast<int32_t>(node.operands.size()));
    if (check::IsWord(name, "max")) Add(Op::kMax, static_cast<int32_t>(node.operands.size()));
    if (check::IsWord(name, "total")) Add(Op::kTotal);
    // count(b) is b itself: conditions are 0 or 1.
  }

  void EmitMember(const Expr& node) {
    switch (node.binding.kind) {
      case BindingKind::kRowLiteral:
        Add(Op::kConst, 0, node.binding.index);
        return;
      case BindingKind::kColumn:
        Emit(*node.operands[0]);
        AddAt(node, Op::kColumn, ColumnId(node.binding.name, node.text));
        return;
      case BindingKind::kField:
        Emit(*node.operands[0]);
        Add(Op::kField, node.binding.index + kRecordHeader);
        return;
      default:  // methods
        if (check::IsWord(node.text, "any_condition")) return EmitAnyCondition(node);
        if (check::IsWord(node.text, "condition_bonuses")) return EmitConditionBonuses(node);
        Emit(*node.operands[0]);
        if (check::IsWord(node.text, "has")) {
          Add(Op::kHas, Intern(flags_, node.operands[1]->text));
        } else if (check::IsWord(node.text, "level")) {
          Add(Op::kLevel, Intern(level_classes_, node.operands[1]->text));
        } else {
          Add(Op::kBonuses, Intern(bonus_targets_, node.operands[1]->text));
        }
        return;
    }
  }

  // record.any_condition(column): has(row) for each row of `conditions` whose column is true,
  // the largest of them (0 without such rows).
  void EmitAnyCondition(const Expr& node) {
    const std::string& column = node.operands[1]->text;
    const tables::Table* table = tables_.Find("conditions");
    int id = ColumnId("conditions", column);
    int held = 0;
    size_t hint = 0;
    for (size_t row = 0; row < table->rows.size(); ++row) {
      const tables::Value* cell = CellAt(table->rows[row], column, hint);
      if (cell == nullptr || !cell->AsBool()) continue;
      Emit(*node.operands[0]);
      int flag = Intern(flags_, table->rows[row].name);
      Instr test{.op = Op::kHasRow, .flag = static_cast<uint8_t>(std::min(flag, 255)), .a = id,
                 .k = static_cast<double>(row)};
      Add(test);
      held += 1;
    }
    if (held == 0) {
      Add(Op::kConst, 0, 0);
    } else if (held > 1) {
      Add(Op::kMax, held);
    }
  }

  // A condition row's own `bonus_type` (a column a ruleset may declare on `conditions`: shaken
  // and frightened are one fear), else `type`.
  int32_t RowBonusType(const tables::Row& condition, int32_t type) {
    const tables::Value* own = condition.Get("bonus_type");
    if (own == nullptr) return type;
    for (size_t i = 0; i < program_.bonus_types.size(); ++i) {
      if (program_.bonus_types[i].name == own->text) return static_cast<int32_t>(i);
    }
    return type;  // not a bonus type: reported by CheckConditionBonuses
  }

  // record.condition_bonuses(column, type): a list holding, for each row of `conditions` the
  // creature has whose `column` is not 0 or has a footnote for it, the bonus(row.column, type,
  // "row label"); the row's has() test and its cell are traced, so `explain` names the row.
  void EmitConditionBonuses(const Expr& node) {
    const std::string& column = node.operands[1]->text;
    const tables::Table* table = tables_.Find("conditions");
    int id = ColumnId("conditions", column);
    auto data = [&]() -> const ColumnData& { return program_.columns[static_cast<size_t>(id)]; };  // Emit may add columns
    Add(Op::kListBegin);
    for (size_t row = 0; row < table->rows.size(); ++row) {
      if (data().values[row] == 0 && data().EffectsOf(row).empty()) continue;
      const tables::Row& condition = table->rows[row];
      Emit(*node.operands[0]);
      Add(Op::kHas, Intern(flags_, condition.name));
      size_t skip = Add(Op::kJumpIfFalse);
      Add(Op::kConst, 0, static_cast<double>(row));
      Add(Op::kColumn, id);
      ModifierOrigin origin;
      origin.source = condition.label.empty() ? condition.name : condition.label;
      origin.span = data().spans[row];
      program_.origins.push_back(origin);
      Add(Op::kBonus, RowBonusType(condition, node.operands[2]->binding.index),
          static_cast<double>(program_.origins.size() - 1));
      Patch(skip);
    }
    Add(Op::kListEnd);
  }

  void EmitBinary(const Expr& node) {
    std::string_view op = node.text;
    if (check::IsWord(op, "and") || check::IsWord(op, "or")) {
      Emit(*node.operands[0]);
      size_t jump = Add(check::IsWord(op, "and") ? Op::kJumpIfFalseKeep : Op::kJumpIfTrueKeep);
      depth_ -= 1;  // on the fall-through path the value was popped
      Emit(*node.operands[1]);
      Patch(jump);
      return;
    }
    Emit(*node.operands[0]);
    Emit(*node.operands[1]);
    if (node.operands[0]->type.kind == ast::TypeKind::kModifiers) {
      Add(Op::kConcat);
      return;
    }
    std::optional<Op> code = ArithmeticOp(op);
    if (!code) return;
    if (*code == Op::kDiv || *code == Op::kMod) {
      AddAt(node, *code);
    } else {
      Add(*code);
    }
  }

  // The instruction of an arithmetic or comparison operator, or nullopt.
  static std::optional<Op> ArithmeticOp(std::string_view op) {
    if (op.size() == 1) {
      switch (op[0]) {
        case '+': return Op::kAdd;
        case '-': return Op::kSub;
        case '*': return Op::kMul;
        case '/': return Op::kDiv;
        case '%': return Op::kMod;
        case '^': return Op::kPow;
        case '<': return Op::kLt;
        case '>': return Op::kGt;
        default: return std::nullopt;
      }
    }
    if (op.size() == 2 && op[1] == '=') {
      switch (op[0]) {
        case '=': return Op::kEq;
        case '!': return Op::kNe;
        case '<': return Op::kLe;
        case '>': return Op::kGe;
        default: return std::nullopt;
      }
    }
    return std::nullopt;
  }

  void EmitList(const Expr& node) {
    Add(Op::kListBegin);
    // Neighbouring table entries run as one kBonusTable; a lone one is lowered on its own.
    std::vector<size_t> run;
    auto flush = [&] {
      if (run.size() == 1) EmitEntry(*node.operands[run[0]], node.conditions[run[0]].get());
      if (run.size() > 1) Add(Op::kBonusTable, BonusTableOf(node, run));
      run.clear();
    };
    for (size_t i = 0; i < node.operands.size(); ++i) {
      if (TableEntry(*node.operands[i], node.conditions[i].get())) {
        run.push_back(i);
        continue;
      }
      flush();
      EmitEntry(*node.operands[i], node.conditions[i].get());
    }
    flush();
    Add(Op::kListEnd);
  }

  // total(list): one kTotalTable when every entry of a list literal is a table entry.
  bool EmitTotalTable(const Expr& list) {
    if (list.kind != ExprKind::kList || list.operands.empty()) return false;
    std::vector<size_t> all;
    for (size_t i = 0; i < list.operands.size(); ++i) {
      if (!TableEntry(*list.operands[i], list.conditions[i].get())) return false;
      all.push_back(i);
    }
    Add(Op::kTotalTable, BonusTableOf(list, all));
    return true;
  }

  // A list entry a BonusTable can hold: `bonus(NUMBER, type)`, unconditional or under a
  // condition TableTerms accepts. Interns the condition's flags as lowering it would.
  std::optional<TableBonus> TableEntry(const Expr& entry, const Expr* condition) {
    if (!IsConstBonus(entry)) return std::nullopt;
    TableBonus bonus;
    bonus.value = entry.operands[0]->number;
    bonus.type = entry.operands[1]->binding.index;
    int fields = 0;
    if (condition != nullptr && !TableTerms(*condition, bonus, fields)) return std::nullopt;
    return bonus;
  }

  // Adds the terms of `condition` to `bonus`: `name.has(flag)` (all on one record, bits < 64),
  // `name.field` (at most TableBonus::kMaxFields), and `and` of them; false for anything else.
  bool TableTerms(const Expr& condition, TableBonus& bonus, int& fields) {
    if (condition.kind == ExprKind::kBinary && check::IsWord(condition.text, "and")) {
      return TableTerms(*condition.operands[0], bonus, fields) && TableTerms(*condition.operands[1], bonus, fields);
    }
    if (condition.kind != ExprKind::kMember || condition.operands.empty() ||
        condition.operands[0]->kind != ExprKind::kName) {
      return false;
    }
    int slot = condition.operands[0]->binding.index;
    if (slot < 0 || slot > std::numeric_limits<uint8_t>::max()) return false;
    if (condition.binding.kind == BindingKind::kMethod && check::IsWord(condition.text, "has")) {
      int flag = Intern(flags_, condition.operands[1]->text);  // as EmitMember would
      if (flag >= 64 || (bonus.flags != 0 && bonus.slot != slot)) return false;
      bonus.slot = static_cast<uint8_t>(slot);
      bonus.flags |= uint64_t{1} << flag;
      return true;
    }
    if (condition.binding.kind == BindingKind::kField) {
      int index = condition.binding.index + kRecordHeader;
      if (fields == TableBonus::kMaxFields || index < 0 || index > std::numeric_limits<int16_t>::max()) return false;
      bonus.field[fields] = static_cast<int16_t>(index);
      bonus.field_slot[fields] = static_cast<uint8_t>(slot);
      ++fields;
      return true;
    }
    return false;
  }

  // The BonusTable of the entries `at` of list literal `list` (all TableEntry ones); records
  // their origins in list order, as lowering them one by one would. Gives its index.
  int32_t BonusTableOf(const Expr& list, const std::vector<size_t>& at) {
    BonusTable table;
    for (size_t i : at) {
      TableBonus bonus = *TableEntry(*list.operands[i], list.conditions[i].get());
      bonus.origin = AddOrigin(*list.operands[i]);
      table.entries.push_back(bonus);
    }
    // How Total stacks each entry (eval/machine.cc): by its value's sign and type's policy.
    std::vector<int32_t> kept;
    for (uint32_t i = 0; i < table.entries.size(); ++i) {
      const TableBonus& bonus = table.entries[i];
      const BonusPolicy& policy = program_.bonus_types[static_cast<size_t>(bonus.type)];
      if (bonus.value >= 0 && policy.bonuses == BonusPolicy::Bonuses::kHighest) {
        table.highest.push_back(i);
        kept.push_back(bonus.type);
      } else if (bonus.value >= 0 && policy.bonuses == BonusPolicy::Bonuses::kHighestPerSource) {
        table.direct = false;
      } else if (bonus.value < 0 && policy.penalties == BonusPolicy::Penalties::kLowest) {
        table.lowest.push_back(i);
        kept.push_back(bonus.type);
      } else {
        table.stacked.push_back(i);
      }
    }
    std::sort(kept.begin(), kept.end());
    kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
    table.kept_types = kept;
    for (uint32_t i : table.highest) table.entries[i].kept = KeptIndex(kept, table.entries[i].type);
    for (uint32_t i : table.lowest) table.entries[i].kept = KeptIndex(kept, table.entries[i].type);
    GroupByType(table.entries, table.highest, table.highest_ends);
    GroupByType(table.entries, table.lowest, table.lowest_ends);
    // Whole values of at most 2^31, fewer than 2^20 of them: every sum stays below 2^51.
    constexpr double kWholeLimit = 0x1p31;
    table.whole = table.entries.size() < (size_t{1} << 20);
    for (TableBonus& bonus : table.entries) {
      bool whole = std::abs(bonus.value) <= kWholeLimit && bonus.value == std::trunc(bonus.value);
      table.whole = table.whole && whole;
      bonus.whole = whole ? static_cast<int64_t>(bonus.value) : 0;
    }
    if (table.whole) {
      for (const std::vector<uint32_t>* part : {&table.stacked, &table.highest, &table.lowest}) {
        for (uint32_t i : *part) table.summed.push_back(table.entries[i]);
      }
    }
    program_.bonus_tables.push_back(std::move(table));
    return static_cast<int32_t>(program_.bonus_tables.size() - 1);
  }

  // Orders `indices` by their entries' types, list order within a type; `ends` gets where
  // each type's run ends.
  static void GroupByType(const std::vector<TableBonus>& entries, std::vector<uint32_t>& indices,
                          std::vector<uint32_t>& ends) {
    std::stable_sort(indices.begin(), indices.end(),
                     [&](uint32_t a, uint32_t b) { return entries[a].type < entries[b].type; });
    for (size_t i = 0; i < indices.size(); ++i) {
      if (i + 1 == indices.size() || entries[indices[i + 1]].type != entries[indices[i]].type) {
        ends.push_back(static_cast<uint32_t>(i + 1));
      }
    }
  }

  static uint8_t KeptIndex(const std::vector<int32_t>& kept, int32_t type) {
    static_assert(kMaxBonusTypes <= 256, "TableBonus::kept is a byte");
    return static_cast<uint8_t>(std::lower_bound(kept.begin(), kept.end(), type) - kept.begin());
  }

  // One list entry, appended when its condition (if any) holds.
  void EmitEntry(const Expr& entry, const Expr* condition) {
    std::optional<Instr> test = condition != nullptr && IsConstBonus(entry) ? HasTest(*condition) : std::nullopt;
    if (test) {
      Instr fused = ConstBonus(entry);
      fused.op = Op::kBonusIfHas;
      fused.slot = test->slot;
      fused.flag = test->flag;
      Add(fused);
      return;
    }
    size_t skip = condition != nullptr ? EmitJumpUnless(*condition) : 0;
    if (IsBonusCall(entry)) {
      EmitBonus(entry);
    } else {
      Emit(entry);
      Add(Op::kSplice);
    }
    if (condition != nullptr) Patch(skip);
  }

  void Emit(const Expr& node) {
    switch (node.kind) {
      case ExprKind::kNumber: Add(Op::kConst, 0, node.number); return;
      case ExprKind::kBool: Add(Op::kConst, 0, node.boolean ? 1 : 0); return;
      case ExprKind::kText: Add(Op::kConst, 0, Intern(strings_, node.text)); return;
      case ExprKind::kName: Add(Op::kLoad, node.binding.index); return;
      case ExprKind::kCall: EmitCall(node); return;
      case ExprKind::kMember: EmitMember(node); return;
      case ExprKind::kIndex: {
        const Expr& member = *node.operands[0];
        Emit(*member.operands[0]);
        Emit(*node.operands[1]);
        AddAt(node, Op::kMapCell, MapId(member.binding.name, member.text));
        return;
      }
      case ExprKind::kUnary:
        Emit(*node.operands[0]);
        if (!check::IsWord(node.text, "+")) Add(check::IsWord(node.text, "not") ? Op::kNot : Op::kNeg);
        return;
      case ExprKind::kBinary: EmitBinary(node); return;
      case ExprKind::kIf: {
        size_t to_else = EmitJumpUnless(*node.operands[0]);
        Emit(*node.operands[1]);
        size_t to_end = Add(Op::kJump);
        depth_ -= 1;  // the else branch starts from the same depth as the then branch
        Patch(to_else);
        Emit(*node.operands[2]);
        Patch(to_end);
        return;
      }
      case ExprKind::kLet:
        Emit(*node.operands[0]);
        Add(Op::kStore, node.binding.index);
        Emit(*node.operands[1]);
        return;
      case ExprKind::kList: EmitList(node); return;
    }
  }

  check::PassContext& context_;
  Program& program_;
  std::vector<Instr> code_;  // the code of the rule being lowered: its first code_size_
  size_t code_size_ = 0;
  std::vector<std::pair<uint32_t, SourceSpan>> places_;  // its places (CompiledRule::places)
  int depth_ = 0;
  int max_stack_ = 0;  // the deepest depth_ of the rule being lowered
  std::vector<std::pair<const tables::Table*, std::vector<bool>>> noted_rows_;  // NotedRows
  Interned strings_, flags_, level_classes_, bonus_targets_;  // program_'s lists, indexed
  check::TableIndex tables_;  // context_.tables by name
  check::NameIndex columns_;  // program_.columns by ColumnKey
  std::vector<std::pair<const tables::Table*, RowNames>> row_names_;  // NamesOf
};

}  // namespace

Program Lower(check::PassContext& context) {
  Program program;
  Lowerer(context, program).Run();
  return program;
}

}  // namespace rulecraft::compile
