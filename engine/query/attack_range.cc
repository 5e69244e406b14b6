#include "query/attack_range.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "model/weapon_reader.h"
#include "query/attack_record.h"

namespace rulecraft::query {

combat::Gap NearestGap(const model::Area& attacker, const model::Area& defender) {
  combat::Gap nearest = combat::GapTo(attacker, defender.at);
  auto key = [](combat::Gap gap) { return std::pair{std::max(gap.dx, gap.dy), std::min(gap.dx, gap.dy)}; };
  for (int32_t j = 0; j < defender.height; ++j) {
    for (int32_t i = 0; i < defender.width; ++i) {
      combat::Gap gap = combat::GapTo(attacker, {defender.at.x + i, defender.at.y + j});
      if (key(gap) < key(nearest)) nearest = gap;
    }
  }
  return nearest;
}

std::optional<model::Weapon> NamedWeapon(const AnswerContext& context, const model::Creature& attacker,
                                         const model::Query& query, std::string& error) {
  if (!query.params.contains("weapon")) return std::nullopt;
  const nlohmann::json& param = query.params["weapon"];
  std::string name = param.is_string() ? param.get<std::string>() : param.is_object() ? param.value("name", "") : "";
  if (name.empty()) return std::nullopt;
  for (const model::Weapon& weapon : attacker.weapons) {
    if (weapon.name == name) return weapon;
  }
  if (std::optional<model::Weapon> row = model::WeaponFromTable(context.rules, name)) return row;
  error = fmt::format("creature '{}' carries no weapon '{}', and the ruleset's table 'weapons' has no such row",
                      attacker.id, name);
  return std::nullopt;
}

double FillRangeFields(const AnswerContext& context, const model::Creature& attacker,
                       const model::Creature& defender, const std::optional<model::Weapon>& weapon,
                       eval::Slot* attack) {
  double distance = 0;
  const compile::Program& program = *context.rules.program;
  if (int gap_rule = program.FindRule("gap_distance"); gap_rule >= 0) {
    combat::Gap gap = NearestGap(attacker.Occupied(), defender.Occupied());
    eval::Machine machine(program);
    eval::Slot args[2];
    args[0].number = gap.dx;
    args[1].number = gap.dy;
    distance = machine.Call(gap_rule, args).number;
  }
  attack[kAttackDistanceSlot].number = distance;
  attack[kAttackWeaponNamedSlot].number = weapon ? 1 : 0;
  attack[kAttackThrownSlot].number = weapon && weapon->kind == "thrown" ? 1 : 0;
  attack[kAttackRangeIncrementSlot].number = weapon ? weapon->range_increment_ft : 0;
  attack[kAttackNormalRangeSlot].number = weapon ? weapon->normal_range_ft : 0;
  attack[kAttackLongRangeSlot].number = weapon ? weapon->long_range_ft : 0;
  // The weapon's properties hold for the attack as its conditions do: attack.has(usable_prone).
  for (const std::string& property : weapon ? weapon->properties : std::vector<std::string>{}) {
    if (int bit = program.FlagBit(property); bit >= 0) attack[0].bits |= uint64_t{1} << bit;
  }
  return distance;
}

}  // namespace rulecraft::query
