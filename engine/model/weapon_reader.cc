#include "model/weapon_reader.h"

#include <fmt/format.h>

#include "base/limits.h"
#include "model/unknown_row.h"
#include "tables/cell.h"
#include "tables/weapon_properties.h"
#include "tables/yaml_file.h"

namespace rulecraft::model {
namespace {

// A distance in feet ("100 ft", or a plain number of feet), from 0 to limits::kMaxScenarioFeet.
std::optional<double> ReadRange(const SourceFile& file, const YAML::Node& node, const char* key,
                                const ruleset::Ruleset& rules, Diagnostics& diagnostics) {
  std::optional<double> feet;
  if (node.IsScalar()) {
    feet = yaml::ParseNumber(node.Scalar());
    if (!feet) feet = tables::ParseDistance(node.Scalar(), rules.manifest.square_ft);
  }
  if (!feet || !(*feet >= 0 && *feet <= limits::kMaxScenarioFeet)) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a distance from 0 to {} ft (limits::kMaxScenarioFeet) in '{}' (e.g. 100 ft), "
                                  "found {}",
                                  limits::kMaxScenarioFeet, key, yaml::Describe(node)));
    return std::nullopt;
  }
  return feet;
}

// A scenario weapon's `properties: [usable_prone, …]`: each a row of the ruleset's table
// `weapon_properties`; nullopt (reported) on a mistake.
std::optional<std::vector<std::string>> ReadProperties(const SourceFile& file, const YAML::Node& node,
                                                       const ruleset::Ruleset& rules, Diagnostics& diagnostics) {
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a list of weapon properties (e.g. [usable_prone]), found " + yaml::Describe(node));
    return std::nullopt;
  }
  const tables::Table* table = rules.tables.Find("weapon_properties");
  std::vector<std::string> names;
  bool ok = true;
  for (const YAML::Node& item : node) {
    auto name = yaml::ReadText(file, item, "weapon property", diagnostics);
    if (!name) {
      ok = false;
    } else if (table == nullptr) {
      diagnostics.Error("missing-table", yaml::SpanOf(file, item),
                        fmt::format("ruleset '{}' has no table 'weapon_properties', so its weapons have no "
                                    "property '{}'",
                                    rules.manifest.name, *name));
      ok = false;
    } else if (table->Find(*name) == nullptr) {
      ReportUnknownRow(diagnostics, yaml::SpanOf(file, item), *table, "weapon property", *name, rules.manifest.name);
      ok = false;
    } else {
      names.push_back(*name);
    }
  }
  if (!ok) return std::nullopt;
  return names;
}

// One entry of `weapons:`: a row name, or a mapping {name, kind, range_increment_ft,
// normal_range_ft, long_range_ft, properties}.
std::optional<Weapon> ReadWeapon(const SourceFile& file, const YAML::Node& item, const ruleset::Ruleset& rules,
                                 Diagnostics& diagnostics) {
  const tables::Table* table = rules.tables.Find("weapons");
  if (item.IsScalar()) {
    auto name = yaml::ReadText(file, item, "weapon", diagnostics);
    if (!name) return std::nullopt;
    std::optional<Weapon> weapon = WeaponFromTable(rules, *name);
    if (!weapon) {
      if (table == nullptr) {
        diagnostics.Error("missing-table", yaml::SpanOf(file, item),
                          fmt::format("this ruleset has no 'weapons' table: give weapon '{}' as a mapping with "
                                      "its kind and range ({{ name: {}, kind: ranged, range_increment_ft: 100 }})",
                                      *name, *name));
      } else {
        ReportUnknownRow(diagnostics, yaml::SpanOf(file, item), *table, "weapon", *name, rules.manifest.name);
      }
      return std::nullopt;
    }
    weapon->span = yaml::SpanOf(file, item);
    return weapon;
  }
  yaml::MapReader reader(file, item, "weapon", diagnostics);
  if (!reader.ok()) return std::nullopt;
  size_t errors = diagnostics.ErrorCount();
  YAML::Node name_node = reader.Required("name");  // a missing name is reported there, once
  auto name = name_node.IsDefined() ? yaml::ReadText(file, name_node, "weapon name", diagnostics) : std::nullopt;
  YAML::Node kind = reader.Optional("kind");
  YAML::Node increment = reader.Optional("range_increment_ft");
  YAML::Node normal = reader.Optional("normal_range_ft");
  YAML::Node long_range = reader.Optional("long_range_ft");
  YAML::Node properties = reader.Optional("properties");
  reader.RejectUnknown();
  if (!name) return std::nullopt;
  Weapon own;
  own.name = *name;
  Weapon weapon = WeaponFromTable(rules, *name).value_or(own);
  weapon.span = reader.Span();
  if (kind.IsDefined()) {
    auto text = yaml::ReadText(file, kind, "weapon kind", diagnostics);
    if (text && *text != "melee" && *text != "ranged" && *text != "thrown") {
      diagnostics.Error("unknown-name", yaml::SpanOf(file, kind),
                        fmt::format("unknown weapon kind '{}': expected melee, ranged or thrown", *text));
    } else if (text) {
      weapon.kind = *text;
    }
  }
  if (increment.IsDefined()) weapon.range_increment_ft = ReadRange(file, increment, "range_increment_ft", rules, diagnostics).value_or(0);
  if (normal.IsDefined()) weapon.normal_range_ft = ReadRange(file, normal, "normal_range_ft", rules, diagnostics).value_or(0);
  if (long_range.IsDefined()) weapon.long_range_ft = ReadRange(file, long_range, "long_range_ft", rules, diagnostics).value_or(0);
  if (diagnostics.ErrorCount() != errors) return std::nullopt;
  // The mapping's list replaces the row's. A wrong property is reported and the weapon kept, so
  // a query naming it is not also told the weapon is unknown.
  if (properties.IsDefined()) {
    weapon.properties = ReadProperties(file, properties, rules, diagnostics).value_or(std::vector<std::string>{});
  }
  return weapon;
}

}  // namespace

std::optional<Weapon> WeaponFromTable(const ruleset::Ruleset& rules, const std::string& name) {
  const tables::Table* table = rules.tables.Find("weapons");
  const tables::Row* row = table != nullptr ? table->Find(name) : nullptr;
  if (row == nullptr) return std::nullopt;
  Weapon weapon;
  weapon.name = name;
  if (const tables::Value* kind = row->Get("kind")) weapon.kind = kind->text;
  weapon.range_increment_ft = row->Number("range_increment");
  weapon.normal_range_ft = row->Number("normal_range");
  weapon.long_range_ft = row->Number("long_range");
  weapon.properties = tables::PropertiesOf(*row);
  weapon.span = row->span;
  return weapon;
}

void ReadWeapons(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules, Creature& creature,
                 Diagnostics& diagnostics) {
  if (!node.IsDefined()) return;
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node), "expected a list of weapons, found " + yaml::Describe(node));
    return;
  }
  for (const YAML::Node& item : node) {
    if (std::optional<Weapon> weapon = ReadWeapon(file, item, rules, diagnostics)) creature.weapons.push_back(*weapon);
  }
}

}  // namespace rulecraft::model
