#include "model/query_reader.h"

#include "base/limits.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "base/suggest.h"
#include "model/area_params.h"
#include "model/unknown_row.h"
#include "model/yaml_json.h"
#include "tables/yaml_file.h"

namespace rulecraft::model {
namespace {

// What a query parameter must be.
enum class ParamType {
  kCreature,       // the id of a creature of the scenario
  kCreatureList,   // [id, …] of creatures of the scenario
  kSquare,         // [x, y] inside the map
  kSquareList,     // [[x, y], …] inside the map
  kPlace,          // [x, y] inside the map, or [x, y, altitude]
  kPlaceList,      // [[x, y] or [x, y, altitude], …]
  kMode,           // a row of `movement_modes`
  kSpeedKind,      // a row of `speed_kinds`, or a list of them
  kSize,           // a row of `sizes`
  kTravelTerrain,  // a row of `travel_terrain`
  kRoad,           // a column of `travel_terrain`
  kPace,           // a row of `movement_scales`
  kVehicle,        // a row of `travel_days`
  kScale,          // local or overland
  kDieList,        // [n, …]: die results, whole numbers from 1
  kAreaShape,      // a row of `area_shapes`
  kAttackKind,     // melee or ranged
  kWeapon,         // { reach: bool, unarmed: bool }
  kBool,           // true or false
  kNumber,         // a number
  kPoint,          // [x, y] numbers: a grid point (x.5 is a square's centre)
  kDirection,      // one of the eight compass directions (n, ne, e, se, s, sw, w, nw)
  kActions,        // [{ name: { … } }, …]: rows of `actions` with the parameters each row takes
  kTurnState,      // { at, moved_ft, actions_used }: where an earlier turn query left the creature
  kChaser,         // { creature or speed, dexterity, constitution, rolls }: one side of a chase
  kChaseScale,     // a row of `chase_scales`
  kAny,            // anything (checked when the query kind lands)
};

struct ParamSpec {
  const char* key;
  ParamType type;
  bool required;
};

struct KindSpec {
  QueryKind kind;
  std::vector<ParamSpec> params;
};

const std::vector<KindSpec>& Kinds() {
  using P = ParamType;
  static const std::vector<KindSpec> kinds = {
      {QueryKind::kSize, {{"category", P::kSize, true}}},
      {QueryKind::kSpeed, {{"creature", P::kCreature, true}}},
      {QueryKind::kReach,
       {{"creature", P::kCreature, true}, {"mode", P::kMode, false},
        {"speed", P::kSpeedKind, false}, {"used_ft", P::kNumber, false}, {"stand_up", P::kAny, false},
        {"square", P::kSquare, false}}},
      {QueryKind::kPath,
       {{"creature", P::kCreature, true}, {"to", P::kPlace, true}, {"mode", P::kMode, false},
        {"speed", P::kSpeedKind, false}, {"used_ft", P::kNumber, false}, {"stand_up", P::kAny, false}}},
      {QueryKind::kRoute,
       {{"creature", P::kCreature, true}, {"through", P::kPlaceList, true}, {"mode", P::kMode, false},
        {"speed", P::kSpeedKind, false}, {"used_ft", P::kNumber, false}, {"stand_up", P::kAny, false},
        {"drop_prone", P::kBool, false}}},
      {QueryKind::kAttack,
       {{"attacker", P::kCreature, true}, {"defender", P::kCreature, true},
        {"kind", P::kAttackKind, true}, {"weapon", P::kWeapon, false}, {"conditions", P::kAny, false},
        {"defender_at", P::kSquare, false}, {"reaction", P::kBool, false}}},
      {QueryKind::kThreatened,
       {{"creature", P::kCreature, true}, {"square", P::kSquare, false}, {"weapon", P::kWeapon, false}}},
      {QueryKind::kSave,
       {{"creature", P::kCreature, true}, {"origin", P::kSquare, true}, {"shape", P::kAreaShape, true},
        {"radius", P::kNumber, false}, {"length", P::kNumber, false}, {"toward", P::kPoint, false},
        {"direction", P::kDirection, false}, {"width", P::kNumber, false}}},
      {QueryKind::kClosest,
       {{"from", P::kCreature, true}, {"among", P::kCreatureList, false}, {"choice", P::kCreature, false}}},
      {QueryKind::kTurn,
       {{"creature", P::kCreature, true}, {"actions", P::kActions, true}, {"state", P::kTurnState, false}}},
      {QueryKind::kCreature, {{"creature", P::kCreature, true}}},
      {QueryKind::kTravel,
       {{"speed", P::kNumber, true}, {"terrain", P::kTravelTerrain, false}, {"road", P::kRoad, false},
        {"hours", P::kNumber, false}, {"mode", P::kPace, false}, {"vehicle", P::kVehicle, false},
        {"scale", P::kScale, false}, {"constitution", P::kNumber, false}, {"hit_points", P::kNumber, false},
        {"rounds", P::kNumber, false},
        {"rolls", P::kDieList, false}, {"damage_rolls", P::kDieList, false}}},
      {QueryKind::kChase,
       {{"pursuer", P::kChaser, true}, {"quarry", P::kChaser, true}, {"scale", P::kChaseScale, false}}},
  };
  return kinds;
}

std::vector<std::string> KindNames() {
  std::vector<std::string> names;
  for (const KindSpec& spec : Kinds()) names.push_back(QueryKindName(spec.kind));
  return names;
}

bool CheckInMap(const SourceFile& file, const YAML::Node& node, Square square,
                const Scenario& scenario, Diagnostics& diagnostics) {
  if (!scenario.map) {
    diagnostics.Error("missing-key", yaml::SpanOf(file, node), "this query needs a map: the scenario has none");
    return false;
  }
  if (scenario.map->Contains(square)) return true;
  diagnostics.Error("outside-map", yaml::SpanOf(file, node),
                    fmt::format("square [{}, {}] is outside the {}×{} map (x 0..{}, y 0..{})",
                                square.x, square.y, scenario.map->width, scenario.map->height,
                                scenario.map->width - 1, scenario.map->height - 1));
  return false;
}

bool CheckRow(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
              std::string_view table_name, std::string_view what, Diagnostics& diagnostics) {
  auto name = yaml::ReadText(file, node, what, diagnostics);
  if (!name) return false;
  const tables::Table* table = rules.tables.Find(table_name);
  if (table == nullptr) {
    diagnostics.Error("unknown-name", yaml::SpanOf(file, node),
                      fmt::format("this ruleset has no table of {}s", what));
    return false;
  }
  if (table->Find(*name) != nullptr) return true;
  ReportUnknownRow(diagnostics, yaml::SpanOf(file, node), *table, what, *name, rules.manifest.name);
  return false;
}

// A weapon an attack names: one some creature of the scenario carries (the answer takes the
// attacker's), or a row of the ruleset's `weapons` table.
bool CheckWeaponName(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                     const Scenario& scenario, Diagnostics& diagnostics) {
  auto name = yaml::ReadText(file, node, "weapon", diagnostics);
  if (!name) return false;
  std::vector<std::string> known;
  for (const Creature& creature : scenario.creatures) {
    for (const Weapon& weapon : creature.weapons) known.push_back(weapon.name);
  }
  if (const tables::Table* table = rules.tables.Find("weapons")) {
    for (const std::string& row : table->RowNames()) known.push_back(row);
  }
  if (std::find(known.begin(), known.end(), *name) != known.end()) return true;
  Diagnostic& error = diagnostics.Error(
      "unknown-name", yaml::SpanOf(file, node),
      fmt::format("unknown weapon '{}': expected one a creature carries (its `weapons:`) or a row of the ruleset's "
                  "table 'weapons'",
                  *name));
  SuggestName(error, *name, known);
  return false;
}

// A text that must be one of `names`; an unknown one is "unknown <what> '<text>'" followed by
// `expected`, with the closest name suggested.
bool CheckOneOf(const SourceFile& file, const YAML::Node& node, std::string_view key,
                const std::vector<std::string>& names, std::string_view what, std::string_view expected,
                Diagnostics& diagnostics) {
  auto text = yaml::ReadText(file, node, key, diagnostics);
  if (!text) return false;
  if (std::find(names.begin(), names.end(), *text) != names.end()) return true;
  Diagnostic& error = diagnostics.Error("unknown-name", yaml::SpanOf(file, node),
                                        fmt::format("unknown {} '{}'{}", what, *text, expected));
  SuggestName(error, *text, names);
  return false;
}

// A square with an optional altitude in squares ([x, y, altitude]), the square inside the map.
bool CheckPlace(const SourceFile& file, const YAML::Node& node, std::string_view what, const Scenario& scenario,
                Diagnostics& diagnostics) {
  if (node.IsSequence() && node.size() == 3) {
    auto altitude = node[2].IsScalar() ? yaml::ParseInt(node[2].Scalar()) : std::nullopt;
    if (!altitude || *altitude < -limits::kMaxAltitude || *altitude > limits::kMaxAltitude) {
      diagnostics.Error("bad-square", yaml::SpanOf(file, node),
                        fmt::format("expected [x, y] or [x, y, altitude] of whole numbers, the altitude within "
                                    "±{} squares (limits::kMaxAltitude), for {}, found {}",
                                    limits::kMaxAltitude, what, yaml::Describe(node)));
      return false;
    }
    YAML::Node square(YAML::NodeType::Sequence);
    square.push_back(node[0]);
    square.push_back(node[1]);
    auto read = ReadSquare(file, square, what, diagnostics);
    return read && CheckInMap(file, node, *read, scenario, diagnostics);
  }
  auto square = ReadSquare(file, node, what, diagnostics);
  return square && CheckInMap(file, node, *square, scenario, diagnostics);
}

// A non-empty list whose every item passes `check` (each item reports its own errors).
template <typename Check>
bool CheckEach(const SourceFile& file, const YAML::Node& node, std::string_view items, std::string_view key,
               Diagnostics& diagnostics, Check check) {
  if (!node.IsSequence() || node.size() == 0) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a list of {} for '{}', found {}", items, key,
                                  node.IsSequence() ? "an empty list" : yaml::Describe(node)));
    return false;
  }
  bool ok = true;
  for (const YAML::Node& item : node) ok = check(item) && ok;
  return ok;
}

bool CheckActions(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                  const Scenario& scenario, Diagnostics& diagnostics);
bool CheckRollCount(const SourceFile& file, const YAML::Node& node, std::string_view key, Diagnostics& diagnostics);
bool CheckTurnState(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                    const Scenario& scenario, Diagnostics& diagnostics);
bool CheckChaser(const SourceFile& file, const YAML::Node& node, std::string_view key, const ruleset::Ruleset& rules,
                 const Scenario& scenario, Diagnostics& diagnostics);

bool CheckParam(const SourceFile& file, const YAML::Node& node, const ParamSpec& spec,
                const ruleset::Ruleset& rules, const Scenario& scenario, Diagnostics& diagnostics) {
  switch (spec.type) {
    case ParamType::kCreature: {
      auto id = yaml::ReadText(file, node, spec.key, diagnostics);
      if (!id) return false;
      if (const Creature* creature = scenario.FindCreature(*id)) return creature->valid;
      std::vector<std::string> ids;
      for (const Creature& creature : scenario.creatures) ids.push_back(creature.id);
      Diagnostic& error = diagnostics.Error("unknown-creature", yaml::SpanOf(file, node),
                                            fmt::format("unknown creature '{}'", *id));
      SuggestName(error, *id, ids);
      return false;
    }
    case ParamType::kCreatureList:
      return CheckEach(file, node, "creature ids", spec.key, diagnostics, [&](const YAML::Node& item) {
        return CheckParam(file, item, {spec.key, ParamType::kCreature, true}, rules, scenario, diagnostics);
      });
    case ParamType::kSquare: {
      auto square = ReadSquare(file, node, spec.key, diagnostics);
      return square && CheckInMap(file, node, *square, scenario, diagnostics);
    }
    case ParamType::kSquareList:
      return CheckEach(file, node, "squares [[x, y], …]", spec.key, diagnostics, [&](const YAML::Node& item) {
        auto square = ReadSquare(file, item, spec.key, diagnostics);
        return square && CheckInMap(file, item, *square, scenario, diagnostics);
      });
    case ParamType::kPlace:
      return CheckPlace(file, node, spec.key, scenario, diagnostics);
    case ParamType::kPlaceList:
      return CheckEach(file, node, "squares [[x, y], …]", spec.key, diagnostics,
                       [&](const YAML::Node& item) { return CheckPlace(file, item, spec.key, scenario, diagnostics); });
    case ParamType::kMode:
      return CheckRow(file, node, rules, "movement_modes", "movement mode", diagnostics);
    case ParamType::kSpeedKind: {
      if (!node.IsSequence()) return CheckRow(file, node, rules, "speed_kinds", "speed kind", diagnostics);
      bool ok = node.size() > 0;
      if (!ok) diagnostics.Error("wrong-type", yaml::SpanOf(file, node), "expected at least one speed kind");
      for (const YAML::Node& item : node) {
        ok = CheckRow(file, item, rules, "speed_kinds", "speed kind", diagnostics) && ok;
      }
      return ok;
    }
    case ParamType::kSize:
      return CheckRow(file, node, rules, "sizes", "size", diagnostics);
    case ParamType::kAreaShape:
      return CheckRow(file, node, rules, "area_shapes", "area shape", diagnostics);
    case ParamType::kPace:
      return CheckRow(file, node, rules, "movement_scales", "pace", diagnostics);
    case ParamType::kVehicle:
      return CheckRow(file, node, rules, "travel_days", "vehicle", diagnostics);
    case ParamType::kTravelTerrain:
      return CheckRow(file, node, rules, "travel_terrain", "travel terrain", diagnostics);
    case ParamType::kScale:
      return CheckOneOf(file, node, spec.key, {"local", "overland"}, "scale",
                        ": expected 'local' (feet a round and a minute) or 'overland' (miles)", diagnostics);
    case ParamType::kDieList:
      if (!CheckRollCount(file, node, spec.key, diagnostics)) return false;
      return CheckEach(file, node, "die results", spec.key, diagnostics, [&](const YAML::Node& item) {
        auto value = item.IsScalar() ? yaml::ParseInt(item.Scalar()) : std::nullopt;
        if (value && *value >= 1 && *value <= 1000) return true;
        diagnostics.Error("wrong-type", yaml::SpanOf(file, item),
                          fmt::format("expected a die result, a whole number from 1 to 1000, in '{}', found {}",
                                      spec.key, yaml::Describe(item)));
        return false;
      });
    case ParamType::kRoad:
      return CheckOneOf(file, node, spec.key, {"highway", "road", "trail", "trackless"}, "road", "", diagnostics);
    case ParamType::kAttackKind:
      return CheckOneOf(file, node, spec.key, {"melee", "ranged"}, "attack kind", ": expected 'melee' or 'ranged'",
                        diagnostics);
    case ParamType::kWeapon: {
      if (node.IsScalar()) return CheckWeaponName(file, node, rules, scenario, diagnostics);
      yaml::MapReader weapon(file, node, "weapon", diagnostics);
      if (!weapon.ok()) return false;
      bool ok = true;
      if (const YAML::Node& name = weapon.Find("name"); name.IsDefined()) {
        ok = CheckWeaponName(file, name, rules, scenario, diagnostics);
      }
      for (const char* key : {"reach", "unarmed"}) {
        YAML::Node value = weapon.Optional(key);
        if (value.IsDefined()) ok = yaml::ReadBool(file, value, key, diagnostics).has_value() && ok;
      }
      size_t errors = diagnostics.ErrorCount();
      weapon.RejectUnknown();
      return ok && diagnostics.ErrorCount() == errors;
    }
    case ParamType::kBool:
      return yaml::ReadBool(file, node, spec.key, diagnostics).has_value();
    case ParamType::kNumber: {
      // Every number a query takes is a distance in feet (used_ft, a travel speed) or a count of
      // hours: never below 0, never beyond what a scenario may give.
      auto number = yaml::ReadNumber(file, node, spec.key, diagnostics);
      if (number && !(*number >= 0 && *number <= limits::kMaxScenarioFeet)) {
        diagnostics.Error("out-of-range", yaml::SpanOf(file, node),
                          fmt::format("expected {} from 0 to {} (limits::kMaxScenarioFeet), found {}", spec.key,
                                      limits::kMaxScenarioFeet, node.Scalar()));
        return false;
      }
      return number.has_value();
    }
    case ParamType::kPoint: {
      bool ok = node.IsSequence() && node.size() == 2;
      for (size_t axis = 0; ok && axis < 2; ++axis) {
        auto value = node[axis].IsScalar() ? yaml::ParseNumber(node[axis].Scalar()) : std::nullopt;
        ok = value && std::fabs(*value) <= limits::kMaxScenarioFeet;
      }
      if (!ok) {
        diagnostics.Error("bad-square", yaml::SpanOf(file, node),
                          fmt::format("expected a grid point [x, y] of two numbers for {} ([6, 3] is the top-left "
                                      "corner of square (6, 3), [6.5, 3.5] its centre), found {}",
                                      spec.key, yaml::Describe(node)));
      }
      return ok;
    }
    case ParamType::kDirection:
      return CheckOneOf(file, node, spec.key, {"n", "ne", "e", "se", "s", "sw", "w", "nw"}, "direction",
                        ": expected one of n, ne, e, se, s, sw, w, nw (north is up, y decreasing)", diagnostics);
    case ParamType::kActions:
      return CheckActions(file, node, rules, scenario, diagnostics);
    case ParamType::kTurnState:
      return CheckTurnState(file, node, rules, scenario, diagnostics);
    case ParamType::kChaser:
      return CheckChaser(file, node, spec.key, rules, scenario, diagnostics);
    case ParamType::kChaseScale:
      return CheckRow(file, node, rules, "chase_scales", "chase scale", diagnostics);
    case ParamType::kAny:
      return true;
  }
  return true;
}

// A row whose `attack_kind` says which attacks it makes (d20: `attack` melee, `ranged_attack`
// ranged, as what provokes differs) refuses the other kind, naming the row of the same `spends`
// that makes it.
void CheckAttackKind(const SourceFile& file, const YAML::Node& kind, const tables::Table& table, const tables::Row& row,
                     Diagnostics& diagnostics) {
  const tables::Value* makes = row.Get("attack_kind");
  if (!kind.IsDefined() || !kind.IsScalar() || makes == nullptr || makes->text.empty() || kind.Scalar() == makes->text) {
    return;
  }
  Diagnostic& error = diagnostics.Error(
      "unknown-name", yaml::SpanOf(file, kind),
      fmt::format("the '{}' action makes {} attacks (table '{}', attack_kind), not {}", row.name, makes->text,
                  table.name, kind.Scalar()));
  const tables::Value* spends = row.Get("spends");
  for (const tables::Row& other : table.rows) {
    const tables::Value* other_kind = other.Get("attack_kind");
    const tables::Value* other_spends = other.Get("spends");
    if (other_kind != nullptr && other_kind->text == kind.Scalar() && other_spends != nullptr && spends != nullptr &&
        other_spends->text == spends->text) {
      error.notes.push_back({{}, fmt::format("a {} attack is the '{}' action", kind.Scalar(), other.name)});
      break;
    }
  }
}

// What a move's dice-rolling parameter is: its key, the table the ruleset needs for it, its
// checks' name (for messages), and what its `modifier` is.
struct MoveCheck {
  const char* key;       // "tumble"
  const char* table;     // "tumbles"
  const char* what;      // "the tumble"
  const char* can;       // "tumble": "its moves cannot tumble"
  const char* modifier;  // "the tumbler's Tumble modifier"
};

constexpr MoveCheck kTumble{"tumble", "tumbles", "the tumble", "tumble", "the tumbler's Tumble modifier"};
constexpr MoveCheck kEscapeArtist{"escape_artist", "escapes", "the Escape Artist check", "squeeze with Escape Artist",
                                  "the creature's Escape Artist modifier"};

bool CheckMoveCheck(const SourceFile& file, const YAML::Node& node, const MoveCheck& kind, const ruleset::Ruleset& rules,
                    Diagnostics& diagnostics);
bool CheckSave(const SourceFile& file, const YAML::Node& node, Diagnostics& diagnostics);
bool CheckGivenCheck(const SourceFile& file, const YAML::Node& node, const std::string& what, Diagnostics& diagnostics);

// One given d20 result, a whole number from 1 to 20; `where` names the key it is in, for the
// error ("the tumble's 'roll'").
bool CheckD20Result(const SourceFile& file, const YAML::Node& item, const std::string& where, Diagnostics& diagnostics) {
  auto value = item.IsScalar() ? yaml::ParseInt(item.Scalar()) : std::nullopt;
  if (value && *value >= 1 && *value <= 20) return true;
  diagnostics.Error("wrong-type", yaml::SpanOf(file, item),
                    fmt::format("expected a d20 result, a whole number from 1 to 20, in {}, found {}", where,
                                yaml::Describe(item)));
  return false;
}

// One action of a turn's list: `{ name: { … } }`, the name a row of `actions`; a row that moves
// takes `to` or `through` (and `speed`), a row that attacks `target` and `kind`, any other none.
bool CheckAction(const SourceFile& file, const YAML::Node& item, const tables::Table& table,
                 const ruleset::Ruleset& rules, const Scenario& scenario, Diagnostics& diagnostics) {
  if (item.IsMap() && item.size() > 1) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, item),
                      fmt::format("expected one action, found a mapping of {} names: give each action its own list "
                                  "item, such as - {{ move: {{ to: [6, 3] }} }}",
                                  item.size()));
    return false;
  }
  if (!item.IsMap() || item.size() != 1) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, item),
                      fmt::format("expected one action, a mapping of its name to its parameters such as "
                                  "{{ move: {{ to: [6, 3] }} }} or {{ attack: {{ target: ogre, kind: melee }} }}, found {}",
                                  yaml::Describe(item)));
    return false;
  }
  const YAML::Node key = item.begin()->first;
  const YAML::Node value = item.begin()->second;
  auto name = yaml::ReadText(file, key, "action", diagnostics);
  if (!name) return false;
  const tables::Row* row = table.Find(*name);
  if (row == nullptr) {
    Diagnostic& error = diagnostics.Error(
        "unknown-name", yaml::SpanOf(file, key),
        fmt::format("unknown action '{}': not a row of table '{}'", *name, table.name));
    SuggestName(error, *name, table.RowNames());
    return false;
  }
  auto flag = [&](const char* column) {
    const tables::Value* cell = row->Get(column);
    return cell != nullptr && cell->AsBool();
  };
  bool moves = flag("moves"), attack = flag("attack");
  const tables::Value* check_cell = row->Get("check");
  if (!moves && !attack && check_cell != nullptr && !check_cell->text.empty() && check_cell->text != "none") {
    return CheckGivenCheck(file, value, fmt::format("the '{}' action's check", *name), diagnostics);
  }
  if (!moves && !attack) {  // `full_round: {}`, or `full_round:` with nothing after it
    if (value.IsNull() || (value.IsMap() && value.size() == 0)) return true;
    diagnostics.Error("unknown-key", yaml::SpanOf(file, value),
                      fmt::format("the '{}' action takes no parameters: write {{ {}: {{}} }}", *name, *name));
    return false;
  }
  yaml::MapReader params(file, value, fmt::format("'{}' action", *name), diagnostics);
  if (!params.ok()) return false;
  size_t errors = diagnostics.ErrorCount();
  using P = ParamType;
  auto check = [&](const ParamSpec& spec) {
    YAML::Node param = spec.required ? params.Required(spec.key) : params.Optional(spec.key);
    if (param.IsDefined()) CheckParam(file, param, spec, rules, scenario, diagnostics);
  };
  if (moves) {
    YAML::Node to = params.Optional("to"), through = params.Optional("through");
    bool in_place = flag("stand_up") && !to.IsDefined() && !through.IsDefined();  // stands up where it is
    if (!in_place && to.IsDefined() == through.IsDefined()) {
      diagnostics.Error(to.IsDefined() ? "conflicting-keys" : "missing-key",
                        to.IsDefined() ? params.KeySpan("through") : params.Span(),
                        to.IsDefined() ? fmt::format("the '{}' action moves by 'to' or by 'through', not both", *name)
                                       : fmt::format("the '{}' action moves the creature: give to: [x, y] (the cheapest "
                                                     "way there) or through: [[x, y], …] (these squares in turn)",
                                                     *name));
    }
    if (to.IsDefined()) CheckPlace(file, to, "to", scenario, diagnostics);
    if (through.IsDefined()) check({"through", P::kPlaceList, false});
    check({"speed", P::kSpeedKind, false});
    for (const MoveCheck* kind : {&kTumble, &kEscapeArtist}) {
      if (const YAML::Node& given = params.Find(kind->key); given.IsDefined()) CheckMoveCheck(file, given, *kind, rules, diagnostics);
    }
    if (const YAML::Node& given = params.Find("check"); given.IsDefined()) {
      CheckGivenCheck(file, given, "the move's check", diagnostics);
    }
  }
  if (attack) {
    check({"target", P::kCreature, true});
    check({"kind", P::kAttackKind, true});
    check({"damage", P::kNumber, false});  // the damage dealt, for a save it sets (rule action_save_dc)
    if (const YAML::Node& save = params.Find("save"); save.IsDefined()) {
      if (!params.Optional("damage").IsDefined()) {
        diagnostics.Error("missing-key", params.KeySpan("save"),
                          "a save is made against the damage dealt: give 'damage' as well (rule action_save_dc)");
      }
      CheckSave(file, save, diagnostics);
    }
    check({"weapon", P::kWeapon, false});  // passed on to the attack query: its range and refusals
    CheckAttackKind(file, params.Optional("kind"), table, *row, diagnostics);
  }
  params.RejectUnknown();
  return diagnostics.ErrorCount() == errors;
}

// A check's given modifier (a tumble's, a save's), `what` it is: a whole number from -100 to 100.
void CheckGivenModifier(const SourceFile& file, const YAML::Node& modifier, const char* what, Diagnostics& diagnostics) {
  auto value = modifier.IsScalar() ? yaml::ParseInt(modifier.Scalar()) : std::nullopt;
  if (!value || *value < -100 || *value > 100) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, modifier),
                      fmt::format("expected {}, a whole number from -100 to 100, found {}", what, yaml::Describe(modifier)));
  }
}

// An attacking action's `save:` (rule action_save_dc): the defender's d20 result `roll` and its
// save `modifier`, both optional (`save:` alone: rolled with the scenario's seed, modifier 0).
bool CheckSave(const SourceFile& file, const YAML::Node& node, Diagnostics& diagnostics) {
  if (node.IsNull()) return true;
  yaml::MapReader save(file, node, "save", diagnostics);
  if (!save.ok()) return false;
  size_t errors = diagnostics.ErrorCount();
  if (const YAML::Node& roll = save.Find("roll"); roll.IsDefined()) CheckD20Result(file, roll, "the save's 'roll'", diagnostics);
  if (const YAML::Node& modifier = save.Find("modifier"); modifier.IsDefined()) {
    CheckGivenModifier(file, modifier, "the defender's save modifier", diagnostics);
  }
  save.RejectUnknown();
  return diagnostics.ErrorCount() == errors;
}

// The given parts of an action's skill check (table `checks`; `what` names it for the errors):
// the d20 result `roll`, the `modifier` and the `dc`, each optional (nothing given: rolled with
// the scenario's seed, the modifier from rule check_bonus, the DC from rule check_dc).
bool CheckGivenCheck(const SourceFile& file, const YAML::Node& node, const std::string& what, Diagnostics& diagnostics) {
  if (node.IsNull()) return true;
  yaml::MapReader check(file, node, what, diagnostics);
  if (!check.ok()) return false;
  size_t errors = diagnostics.ErrorCount();
  if (const YAML::Node& roll = check.Find("roll"); roll.IsDefined()) {
    CheckD20Result(file, roll, fmt::format("the 'roll' of {}", what), diagnostics);
  }
  if (const YAML::Node& modifier = check.Find("modifier"); modifier.IsDefined()) {
    CheckGivenModifier(file, modifier, "the check's modifier", diagnostics);
  }
  if (const YAML::Node& dc = check.Find("dc"); dc.IsDefined()) {
    auto value = dc.IsScalar() ? yaml::ParseInt(dc.Scalar()) : std::nullopt;
    if (!value || *value < 1 || *value > 100) {
      diagnostics.Error("wrong-type", yaml::SpanOf(file, dc),
                        fmt::format("expected the check's DC, a whole number from 1 to 100, found {}", yaml::Describe(dc)));
    }
  }
  check.RejectUnknown();
  return diagnostics.ErrorCount() == errors;
}

// A moving action's check parameter (`tumble:`, table `tumbles`, rule tumble_dc;
// `escape_artist:`, table `escapes`, rule escape_dc): the d20 results of its checks, `roll: 17`
// or `rolls: [17, 9]` (the scenario's seeded dice for the rest), and the creature's `modifier`
// (its skill), all optional.
bool CheckMoveCheck(const SourceFile& file, const YAML::Node& node, const MoveCheck& kind, const ruleset::Ruleset& rules,
                    Diagnostics& diagnostics) {
  if (rules.tables.Find(kind.table) == nullptr) {
    diagnostics.Error("unknown-name", yaml::SpanOf(file, node),
                      fmt::format("ruleset '{}' has no table '{}' (docs/tables.md): its moves cannot {}",
                                  rules.manifest.name, kind.table, kind.can));
    return false;
  }
  if (node.IsNull()) return true;  // `tumble:` alone: every check rolled with the scenario's seed
  yaml::MapReader check(file, node, kind.key, diagnostics);
  if (!check.ok()) return false;
  size_t errors = diagnostics.ErrorCount();
  YAML::Node roll = check.Optional("roll"), rolls = check.Optional("rolls");
  if (roll.IsDefined() && rolls.IsDefined()) {
    diagnostics.Error("conflicting-keys", check.KeySpan("rolls"),
                      fmt::format("{} gives one check's result as 'roll' or every check's as 'rolls', not both",
                                  kind.what));
  }
  if (roll.IsDefined()) CheckD20Result(file, roll, fmt::format("{}'s 'roll'", kind.what), diagnostics);
  if (rolls.IsDefined() && CheckRollCount(file, rolls, "rolls", diagnostics)) {
    CheckEach(file, rolls, "d20 results", "rolls", diagnostics, [&](const YAML::Node& item) {
      return CheckD20Result(file, item, fmt::format("{}'s 'rolls'", kind.what), diagnostics);
    });
  }
  if (const YAML::Node& modifier = check.Find("modifier"); modifier.IsDefined()) {
    CheckGivenModifier(file, modifier, kind.modifier, diagnostics);
  }
  // `accelerated: true`: at full speed, each check with the rows' accelerated_modifier (SRD -10).
  // Only a tumble has it (kTumble); elsewhere the key is unknown.
  if (YAML::Node accelerated = &kind == &kTumble ? check.Optional("accelerated") : YAML::Node(YAML::NodeType::Undefined);
      accelerated.IsDefined()) {
    bool fast = yaml::ReadBool(file, accelerated, "the tumble's 'accelerated'", diagnostics).value_or(false);
    const tables::Table& tumbles = *rules.tables.Find("tumbles");
    bool any = std::any_of(tumbles.rows.begin(), tumbles.rows.end(),
                           [](const tables::Row& row) { return row.Get("accelerated_modifier") != nullptr; });
    if (fast && !any) {
      diagnostics.Error("unknown-name", yaml::SpanOf(file, accelerated),
                        fmt::format("ruleset '{}' has no accelerated tumbling: no row of its table 'tumbles' gives an "
                                    "'accelerated_modifier' (docs/tables.md)",
                                    rules.manifest.name));
    }
  }
  check.RejectUnknown();
  return diagnostics.ErrorCount() == errors;
}

// A list of given die results holds at most limits::kMaxGivenRolls (checked before its items).
bool CheckRollCount(const SourceFile& file, const YAML::Node& node, std::string_view key, Diagnostics& diagnostics) {
  if (!node.IsSequence() || node.size() <= limits::kMaxGivenRolls) return true;
  diagnostics.Error("too-large", yaml::SpanOf(file, node),
                    fmt::format("'{}' gives at most {} die results (limits::kMaxGivenRolls), found {}", key,
                                limits::kMaxGivenRolls, node.size()));
  return false;
}

// A turn's `actions:` list: every item an action of the ruleset's `actions` table (CheckAction).
bool CheckActions(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                  const Scenario& scenario, Diagnostics& diagnostics) {
  const tables::Table* table = rules.tables.Find("actions");
  if (table == nullptr) {
    diagnostics.Error("unknown-name", yaml::SpanOf(file, node),
                      fmt::format("ruleset '{}' has no table 'actions' (docs/tables.md): it cannot check turns yet",
                                  rules.manifest.name));
    return false;
  }
  if (node.IsSequence() && node.size() == 0) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "a turn needs at least one action, such as { move: { to: [6, 3] } }");
    return false;
  }
  if (node.IsSequence() && node.size() > limits::kMaxActionsPerTurn) {
    diagnostics.Error("too-large", yaml::SpanOf(file, node),
                      fmt::format("a turn lists at most {} actions (limits::kMaxActionsPerTurn), found {}",
                                  limits::kMaxActionsPerTurn, node.size()));
    return false;
  }
  return CheckEach(file, node, "actions such as { move: { to: [6, 3] } }", "actions", diagnostics,
                   [&](const YAML::Node& item) { return CheckAction(file, item, *table, rules, scenario, diagnostics); });
}

// A turn's `state:` (the `state` an earlier turn query answered): `at` a square of the map,
// `moved_ft` feet, `actions_used` counts by action type (the `spends` values of table `actions`).
bool CheckTurnState(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                    const Scenario& scenario, Diagnostics& diagnostics) {
  yaml::MapReader state(file, node, "turn state", diagnostics);
  if (!state.ok()) return false;
  size_t errors = diagnostics.ErrorCount();
  if (const YAML::Node& at = state.Find("at"); at.IsDefined()) {
    CheckParam(file, at, {"at", ParamType::kSquare, false}, rules, scenario, diagnostics);
  }
  if (const YAML::Node& moved = state.Find("moved_ft"); moved.IsDefined()) {
    CheckParam(file, moved, {"moved_ft", ParamType::kNumber, false}, rules, scenario, diagnostics);
  }
  if (const YAML::Node& used = state.Find("actions_used"); used.IsDefined()) {
    std::vector<std::string> types;
    if (const tables::Table* table = rules.tables.Find("actions")) {
      for (const tables::Row& row : table->rows) {
        const tables::Value* spends = row.Get("spends");
        if (spends != nullptr && std::find(types.begin(), types.end(), spends->text) == types.end()) {
          types.push_back(spends->text);
        }
      }
    }
    if (!used.IsMap()) {
      diagnostics.Error("wrong-type", yaml::SpanOf(file, used),
                        "expected a mapping of action types to counts for 'actions_used', such as { move: 1 }, found " +
                            yaml::Describe(used));
    } else {
      for (const auto& entry : used) {
        auto type = yaml::ReadText(file, entry.first, "action type", diagnostics);
        if (type && std::find(types.begin(), types.end(), *type) == types.end()) {
          Diagnostic& error = diagnostics.Error(
              "unknown-name", yaml::SpanOf(file, entry.first),
              fmt::format("unknown action type '{}': not what a row of table 'actions' spends", *type));
          SuggestName(error, *type, types);
        }
        auto count = entry.second.IsScalar() ? yaml::ParseInt(entry.second.Scalar()) : std::nullopt;
        if (!count || *count < 0 || *count > limits::kMaxTurnActions) {
          diagnostics.Error("out-of-range", yaml::SpanOf(file, entry.second),
                            fmt::format("expected a count of actions from 0 to {} (limits::kMaxTurnActions), found {}",
                                        limits::kMaxTurnActions, yaml::Describe(entry.second)));
        }
      }
    }
  }
  // `tumbled`: the opponents tumbled past earlier in the round (rule tumble_dc's `earlier`).
  if (const YAML::Node& tumbled = state.Find("tumbled"); tumbled.IsDefined()) {
    auto count = tumbled.IsScalar() ? yaml::ParseInt(tumbled.Scalar()) : std::nullopt;
    if (!count || *count < 0 || *count > limits::kMaxTurnActions) {
      diagnostics.Error("out-of-range", yaml::SpanOf(file, tumbled),
                        fmt::format("expected how many opponents the round has tumbled past, 0 to {}, found {}",
                                    limits::kMaxTurnActions, yaml::Describe(tumbled)));
    }
  }
  // `taken`: the rows of `actions` the round has taken (what turn.has(NAME) reads).
  if (const YAML::Node& taken = state.Find("taken"); taken.IsDefined()) {
    CheckEach(file, taken, "rows of table 'actions'", "taken", diagnostics, [&](const YAML::Node& item) {
      return CheckRow(file, item, rules, "actions", "action", diagnostics);
    });
  }
  // `conditions`: the creature's conditions where the earlier turn left it (prone after dropping);
  // lower_snake_case names, as a scenario creature's `conditions:` (a rule may read one no
  // table lists).
  if (const YAML::Node& conditions = state.Find("conditions"); conditions.IsDefined()) {
    CheckEach(file, conditions, "condition names", "conditions", diagnostics, [&](const YAML::Node& item) {
      return yaml::ReadName(file, item, "condition", diagnostics).has_value();
    });
  }
  state.RejectUnknown();
  return diagnostics.ErrorCount() == errors;
}

// One side of a chase: `creature` (its speed from the rules) or `speed` (feet), not both; its
// `dexterity` and `constitution` scores and the d20 `rolls` of its checks, all optional.
bool CheckChaser(const SourceFile& file, const YAML::Node& node, std::string_view key, const ruleset::Ruleset& rules,
                 const Scenario& scenario, Diagnostics& diagnostics) {
  yaml::MapReader side(file, node, fmt::format("chase's {}", key), diagnostics);
  if (!side.ok()) return false;
  size_t errors = diagnostics.ErrorCount();
  YAML::Node creature = side.Optional("creature"), speed = side.Optional("speed");
  if (creature.IsDefined() == speed.IsDefined()) {
    diagnostics.Error(creature.IsDefined() ? "conflicting-keys" : "missing-key",
                      creature.IsDefined() ? side.KeySpan("speed") : side.Span(),
                      creature.IsDefined()
                          ? fmt::format("the chase's {} is a creature or a speed, not both", key)
                          : fmt::format("the chase's {} needs creature: <id> (its speed from the rules) or speed: "
                                        "<feet>",
                                        key));
  }
  using P = ParamType;
  if (creature.IsDefined()) CheckParam(file, creature, {"creature", P::kCreature, true}, rules, scenario, diagnostics);
  if (speed.IsDefined()) CheckParam(file, speed, {"speed", P::kNumber, true}, rules, scenario, diagnostics);
  for (const ParamSpec& spec : {ParamSpec{"dexterity", P::kNumber, false}, ParamSpec{"constitution", P::kNumber, false}}) {
    if (const YAML::Node& value = side.Find(spec.key); value.IsDefined()) {
      CheckParam(file, value, spec, rules, scenario, diagnostics);
    }
  }
  // The rolls of a chase are its opposed checks' d20s.
  if (const YAML::Node& rolls = side.Find("rolls"); rolls.IsDefined() && CheckRollCount(file, rolls, "rolls", diagnostics)) {
    std::string where = fmt::format("the {}'s 'rolls'", key);
    CheckEach(file, rolls, "d20 results", "rolls", diagnostics,
              [&](const YAML::Node& item) { return CheckD20Result(file, item, where, diagnostics); });
  }
  side.RejectUnknown();
  return diagnostics.ErrorCount() == errors;
}

// A movement query's `speed:` kinds must be speeds its creature has (land always counts).
void CheckCreatureHasSpeeds(const SourceFile& file, const YAML::Node& params, const Scenario& scenario,
                            Diagnostics& diagnostics) {
  YAML::Node creature_node = yaml::Get(params, "creature");
  YAML::Node speed = yaml::Get(params, "speed");
  if (!creature_node.IsScalar() || !speed.IsDefined()) return;
  const Creature* creature = scenario.FindCreature(creature_node.Scalar());
  if (creature == nullptr || !creature->valid) return;
  std::vector<YAML::Node> kinds;
  if (speed.IsSequence()) {
    for (const YAML::Node& item : speed) kinds.push_back(item);
  } else {
    kinds.push_back(speed);
  }
  for (const YAML::Node& kind : kinds) {
    if (!kind.IsScalar() || kind.Scalar() == "land" || creature->speeds_ft.count(kind.Scalar()) != 0) continue;
    std::string has = "land";
    for (const auto& [name, feet] : creature->speeds_ft) {
      if (name != "land") has += ", " + name;
    }
    diagnostics.Error("unknown-name", yaml::SpanOf(file, kind),
                      fmt::format("creature '{}' has no {} speed (its speeds: {}; give it one with speed: {{ {}: … }})",
                                  creature->id, kind.Scalar(), has, kind.Scalar()));
  }
}
}  // namespace

std::optional<Query> ReadQuery(const SourceFile& file, const YAML::Node& node, size_t index,
                               const ruleset::Ruleset& rules, const Scenario& scenario,
                               Diagnostics& diagnostics) {
  yaml::MapReader reader(file, node, "query", diagnostics);
  if (!reader.ok()) return std::nullopt;
  Query query;
  query.span = reader.Span();
  query.id = fmt::format("q{}", index + 1);
  size_t errors = diagnostics.ErrorCount();
  if (const YAML::Node& id = reader.Find("id"); id.IsDefined()) {
    if (auto text = yaml::ReadText(file, id, "query id", diagnostics)) query.id = *text;
  }
  if (const YAML::Node& rule = reader.Find("rule"); rule.IsDefined()) {
    if (auto text = yaml::ReadText(file, rule, "rule", diagnostics)) query.rule = *text;
  }
  reader.Find("description");
  reader.Find("with");  // a test case's overrides, read by the test runner (ruleset/ruleset_with.h)
  if (const YAML::Node& expect = reader.Find("expect"); expect.IsDefined()) {
    if (!expect.IsMap()) {
      diagnostics.Error("wrong-type", yaml::SpanOf(file, expect),
                        "expected a mapping of result fields for 'expect', found " + yaml::Describe(expect));
    } else {
      query.expect = YamlToJson(expect);
      query.expect_keys = KeySpans(file, expect);
    }
  }
  const KindSpec* found = nullptr;
  YAML::Node params;
  for (const KindSpec& spec : Kinds()) {
    const YAML::Node& value = reader.Find(QueryKindName(spec.kind));
    if (!value.IsDefined()) continue;
    if (found != nullptr) {
      diagnostics.Error("conflicting-keys", yaml::SpanOf(file, value),
                        fmt::format("a query asks one thing: it already asks '{}'",
                                    QueryKindName(found->kind)));
      continue;
    }
    found = &spec;
    params = value;
  }
  reader.RejectUnknown();
  if (found == nullptr) {
    std::string kinds;
    for (const std::string& name : KindNames()) kinds += (kinds.empty() ? "" : ", ") + name;
    diagnostics.Error("missing-key", query.span,
                      fmt::format("query '{}' asks nothing: give one of {}", query.id, kinds));
    return std::nullopt;
  }
  query.kind = found->kind;
  query.kind_name = QueryKindName(found->kind);
  yaml::MapReader param_reader(file, params, fmt::format("{} query", query.kind_name), diagnostics);
  if (param_reader.ok()) {
    for (const ParamSpec& spec : found->params) {
      const YAML::Node& value = spec.required ? param_reader.Required(spec.key) : param_reader.Find(spec.key);
      if (value.IsDefined()) CheckParam(file, value, spec, rules, scenario, diagnostics);
    }
    param_reader.RejectUnknown();
    CheckCreatureHasSpeeds(file, params, scenario, diagnostics);
    if (query.kind == QueryKind::kSave) CheckAreaParams(file, params, query.span, rules, diagnostics);
  }
  query.params = YamlToJson(params);
  query.valid = diagnostics.ErrorCount() == errors;
  return query;
}

std::optional<Square> ReadSquare(const SourceFile& file, const YAML::Node& node,
                                 std::string_view what, Diagnostics& diagnostics) {
  auto malformed = [&]() -> std::optional<Square> {
    diagnostics.Error("bad-square", yaml::SpanOf(file, node),
                      fmt::format("expected a square [x, y] of two whole numbers for {}, found {}",
                                  what, yaml::Describe(node)));
    return std::nullopt;
  };
  if (!node.IsSequence() || node.size() != 2) return malformed();
  int64_t coordinates[2] = {0, 0};
  for (size_t axis = 0; axis < 2; ++axis) {
    auto value = node[axis].IsScalar() ? yaml::ParseInt(node[axis].Scalar()) : std::nullopt;
    if (!value || *value < INT32_MIN || *value > INT32_MAX) return malformed();
    coordinates[axis] = *value;
  }
  return Square{static_cast<int32_t>(coordinates[0]), static_cast<int32_t>(coordinates[1])};
}

void ReadQueries(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                 Scenario& scenario, Diagnostics& diagnostics) {
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a list of queries, found " + yaml::Describe(node));
    return;
  }
  if (node.size() > limits::kMaxQueries) {
    diagnostics.Error("too-large", yaml::SpanOf(file, node),
                      fmt::format("a scenario asks at most {} queries (limits::kMaxQueries), found {}",
                                  limits::kMaxQueries, node.size()));
    return;
  }
  size_t index = 0;
  for (const YAML::Node& item : node) {
    auto query = ReadQuery(file, item, index++, rules, scenario, diagnostics);
    if (!query) continue;
    for (const Query& earlier : scenario.queries) {
      if (earlier.id == query->id) {
        Diagnostic& error = diagnostics.Error("duplicate-id", query->span,
                                              fmt::format("a query named '{}' already exists", query->id));
        error.notes.push_back({earlier.span, "first defined here"});
        query->valid = false;
      }
    }
    scenario.queries.push_back(std::move(*query));
  }
}

}  // namespace rulecraft::model
