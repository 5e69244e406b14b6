#include "model/numbers_reader.h"

#include <cmath>
#include <set>

#include <fmt/format.h>

#include "base/limits.h"
#include "base/suggest.h"
#include "model/unknown_row.h"
#include "tables/yaml_file.h"

namespace rulecraft::model {
namespace {

// A whole number from `low` to limits::kMaxCreatureNumber, or an error naming what was expected.
// `noun` ("skill ") comes before the quoted `what` in the error.
std::optional<double> ReadBounded(const SourceFile& file, const YAML::Node& node, std::string_view what,
                                  double low, Diagnostics& diagnostics, std::string_view noun = {}) {
  std::optional<double> value;
  if (node.IsScalar()) value = yaml::ParseNumber(node.Scalar());
  double high = limits::kMaxCreatureNumber;
  if (!value || !(*value >= low && *value <= high) || std::floor(*value) != *value) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a whole number from {} to {} (limits::kMaxCreatureNumber) for {}'{}', found {}",
                                  low, high, noun, what, yaml::Describe(node)));
    return std::nullopt;
  }
  return value;
}

// `abilities: { str: 14, dex: 16 }`: scores, each 0 or more (a score of 0 is the SRD's helpless Dex).
void ReadAbilities(const SourceFile& file, const YAML::Node& node, Creature& creature, Diagnostics& diagnostics) {
  yaml::MapReader reader(file, node, "abilities", diagnostics);
  if (!reader.ok()) return;
  for (size_t i = 0; i < 6; ++i) {
    YAML::Node value = reader.Optional(kAbilityNames[i]);
    if (!value.IsDefined()) continue;
    if (auto score = ReadBounded(file, value, kAbilityNames[i], 0, diagnostics)) creature.abilities[i] = *score;
  }
  reader.RejectUnknown();
}

// `ac: { armor: 4, shield: 1, natural: 2, deflection: 1, dodge: 1, misc: 0, max_dex: 4 }`.
void ReadArmorClass(const SourceFile& file, const YAML::Node& node, Creature& creature, Diagnostics& diagnostics) {
  yaml::MapReader reader(file, node, "ac", diagnostics);
  if (!reader.ok()) return;
  ArmorClassParts& ac = creature.ac;
  const std::pair<const char*, double*> parts[] = {{"armor", &ac.armor},       {"kinetic_armor", &ac.kinetic_armor},
                                                  {"shield", &ac.shield},     {"natural", &ac.natural},
                                                  {"deflection", &ac.deflection}, {"dodge", &ac.dodge},
                                                  {"misc", &ac.misc}};
  double limit = limits::kMaxCreatureNumber;
  bool kinetic_given = false;  // else Starfinder's KAC bonus is the armor's
  for (const auto& [key, target] : parts) {
    YAML::Node value = reader.Optional(key);
    if (!value.IsDefined()) continue;
    if (auto bonus = ReadBounded(file, value, key, -limit, diagnostics)) {
      *target = *bonus;
      if (target == &ac.kinetic_armor) kinetic_given = true;
    }
  }
  if (!kinetic_given) ac.kinetic_armor = ac.armor;
  if (YAML::Node value = reader.Optional("max_dex"); value.IsDefined()) {
    if (auto cap = ReadBounded(file, value, "max_dex", 0, diagnostics)) ac.max_dex = *cap;
  }
  reader.RejectUnknown();
}

// `levels: { monk: 5, barbarian: 2 }`: each key a row of the ruleset's `classes` table.
void ReadLevels(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules, Creature& creature,
                Diagnostics& diagnostics) {
  static const RowNumbers kLevels{"levels", "classes", "class", "class levels", "classes to levels such as { monk: 5 }",
                                  "", 0};
  ReadRowNumbers(file, node, rules, kLevels, diagnostics,
                 [&](const std::string& name, double level, const SourceSpan&) {
                   creature.levels[name] = static_cast<int32_t>(level);
                 });
}

void ReadLoad(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules, Creature& creature,
              Diagnostics& diagnostics) {
  const tables::Table* loads = rules.tables.Find("loads");
  if (loads == nullptr) {
    diagnostics.Error("missing-table", yaml::SpanOf(file, node),
                      fmt::format("ruleset '{}' has no 'loads' table, so its creatures carry no load", rules.manifest.name));
    return;
  }
  auto name = yaml::ReadText(file, node, "load", diagnostics);
  if (!name) return;
  if (loads->Find(*name) == nullptr) {
    ReportUnknownRow(diagnostics, yaml::SpanOf(file, node), *loads, "load", *name, rules.manifest.name);
    return;
  }
  creature.load = *name;
}

}  // namespace

void ReadRowNumbers(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                    const RowNumbers& form, Diagnostics& diagnostics,
                    const std::function<void(const std::string& row, double value, const SourceSpan& key)>& take) {
  const tables::Table* table = rules.tables.Find(form.table);
  if (table == nullptr) {
    diagnostics.Error("missing-table", yaml::SpanOf(file, node),
                      fmt::format("ruleset '{}' has no '{}' table, so its creatures have no {}", rules.manifest.name,
                                  form.table, form.without));
    return;
  }
  if (!node.IsMap()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a mapping of {} for '{}', found {}", form.mapping, form.key,
                                  yaml::Describe(node)));
    return;
  }
  std::set<std::string> seen;
  for (const auto& entry : node) {
    auto name = yaml::ReadName(file, entry.first, form.row_kind, diagnostics);
    if (!name) continue;
    if (table->Find(*name) == nullptr) {
      ReportUnknownRow(diagnostics, yaml::SpanOf(file, entry.first), *table, form.row_kind, *name, rules.manifest.name);
      continue;
    }
    if (!seen.insert(*name).second) {
      diagnostics.Error("duplicate-key", yaml::SpanOf(file, entry.first),
                        fmt::format("{} '{}' is given twice in '{}'", form.row_kind, *name, form.key));
      continue;
    }
    if (auto value = ReadBounded(file, entry.second, *name, form.low, diagnostics, form.value_noun)) {
      take(*name, *value, yaml::SpanOf(file, entry.first));
    }
  }
}

void ReadCreatureNumbers(const SourceFile& file, const YAML::Node& abilities, const YAML::Node& ac,
                         const YAML::Node& levels, const YAML::Node& load, const ruleset::Ruleset& rules,
                         Creature& creature, Diagnostics& diagnostics) {
  if (abilities.IsDefined()) ReadAbilities(file, abilities, creature, diagnostics);
  if (ac.IsDefined()) ReadArmorClass(file, ac, creature, diagnostics);
  if (levels.IsDefined()) ReadLevels(file, levels, rules, creature, diagnostics);
  if (load.IsDefined()) ReadLoad(file, load, rules, creature, diagnostics);
}

void ApplyArmorRow(const ruleset::Ruleset& rules, Creature& creature) {
  if (creature.ac.max_dex) return;
  const tables::Row* row = rules.Table("armor").Find(creature.armor);
  const tables::Value* cell = row != nullptr ? row->Get("max_dex") : nullptr;
  if (cell != nullptr && cell->IsNumber()) creature.ac.max_dex = cell->number;
}

}  // namespace rulecraft::model
