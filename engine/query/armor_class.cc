#include "query/armor_class.h"

#include <array>

#include "query/answer.h"

namespace rulecraft::query {

std::optional<ArmorClass> ComputeArmorClass(const AnswerContext& context, eval::Machine& machine,
                                            const eval::Slot* defender, const eval::Slot* attack) {
  const compile::Program& program = *context.rules.program;
  int total_rule = program.FindRule("armor_class");
  if (total_rule < 0) return std::nullopt;
  ArmorClass armor_class;
  std::array<eval::Slot, 3> args{};
  args[0].record = defender;
  args[1].record = attack;
  armor_class.total = machine.Call(total_rule, {args.data(), 2}).number;
  int part_rule = program.FindRule("ac_part");
  const tables::Table* parts = context.rules.tables.Find("ac_parts");
  if (part_rule < 0 || parts == nullptr) return armor_class;
  for (size_t row = 0; row < parts->rows.size(); ++row) {
    args[2].number = static_cast<double>(row);
    double value = machine.Call(part_rule, {args.data(), 3}).number;
    armor_class.parts[parts->rows[row].name] = {{"value", Number(value)}, {"label", parts->rows[row].label}};
  }
  return armor_class;
}

}  // namespace rulecraft::query
