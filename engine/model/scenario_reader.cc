#include "model/scenario_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <unordered_map>

#include <fmt/format.h>

#include "base/limits.h"
#include "base/suggest.h"
#include "model/cr_reader.h"
#include "model/map_reader.h"
#include "model/numbers_reader.h"
#include "model/placement_check.h"
#include "model/query_reader.h"
#include "model/skills_reader.h"
#include "model/unknown_row.h"
#include "model/weapon_reader.h"
#include "tables/cell.h"
#include "tables/yaml_file.h"

namespace rulecraft::model {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kMovementKinds = {"land", "fly", "swim", "climb", "burrow"};

// Reads a name that must be a row of `table` of the ruleset `rules`, suggesting the closest row
// (or the row another system's name stands for) when it is not.
std::optional<std::string> ReadRowName(const SourceFile& file, const YAML::Node& node,
                                       const tables::Table& table, std::string_view what,
                                       const ruleset::Ruleset& rules, Diagnostics& diagnostics) {
  auto name = yaml::ReadText(file, node, what, diagnostics);
  if (!name) return std::nullopt;
  if (table.Find(*name) != nullptr) return name;
  ReportUnknownRow(diagnostics, yaml::SpanOf(file, node), table, what, *name, rules.manifest.name);
  return std::nullopt;
}

std::vector<std::string> ReadNameList(const SourceFile& file, const YAML::Node& node,
                                      std::string_view what, Diagnostics& diagnostics) {
  std::vector<std::string> names;
  if (!node.IsDefined()) return names;
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a list of {}, found {}", what, yaml::Describe(node)));
    return names;
  }
  for (const YAML::Node& item : node) {
    if (auto name = yaml::ReadName(file, item, what, diagnostics)) names.push_back(*name);
  }
  return names;
}

// `sources: { charmed: vampire }`: each key a condition the creature has (given or brought), each
// value the id of the creature it is tied to (checked once every creature is read: CheckSources).
void ReadSources(const SourceFile& file, const YAML::Node& node, Creature& creature, Diagnostics& diagnostics) {
  if (!node.IsDefined()) return;
  if (!node.IsMap()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a mapping of conditions to creatures such as {{ charmed: vampire }} for "
                                  "'sources', found {}",
                                  yaml::Describe(node)));
    return;
  }
  std::vector<std::string> held = creature.AllConditions();
  for (const auto& entry : node) {
    auto condition = yaml::ReadName(file, entry.first, "sources", diagnostics);
    auto id = yaml::ReadText(file, entry.second, "the source creature", diagnostics);
    if (!condition || !id) continue;
    if (std::find(held.begin(), held.end(), *condition) == held.end()) {
      Diagnostic& error = diagnostics.Error(
          "unknown-name", yaml::SpanOf(file, entry.first),
          fmt::format("creature '{}' has no condition '{}' to tie to a source: give it in 'conditions' first",
                      creature.id, *condition));
      SuggestName(error, *condition, held);
      continue;
    }
    creature.sources[*condition] = *id;
    creature.source_spans[*condition] = yaml::SpanOf(file, entry.second);
  }
}

void ReadSpeeds(const SourceFile& file, const YAML::Node& node, Creature& creature,
                double square_ft, Diagnostics& diagnostics) {
  yaml::MapReader reader(file, node, "speed", diagnostics);
  if (!reader.ok()) return;
  for (const std::string& kind : kMovementKinds) {
    const YAML::Node& value = reader.Find(kind);
    if (!value.IsDefined()) continue;
    std::optional<double> feet;
    if (value.IsScalar()) {
      feet = yaml::ParseNumber(value.Scalar());
      if (!feet) feet = tables::ParseDistance(value.Scalar(), square_ft);
    }
    if (!feet || !(*feet >= 0 && *feet <= limits::kMaxScenarioFeet)) {
      diagnostics.Error("wrong-type", yaml::SpanOf(file, value),
                        fmt::format("expected a speed in feet from 0 to {} (e.g. 30; limits::kMaxScenarioFeet) "
                                    "for '{}', found {}",
                                    limits::kMaxScenarioFeet, kind, yaml::Describe(value)));
      continue;
    }
    creature.speeds_ft[kind] = *feet;
  }
  reader.RejectUnknown();
}

// Reads `bonuses: [{to: speed, value: 10 ft, type: enhancement, source: "…"}]`.
void ReadBonuses(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                 Creature& creature, Diagnostics& diagnostics) {
  if (!node.IsDefined()) return;
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a list of bonuses, found " + yaml::Describe(node));
    return;
  }
  const tables::Table* types = rules.tables.Find("bonus_types");
  for (const YAML::Node& item : node) {
    yaml::MapReader reader(file, item, "bonus", diagnostics);
    if (!reader.ok()) continue;
    ScenarioBonus bonus;
    bonus.span = reader.Span();
    YAML::Node target = reader.Required("to");
    YAML::Node value = reader.Required("value");
    YAML::Node type = reader.Required("type");
    if (const YAML::Node& source = reader.Find("source"); source.IsDefined()) {
      if (auto text = yaml::ReadText(file, source, "source", diagnostics)) bonus.source = *text;
    }
    reader.RejectUnknown();
    if (target.IsDefined()) {
      std::vector<std::string> targets = {"speed", "attack", "ac"};
      if (const tables::Table* skills = rules.tables.Find("skills")) {
        for (const std::string& skill : skills->RowNames()) targets.push_back(skill);
      }
      auto name = yaml::ReadText(file, target, "bonus target", diagnostics);
      if (name && std::find(targets.begin(), targets.end(), *name) == targets.end()) {
        Diagnostic& error = diagnostics.Error(
            "unknown-name", yaml::SpanOf(file, target),
            fmt::format("unknown bonus target '{}': expected speed, attack, ac or a row of the ruleset's table 'skills'",
                        *name));
        SuggestName(error, *name, targets);
      } else if (name) {
        bonus.target = *name;
      }
    }
    if (value.IsDefined() && value.IsScalar()) {
      // A speed bonus is a distance ("10 ft", "-5 ft"; a plain number means feet); an attack
      // or AC bonus is a plain number.
      std::string text = value.Scalar();
      bool negative = !text.empty() && text[0] == '-';
      auto number = yaml::ParseNumber(text);
      auto distance = tables::ParseDistance(negative ? text.substr(1) : text, rules.manifest.square_ft);
      if (distance && bonus.target != "speed" && !bonus.target.empty()) {
        diagnostics.Error("unit", yaml::SpanOf(file, value),
                          fmt::format("a bonus to {} is a plain number, not a distance", bonus.target));
      } else if (number || distance) {
        bonus.value = number ? *number : (negative ? -*distance : *distance);
      } else {
        diagnostics.Error("wrong-type", yaml::SpanOf(file, value),
                          fmt::format("expected a number or a distance (e.g. '10 ft'), found '{}'", text));
      }
    } else if (value.IsDefined()) {
      diagnostics.Error("wrong-type", yaml::SpanOf(file, value),
                        "expected a number or a distance, found " + yaml::Describe(value));
    }
    if (type.IsDefined()) {
      if (types == nullptr) {
        diagnostics.Error("missing-table", yaml::SpanOf(file, type),
                          "this ruleset has no 'bonus_types' table, so bonuses have no types");
      } else if (auto name = ReadRowName(file, type, *types, "bonus type", rules, diagnostics)) {
        bonus.type = *name;
      }
    }
    creature.bonuses.push_back(std::move(bonus));
  }
}

std::optional<Creature> ReadCreature(const SourceFile& file, const YAML::Node& node,
                                     const ruleset::Ruleset& rules, bool on_map,
                                     Diagnostics& diagnostics) {
  std::string what = "creature";
  if (YAML::Node id = yaml::Get(node, "id"); id.IsScalar()) what = fmt::format("creature '{}'", id.Scalar());
  yaml::MapReader reader(file, node, what, diagnostics);
  if (!reader.ok()) return std::nullopt;
  Creature creature;
  creature.span = reader.Span();
  size_t errors = diagnostics.ErrorCount();
  YAML::Node id_node = reader.Required("id");  // a missing id is reported there, once
  auto id = id_node.IsDefined() ? yaml::ReadText(file, id_node, "creature id", diagnostics) : std::nullopt;
  if (!id) return std::nullopt;
  if (id->empty()) {  // no query could name it
    diagnostics.Error("wrong-type", yaml::SpanOf(file, id_node), "expected a creature id, found empty text");
    return std::nullopt;
  }
  creature.id = *id;
  if (const YAML::Node& side = reader.Find("side"); side.IsDefined()) {
    if (auto text = yaml::ReadName(file, side, "side", diagnostics)) creature.side = *text;
  }
  if (const YAML::Node& attitude = reader.Find("attitude"); attitude.IsDefined()) {
    const tables::Table* attitudes = rules.tables.Find("attitudes");
    if (attitudes == nullptr) {
      diagnostics.Error("missing-table", yaml::SpanOf(file, attitude),
                        fmt::format("ruleset '{}' has no 'attitudes' table, so its creatures have no attitude "
                                    "(every creature of another side is hostile)",
                                    rules.manifest.name));
    } else if (auto name = ReadRowName(file, attitude, *attitudes, "attitude", rules, diagnostics)) {
      creature.attitude = *name;
    }
  }
  if (const YAML::Node& race = reader.Find("race"); race.IsDefined()) {
    if (auto name = ReadRowName(file, race, rules.Table("speeds"), "race", rules, diagnostics)) {
      creature.race = *name;
    }
  }
  if (const YAML::Node& size = reader.Find("size"); size.IsDefined()) {
    if (auto name = ReadRowName(file, size, rules.Table("sizes"), "size", rules, diagnostics)) {
      creature.size = *name;
    }
  }
  if (const YAML::Node& armor = reader.Find("armor"); armor.IsDefined()) {
    if (auto name = ReadRowName(file, armor, rules.Table("armor"), "armor", rules, diagnostics)) {
      creature.armor = *name;
    }
  }
  if (const YAML::Node& shape = reader.Find("shape"); shape.IsDefined()) {
    auto text = yaml::ReadText(file, shape, "shape", diagnostics);
    if (text && *text != "tall" && *text != "long") {
      Diagnostic& error = diagnostics.Error("unknown-name", yaml::SpanOf(file, shape),
                                            fmt::format("unknown shape '{}': expected tall or long", *text));
      SuggestName(error, *text, {"tall", "long"});
    } else if (text) {
      creature.shape = *text;
    }
  }
  if (const YAML::Node& maneuverability = reader.Find("maneuverability"); maneuverability.IsDefined()) {
    if (auto name = ReadRowName(file, maneuverability, rules.Table("maneuverability"), "maneuverability",
                                rules, diagnostics)) {
      creature.maneuverability = *name;
    }
  }
  if (const YAML::Node& speed = reader.Find("speed"); speed.IsDefined()) {
    ReadSpeeds(file, speed, creature, rules.manifest.square_ft, diagnostics);
  }
  // Without a map there is nowhere to stand, so `at` is needed only on a map.
  YAML::Node at = on_map ? reader.Required("at") : reader.Optional("at");
  if (at.IsDefined()) {
    if (auto square = ReadSquare(file, at, "'at'", diagnostics)) creature.at = *square;
    creature.at_span = yaml::SpanOf(file, at);
  }
  if (const YAML::Node& facing = reader.Find("facing"); facing.IsDefined()) {
    const std::vector<std::string> directions = {"north", "northeast", "east", "southeast",
                                                 "south", "southwest", "west", "northwest"};
    auto text = yaml::ReadText(file, facing, "facing", diagnostics);
    if (text && std::find(directions.begin(), directions.end(), *text) == directions.end()) {
      Diagnostic& error = diagnostics.Error(
          "unknown-name", yaml::SpanOf(file, facing),
          fmt::format("unknown facing '{}': expected north, northeast, east, southeast, south, southwest, west or northwest", *text));
      SuggestName(error, *text, directions);
    } else if (text) {
      creature.facing = *text;
    }
  }
  if (const YAML::Node& reach_weapon = reader.Find("reach_weapon"); reach_weapon.IsDefined()) {
    creature.reach_weapon = yaml::ReadBool(file, reach_weapon, "reach_weapon", diagnostics).value_or(false);
  }
  creature.conditions = ReadNameList(file, reader.Find("conditions"), "conditions", diagnostics);
  creature.brought = tables::BroughtBy(rules.Table("conditions"), creature.conditions);
  creature.traits = ReadNameList(file, reader.Find("traits"), "traits", diagnostics);
  ReadSources(file, reader.Find("sources"), creature, diagnostics);
  ReadBonuses(file, reader.Find("bonuses"), rules, creature, diagnostics);
  ReadWeapons(file, reader.Find("weapons"), rules, creature, diagnostics);
  ReadSkills(file, reader.Find("skills"), rules, creature, diagnostics);
  ReadChallengeRating(file, reader.Find("cr"), creature, diagnostics);
  // Asked for in this order, so an unknown key's note lists them so.
  const YAML::Node& abilities = reader.Find("abilities");
  const YAML::Node& ac = reader.Find("ac");
  const YAML::Node& levels = reader.Find("levels");
  const YAML::Node& load = reader.Find("load");
  ReadCreatureNumbers(file, abilities, ac, levels, load, rules, creature, diagnostics);
  reader.RejectUnknown();
  ApplyArmorRow(rules, creature);
  // A ruleset whose speed table has a `default` row uses it for creatures that name no race.
  if (creature.race.empty() && rules.Table("speeds").Find("default") != nullptr) creature.race = "default";
  if (const tables::Row* size = rules.Table("sizes").Find(creature.size)) {
    double squares = size->Number("space") / rules.manifest.square_ft;
    creature.squares_per_side = std::max<int32_t>(1, static_cast<int32_t>(std::ceil(squares - 1e-9)));
  }
  // Kept even with errors, so queries naming it do not report it unknown as well.
  creature.valid = diagnostics.ErrorCount() == errors;
  return creature;
}

// Each source names another creature of the scenario (read after all of them).
void CheckSources(const Scenario& scenario, Diagnostics& diagnostics) {
  std::vector<std::string> ids;
  for (const Creature& creature : scenario.creatures) ids.push_back(creature.id);
  for (const Creature& creature : scenario.creatures) {
    for (const auto& [condition, id] : creature.sources) {
      if (scenario.FindCreature(id) != nullptr && id != creature.id) continue;
      SourceSpan span = creature.source_spans.at(condition);
      Diagnostic& error = diagnostics.Error(
          "unknown-creature", span,
          id == creature.id ? fmt::format("creature '{}' cannot be the source of its own '{}'", id, condition)
                            : fmt::format("creature '{}': the source of '{}' is '{}', which is no creature of the scenario",
                                          creature.id, condition, id));
      if (id != creature.id) SuggestName(error, id, ids);
    }
  }
}

void ReadCreatures(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                   Scenario& scenario, Diagnostics& diagnostics) {
  if (!node.IsDefined()) return;
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a list of creatures, found " + yaml::Describe(node));
    return;
  }
  if (node.size() > limits::kMaxCreatures) {
    diagnostics.Error("too-large", yaml::SpanOf(file, node),
                      fmt::format("a scenario holds at most {} creatures (limits::kMaxCreatures), found {}",
                                  limits::kMaxCreatures, node.size()));
    return;
  }
  std::unordered_map<std::string, size_t> index_of;  // creature id → its index, for duplicates
  for (const YAML::Node& item : node) {
    auto creature = ReadCreature(file, item, rules, scenario.map.has_value(), diagnostics);
    if (!creature) continue;
    if (auto twin = index_of.find(creature->id); twin != index_of.end()) {
      Diagnostic& error = diagnostics.Error(
          "duplicate-id", creature->span, fmt::format("a creature named '{}' already exists", creature->id));
      error.notes.push_back({scenario.creatures[twin->second].span, "first defined here"});
      continue;
    }
    index_of.emplace(creature->id, scenario.creatures.size());
    scenario.creatures.push_back(std::move(*creature));
  }
  CheckSources(scenario, diagnostics);
  CheckPlacement(scenario, diagnostics);
}

// Warns about a condition or trait that no rule tests (`has`) and no script handles: most often
// a typo ("barbrian"), which would otherwise silently change nothing.
void WarnIfUnused(const Creature& creature, const std::string& name, const char* what,
                  const ruleset::Ruleset& rules, Diagnostics& diagnostics) {
  const compile::Program& program = *rules.program;
  if (program.FlagBit(name) >= 0) return;
  // A row of the `conditions` table is carried out by the engine (standing up ends it, it forbids movement).
  if (std::string_view(what) == "condition" && rules.Table("conditions").Find(name) != nullptr) return;
  Diagnostic& warning = diagnostics.Warning(
      "unused-name", creature.span,
      fmt::format("creature '{}': no rule or script of ruleset '{}' uses the {} '{}'", creature.id,
                  rules.manifest.name, what, name));
  // Only a close name: the names the rules use are not a list the scenario must choose from.
  if (auto close = ClosestName(name, program.flags)) warning.notes.push_back({{}, "did you mean '" + *close + "'?"});
}

std::optional<std::string> ResolveRulesetOf(const SourceFile& file, const YAML::Node& node,
                                            const ScenarioOrigin& origin, Diagnostics& diagnostics) {
  if (!node.IsDefined()) {
    if (!origin.default_ruleset.empty()) return origin.default_ruleset;
    diagnostics.Error("missing-key", {file.path(), 0, 1},
                      "the scenario does not name its ruleset: add 'ruleset: dnd35' or a path");
    return std::nullopt;
  }
  auto name = yaml::ReadText(file, node, "ruleset", diagnostics);
  if (!name) return std::nullopt;
  return origin.finder.Find(*name, origin.base_folder, yaml::SpanOf(file, node), diagnostics);
}

}  // namespace

namespace {

std::optional<LoadedScenario> ReadScenarioFile(const SourceFile* file, const ScenarioOrigin& origin,
                                               RulesetCache& rulesets, SourceSet& sources, Diagnostics& diagnostics) {
  auto document = yaml::Parse(*file, diagnostics);
  if (!document) return std::nullopt;
  yaml::MapReader top(*file, *document, "scenario", diagnostics);
  if (!top.ok()) return std::nullopt;
  YAML::Node ruleset_node = top.Optional("ruleset");
  YAML::Node seed = top.Optional("seed");
  top.Optional("description");
  YAML::Node map = top.Optional("map");
  YAML::Node gravity = top.Optional("gravity");
  YAML::Node wind = top.Optional("wind");
  YAML::Node creatures = top.Optional("creatures");
  YAML::Node queries = top.Required("queries");
  top.RejectUnknown();

  auto directory = ResolveRulesetOf(*file, ruleset_node, origin, diagnostics);
  if (!directory) return std::nullopt;
  const ruleset::Ruleset* rules = rulesets.Get(*directory, sources, diagnostics);
  if (rules == nullptr) return std::nullopt;

  // Errors in the map, the gravity or the creatures stop every query (docs/scenarios.md, "When
  // a scenario has errors"); those of one query's own parameters stop only that query.
  size_t errors_before_scenario = diagnostics.ErrorCount();
  LoadedScenario loaded;
  loaded.ruleset = rules;
  Scenario& scenario = loaded.scenario;
  scenario.file = file->path();
  scenario.ruleset_directory = *directory;
  if (seed.IsDefined()) {
    if (auto value = yaml::ReadInt(*file, seed, "seed", diagnostics)) {
      scenario.seed = static_cast<uint64_t>(*value);
    }
  }
  if (map.IsDefined()) scenario.map = ReadMap(*file, map, rules->Table("terrain"), diagnostics);
  if (gravity.IsDefined()) {
    if (auto name = ReadRowName(*file, gravity, rules->Table("gravity"), "gravity", *rules, diagnostics)) {
      scenario.gravity = *name;
    }
  }
  if (wind.IsDefined()) {
    if (auto name = ReadRowName(*file, wind, rules->Table("winds"), "wind", *rules, diagnostics)) scenario.wind = *name;
  }
  ReadCreatures(*file, creatures, *rules, scenario, diagnostics);
  // A trait naming a Lua script brings the creature's exception to the rules (docs/lua.md).
  for (Creature& creature : scenario.creatures) {
    for (const std::string& trait : creature.traits) {
      if (auto script = rulesets.scripts().Find(*rules, trait, sources, diagnostics)) {
        creature.scripts.push_back(std::move(script));
      } else {
        WarnIfUnused(creature, trait, "trait", *rules, diagnostics);
      }
    }
    for (const std::string& condition : creature.conditions) {
      WarnIfUnused(creature, condition, "condition", *rules, diagnostics);
    }
  }
  bool scenario_broken = diagnostics.ErrorCount() > errors_before_scenario;
  if (queries.IsDefined()) ReadQueries(*file, queries, *rules, scenario, diagnostics);
  if (scenario_broken) return std::nullopt;
  return loaded;
}

}  // namespace

std::optional<LoadedScenario> ReadScenario(const SourceFile& file, const ScenarioOrigin& origin,
                                           RulesetCache& rulesets, SourceSet& sources, Diagnostics& diagnostics) {
  try {
    return ReadScenarioFile(&file, origin, rulesets, sources, diagnostics);
  } catch (const YAML::Exception& error) {  // a yaml-cpp surprise still names the file and place
    yaml::ReportException(file, error, diagnostics);
    return std::nullopt;
  }
}

}  // namespace rulecraft::model
