#include "model/weapon_reader.h"

#include <fmt/format.h>

#include "model/unknown_row.h"
#include "tables/cell.h"
#include "tables/yaml_file.h"

namespace rulecraft::model {
namespace {

// A distance in feet ("100 ft", or a plain number of feet), at least 0.
std::optional<double> ReadRange(const SourceFile& file, const YAML::Node& node, const char* key,
                                const ruleset::Ruleset& rules, Diagnostics& diagnostics) {
  std::optional<double> feet;
  if (node.IsScalar()) {
    feet = yaml::ParseNumber(node.Scalar());
    if (!feet) feet = tables::ParseDistance(node.Scalar(), rules.manifest.square_ft);
  }
  if (!feet || *feet < 0) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a distance of at least 0 ft in '{}' (e.g. 100 ft), found {}", key,
                                  yaml::Describe(node)));
    return std::nullopt;
  }
  return feet;
}

// One entry of `weapons:`: a row name, or a mapping {name, kind, range_increment_ft,
// normal_range_ft, long_range_ft}.
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
  auto name = yaml::ReadText(file, reader.Required("name"), "weapon name", diagnostics);
  YAML::Node kind = reader.Optional("kind");
  YAML::Node increment = reader.Optional("range_increment_ft");
  YAML::Node normal = reader.Optional("normal_range_ft");
  YAML::Node long_range = reader.Optional("long_range_ft");
  reader.RejectUnknown();
  if (!name) return std::nullopt;
  Weapon weapon = WeaponFromTable(rules, *name).value_or(Weapon{*name});
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
  return weapon;
}

}  // namespace

std::optional<Weapon> WeaponFromTable(const ruleset::Ruleset& rules, const std::string& name) {
  const tables::Table* table = rules.tables.Find("weapons");
  const tables::Row* row = table != nullptr ? table->Find(name) : nullptr;
  if (row == nullptr) return std::nullopt;
  Weapon weapon{name};
  if (const tables::Value* kind = row->Get("kind")) weapon.kind = kind->text;
  weapon.range_increment_ft = row->Number("range_increment");
  weapon.normal_range_ft = row->Number("normal_range");
  weapon.long_range_ft = row->Number("long_range");
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
