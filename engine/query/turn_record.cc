#include "query/turn_record.h"

#include "dsl/check/environment.h"

namespace rulecraft::query {
namespace {

size_t FieldSlot(std::string_view field) {
  return compile::kRecordHeader + static_cast<size_t>(check::FindRecordKind("turn")->FieldIndex(field));
}

}  // namespace

ActionRow ReadActionRow(const tables::Table& table, const tables::Row& row) {
  ActionRow action;
  action.row = &row;
  action.index = table.IndexOf(row.name);
  action.name = row.name;
  auto text = [&](const char* column) {
    const tables::Value* cell = row.Get(column);
    return cell != nullptr ? cell->text : std::string();
  };
  auto flag = [&](const char* column) {
    const tables::Value* cell = row.Get(column);
    return cell != nullptr && cell->AsBool();
  };
  action.spends = text("spends");
  action.times = row.Number("times", 1);
  action.moves = flag("moves");
  action.attack = flag("attack");
  action.provokes = flag("provokes");
  action.stand_up = flag("stand_up");
  action.auto_critical = flag("auto_critical");
  action.mode = text("mode");
  action.gives = text("gives");
  action.ends = text("ends");
  action.failed_save_gives = text("failed_save_gives");
  return action;
}

TurnRecord::TurnRecord() : slots(compile::kRecordHeader + check::FindRecordKind("turn")->fields.size()) {}

void TurnRecord::Apply(const compile::Program& program, const ActionRow& action, double moved_ft) {
  const check::RecordKind* kind = check::FindRecordKind("turn");
  int field = kind->FieldIndex(action.spends);
  if (field >= 0) {
    eval::Slot& slot = slots[compile::kRecordHeader + static_cast<size_t>(field)];
    if (kind->fields[static_cast<size_t>(field)].type == ast::Type::Bool()) {
      slot.number = 1;
    } else {
      slot.number += action.times;
    }
  }
  for (const std::string& name : {action.name, action.spends}) {
    int bit = program.FlagBit(name);
    if (bit >= 0) slots[0].bits |= uint64_t{1} << bit;
  }
  if (action.moves) {
    slots[FieldSlot("moved")].number = 1;
    AddMovedFt(moved_ft);
  }
}

void TurnRecord::AddMovedFt(double feet) { slots[FieldSlot("moved_ft")].number += feet; }

double TurnRecord::moved_ft() const { return slots[FieldSlot("moved_ft")].number; }

}  // namespace rulecraft::query
