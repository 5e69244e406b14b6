#include "query/records.h"

#include <algorithm>
#include <cstring>

namespace rulecraft::query {

void BuildCreatureRecord(const model::Creature& creature, const ruleset::Ruleset& rules,
                         CreatureRecord& record, const std::string& moving) {
  const compile::Program& program = *rules.program;
  uint64_t flags = 0;
  creature.ForEachFlagName([&](const std::string& name) {
    int bit = program.FlagBit(name);
    if (bit >= 0) flags |= uint64_t{1} << bit;
  });
  record.bonuses.entries.clear();
  record.bonuses.sources.clear();
  for (const model::ScenarioBonus& bonus : creature.bonuses) {
    int target = program.BonusTarget(bonus.target);
    int type = program.BonusType(bonus.type);
    if (target < 0 || type < 0) continue;  // no rule reads this target
    // Bonuses naming the same source share an origin, so per-source stacking sees them as one.
    std::string source = bonus.source.empty() ? bonus.type + " bonus" : bonus.source;
    auto& sources = record.bonuses.sources;
    auto known = std::find(sources.begin(), sources.end(), source);
    if (known == sources.end()) known = sources.insert(sources.end(), source);
    int32_t origin = -1 - static_cast<int32_t>(known - sources.begin());
    record.bonuses.entries.push_back({target, {bonus.value, type, origin}});
  }
  auto row = [&](const char* table, const std::string& name) {
    int index = rules.Table(table).IndexOf(name);
    return static_cast<double>(index < 0 ? 0 : index);
  };
  auto& slots = record.slots;
  slots[0].bits = flags;
  slots[1].pointer = &record.bonuses;
  auto land = creature.speeds_ft.find("land");
  int field = compile::kRecordHeader;
  slots[static_cast<size_t>(field++)].number = row("sizes", creature.size);
  slots[static_cast<size_t>(field++)].number = row("speeds", creature.race);
  slots[static_cast<size_t>(field++)].number = row("armor", creature.armor);
  slots[static_cast<size_t>(field++)].number = creature.race.empty() ? 0 : 1;
  slots[static_cast<size_t>(field++)].number = land != creature.speeds_ft.end() ? land->second : 0;
  slots[static_cast<size_t>(field++)].number = land != creature.speeds_ft.end() ? 1 : 0;
  slots[static_cast<size_t>(field++)].number = creature.shape == "long" ? 1 : 0;
  slots[static_cast<size_t>(field++)].number = row("speed_kinds", moving);
  for (const char* kind : {"fly", "swim", "climb", "burrow"}) {
    auto given = creature.speeds_ft.find(kind);
    slots[static_cast<size_t>(field++)].number = given != creature.speeds_ft.end() ? given->second : 0;
  }
  slots[static_cast<size_t>(field++)].number =
      row("maneuverability", creature.maneuverability.empty() ? "average" : creature.maneuverability);
  slots[static_cast<size_t>(field++)].number = creature.squeezed_width > 0 ? 1 : 0;
  for (double score : creature.abilities) slots[static_cast<size_t>(field++)].number = score;
  const model::ArmorClassParts& ac = creature.ac;
  for (double part : {ac.armor, ac.kinetic_armor, ac.shield, ac.natural, ac.deflection, ac.dodge, ac.misc}) {
    slots[static_cast<size_t>(field++)].number = part;
  }
  slots[static_cast<size_t>(field++)].number = ac.max_dex.value_or(0);
  slots[static_cast<size_t>(field++)].number = ac.max_dex ? 1 : 0;
  slots[static_cast<size_t>(field++)].number = row("loads", creature.load);
  slots[static_cast<size_t>(field++)].number = creature.cr;
  record.bonuses.levels.clear();
  for (const auto& [name, level] : creature.levels) {
    int id = program.LevelClass(name);
    if (id >= 0) record.bonuses.levels.push_back({id, static_cast<double>(level)});
  }
}

std::vector<uint64_t> RecordKey(const CreatureRecord& record) {
  std::vector<uint64_t> key;
  const eval::HostBonuses& bonuses = record.bonuses;
  key.reserve(record.slots.size() + 2 + 3 * bonuses.entries.size() + 2 * bonuses.levels.size());
  for (size_t slot = 0; slot < record.slots.size(); ++slot) {
    if (slot != 1) key.push_back(record.slots[slot].bits);  // slot 1 points at `bonuses`, below
  }
  auto bits = [](double value) {
    uint64_t out = 0;
    std::memcpy(&out, &value, sizeof out);
    return out;
  };
  key.push_back(bonuses.entries.size());
  for (const auto& entry : bonuses.entries) {
    key.insert(key.end(), {static_cast<uint64_t>(static_cast<uint32_t>(entry.target)), bits(entry.modifier.value),
                           static_cast<uint64_t>(static_cast<uint32_t>(entry.modifier.type)) << 32 |
                               static_cast<uint32_t>(entry.modifier.origin)});
  }
  key.push_back(bonuses.levels.size());
  for (const auto& [id, level] : bonuses.levels) key.insert(key.end(), {static_cast<uint64_t>(static_cast<uint32_t>(id)), bits(level)});
  return key;
}

std::vector<const hooks::Script*> ScriptsOf(const model::Creature& creature) {
  std::vector<const hooks::Script*> scripts;
  for (const auto& script : creature.scripts) scripts.push_back(script.get());
  return scripts;
}

}  // namespace rulecraft::query
