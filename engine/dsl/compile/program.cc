#include "dsl/compile/program.h"

#include <fmt/format.h>

namespace rulecraft::compile {
namespace {

template <typename T>
int IndexIn(const std::vector<T>& items, std::string_view name) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i] == name) return static_cast<int>(i);
  }
  return -1;
}

const char* OpName(Op op) {
  switch (op) {
    case Op::kConst: return "const";
    case Op::kLoad: return "load";
    case Op::kStore: return "store";
    case Op::kField: return "field";
    case Op::kHas: return "has";
    case Op::kHasRow: return "has_row";
    case Op::kColumn: return "column";
    case Op::kMapCell: return "map_cell";
    case Op::kAdd: return "add";
    case Op::kSub: return "sub";
    case Op::kMul: return "mul";
    case Op::kDiv: return "div";
    case Op::kMod: return "mod";
    case Op::kPow: return "pow";
    case Op::kNeg: return "neg";
    case Op::kNot: return "not";
    case Op::kEq: return "eq";
    case Op::kNe: return "ne";
    case Op::kLt: return "lt";
    case Op::kLe: return "le";
    case Op::kGt: return "gt";
    case Op::kGe: return "ge";
    case Op::kJump: return "jump";
    case Op::kJumpIfFalse: return "jump_if_false";
    case Op::kJumpIfFalseKeep: return "jump_if_false_keep";
    case Op::kJumpIfTrueKeep: return "jump_if_true_keep";
    case Op::kCall: return "call";
    case Op::kReturn: return "return";
    case Op::kFloor: return "floor";
    case Op::kCeil: return "ceil";
    case Op::kRound: return "round";
    case Op::kAbs: return "abs";
    case Op::kMin: return "min";
    case Op::kMax: return "max";
    case Op::kListBegin: return "list_begin";
    case Op::kBonus: return "bonus";
    case Op::kSplice: return "splice";
    case Op::kListEnd: return "list_end";
    case Op::kConcat: return "concat";
    case Op::kBonuses: return "bonuses";
    case Op::kTotal: return "total";
    case Op::kLevel: return "level";
    case Op::kJumpUnlessHas: return "jump_unless_has";
    case Op::kBonusConst: return "bonus_const";
    case Op::kBonusIfHas: return "bonus_if_has";
    case Op::kBonusTable: return "bonus_table";
    case Op::kTotalTable: return "total_table";
  }
  return "?";
}

// The test of a fused has() instruction: "slot 0 has bless".
std::string HasTest(const Program& program, const Instr& instr) {
  return fmt::format("slot {} has {}", instr.slot, program.flags[instr.flag]);
}

// The modifier of a fused bonus instruction: "1 morale".
std::string ConstBonus(const Program& program, const Instr& instr) {
  return fmt::format("{} {}", instr.k, program.bonus_types[instr.type].name);
}

// A bonus table's entries: "1 morale if slot 0 has bless; 2 untyped if slot 0 has flanking and
// slot 0 #2".
std::string TableEntries(const Program& program, const BonusTable& table) {
  std::string out;
  for (const TableBonus& entry : table.entries) {
    if (!out.empty()) out += "; ";
    out += fmt::format("{} {}", entry.value, program.bonus_types[static_cast<size_t>(entry.type)].name);
    const char* joint = " if ";
    for (size_t bit = 0; bit < 64; ++bit) {
      if (((entry.flags >> bit) & 1u) == 0) continue;
      out += fmt::format("{}slot {} has {}", joint, entry.slot, program.flags[bit]);
      joint = " and ";
    }
    for (int i = 0; i < TableBonus::kMaxFields; ++i) {
      if (entry.field[i] < 0) continue;
      out += fmt::format("{}slot {} #{}", joint, entry.field_slot[i], entry.field[i]);
      joint = " and ";
    }
  }
  return out;
}

// The operand of an instruction, spelled out where it is a name.
std::string Operand(const Program& program, const Instr& instr) {
  switch (instr.op) {
    case Op::kJumpUnlessHas: return fmt::format("{} -> {}", HasTest(program, instr), instr.a);
    case Op::kBonusConst: return ConstBonus(program, instr);
    case Op::kBonusIfHas: return ConstBonus(program, instr) + " if " + HasTest(program, instr);
    case Op::kBonusTable:
    case Op::kTotalTable:
      return TableEntries(program, program.bonus_tables[static_cast<size_t>(instr.a)]);
    case Op::kConst: return fmt::format("{}", instr.k);
    case Op::kLoad:
    case Op::kStore: return fmt::format("slot {}", instr.a);
    case Op::kField: return fmt::format("#{}", instr.a);
    case Op::kHas: return program.flags[static_cast<size_t>(instr.a)];
    case Op::kHasRow: return program.flags[instr.flag];
    case Op::kColumn: {
      const ColumnData& column = program.columns[static_cast<size_t>(instr.a)];
      return column.table + "." + column.column;
    }
    case Op::kMapCell: {
      const MapData& map = program.maps[static_cast<size_t>(instr.a)];
      return map.table + "." + map.column + "[" + map.keyed_by + "]";
    }
    case Op::kJump:
    case Op::kJumpIfFalse:
    case Op::kJumpIfFalseKeep:
    case Op::kJumpIfTrueKeep: return fmt::format("-> {}", instr.a);
    case Op::kCall: return program.rules[static_cast<size_t>(instr.a)].name;
    case Op::kMin:
    case Op::kMax: return fmt::format("{} values", instr.a);
    case Op::kBonus: return program.bonus_types[static_cast<size_t>(instr.a)].name;
    case Op::kBonuses: return program.bonus_targets[static_cast<size_t>(instr.a)];
    case Op::kLevel: return program.level_classes[static_cast<size_t>(instr.a)];
    default: return "";
  }
}

}  // namespace

void CellSpans::push_back(const SourceSpan& span) {
  // Called for every cell of every column the rules read: the usual case (the latest file, room
  // reserved) stays a few instructions, the rest is out of line.
  auto append_slowly = [this, &span]() __attribute__((noinline)) {
    size_t file = files_.size();
    while (file > 0 && files_[file - 1] != span.file) --file;  // the latest file is the likeliest
    if (file == 0) {
      files_.push_back(span.file);
      file = files_.size();
    }
    cells_.push_back({static_cast<uint32_t>(file - 1), span.begin, span.end});
  };
  if (files_.empty() || files_.back() != span.file || cells_.size() == cells_.capacity()) return append_slowly();
  cells_.push_back({static_cast<uint32_t>(files_.size() - 1), span.begin, span.end});
}

const std::vector<std::string>& ColumnData::EffectsOf(size_t row) const {
  static const std::vector<std::string> kNone;
  return row < effects.size() ? effects[row] : kNone;
}

SourceSpan CellSpans::operator[](size_t i) const {
  const Cell& cell = cells_[i];
  return {files_[cell.file], cell.begin, cell.end};
}

const SourceSpan& CompiledRule::PlaceOf(size_t pc) const {
  for (const auto& [at, place] : places) {
    if (at == pc) return place;
  }
  return span;
}

int Program::FindRule(std::string_view name) const {
  for (size_t i = 0; i < rules.size(); ++i) {
    if (rules[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

int Program::FlagBit(std::string_view name) const { return IndexIn(flags, name); }
int Program::BonusTarget(std::string_view name) const { return IndexIn(bonus_targets, name); }
int Program::LevelClass(std::string_view name) const { return IndexIn(level_classes, name); }

int Program::BonusType(std::string_view name) const {
  for (size_t i = 0; i < bonus_types.size(); ++i) {
    if (bonus_types[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

std::string PrintProgram(const Program& program) {
  std::string out;
  for (const CompiledRule& rule : program.rules) {
    out += fmt::format("rule {} (params {}, frame {}, stack {}) -> {}\n", rule.name, rule.params,
                       rule.frame, rule.max_stack, ast::TypeName(rule.result));
    for (size_t pc = 0; pc < rule.code.size(); ++pc) {
      const Instr& instr = rule.code[pc];
      std::string operand = Operand(program, instr);
      out += fmt::format("  {:>3}  {}{}{}\n", pc, OpName(instr.op), operand.empty() ? "" : " ", operand);
    }
  }
  return out;
}

}  // namespace rulecraft::compile
