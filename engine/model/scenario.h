// A scenario: the map, the creatures on it and the questions asked (docs/scenarios.md).
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hooks/runner.h"
#include "tables/brought_conditions.h"
#include "rulecraft/diagnostic.h"

namespace rulecraft::hooks {
struct Script;
}

namespace rulecraft::model {

// A grid square; x grows to the right, y downward, (0,0) top-left.
struct Square {
  int32_t x = 0;
  int32_t y = 0;
  bool operator==(const Square&) const = default;
};

// A rectangle of squares: top-left `at`, `width` × `height` squares.
struct Area {
  Square at;
  int32_t width = 1;
  int32_t height = 1;
  bool Contains(Square square) const {
    return square.x >= at.x && square.y >= at.y && int64_t{square.x} < int64_t{at.x} + width &&
           int64_t{square.y} < int64_t{at.y} + height;
  }
  // Whether the two rectangles share a square.
  bool Overlaps(const Area& other) const {
    return int64_t{at.x} < int64_t{other.at.x} + other.width && int64_t{other.at.x} < int64_t{at.x} + width &&
           int64_t{at.y} < int64_t{other.at.y} + other.height && int64_t{other.at.y} < int64_t{at.y} + height;
  }
};

// The battle map: one terrain kind (a row of the ruleset's `terrain` table) per square.
// A barrier on the edge between two orthogonally next squares (a low wall, a fence, a wall
// between rooms): `edges:` of a map.
struct Edge {
  Square a;
  Square b;
  uint16_t kind = 0;  // index into GridMap::terrain_kinds
};

struct GridMap {
  int32_t width = 0;
  int32_t height = 0;
  std::vector<std::string> terrain_kinds;  // distinct kinds, indexed by `cells` and edges
  std::vector<uint16_t> cells;             // row-major, width * height
  std::vector<Edge> edges;                 // barriers between squares

  bool Contains(Square square) const {
    return square.x >= 0 && square.y >= 0 && square.x < width && square.y < height;
  }
  // The kind index of a square inside the map (into terrain_kinds).
  uint16_t& CellAt(Square square) {
    return cells[static_cast<size_t>(square.y) * static_cast<size_t>(width) + static_cast<size_t>(square.x)];
  }
  uint16_t CellAt(Square square) const {
    return cells[static_cast<size_t>(square.y) * static_cast<size_t>(width) + static_cast<size_t>(square.x)];
  }
  // The terrain kind of a square inside the map.
  const std::string& TerrainAt(Square square) const { return terrain_kinds[CellAt(square)]; }
  // The index of terrain kind `name` in terrain_kinds, added when the map has no square of it yet.
  uint16_t KindIndex(const std::string& name) {
    auto known = std::find(terrain_kinds.begin(), terrain_kinds.end(), name);
    if (known == terrain_kinds.end()) {
      terrain_kinds.push_back(name);
      return static_cast<uint16_t>(terrain_kinds.size() - 1);
    }
    return static_cast<uint16_t>(known - terrain_kinds.begin());
  }
};

// A typed modifier the scenario gives a creature (a spell, an item): `bonuses:` entries.
struct ScenarioBonus {
  std::string target;  // speed, attack, ac
  double value = 0;    // feet for speed
  std::string type;    // a row of `bonus_types`
  std::string source;
  SourceSpan span;
};

// A weapon a creature carries (scenario `weapons:`): a row of the ruleset's `weapons` table, or
// a mapping giving its own kind and range (over that row's, when its name is one).
struct Weapon {
  std::string name;
  std::string kind = "melee";     // melee, ranged or thrown
  double range_increment_ft = 0;  // d20: each full increment past the first costs (0: none)
  double normal_range_ft = 0;     // 5e: beyond it, disadvantage (0: none)
  double long_range_ft = 0;       // 5e: beyond it, no attack (0: none)
  std::vector<std::string> properties;  // rows of `weapon_properties` (d20 usable_prone): attack.has(name)
  SourceSpan span;
};

// The six ability scores, in the order of `kAbilityNames` (scenario `abilities:`, default 10).
inline constexpr const char* kAbilityNames[6] = {"str", "dex", "con", "int", "wis", "cha"};

// The parts of a creature's armor class the scenario gives (`ac:`): bonuses, default 0.
struct ArmorClassParts {
  double armor = 0;          // its armor's bonus (Starfinder: the armor's EAC bonus)
  double kinetic_armor = 0;  // Starfinder: the armor's KAC bonus (default: `armor`)
  double shield = 0;
  double natural = 0;
  double deflection = 0;
  double dodge = 0;
  double misc = 0;
  std::optional<double> max_dex;  // the cap on its Dex bonus its armor sets (`ac.max_dex`, else the armor row's)
};

// A creature on the map, its names checked against the ruleset's tables.
struct Creature {
  std::string id;
  std::string side;
  // How it regards the creatures of the other sides: a row of the ruleset's `attitudes` table, or
  // empty (hostile). Rules test it with has(name), as a condition.
  std::string attitude;
  std::string race;   // a row of `speeds`, or empty
  std::string size = "medium";
  std::string armor = "none";
  std::string shape = "tall";  // tall (bipeds) or long (quadrupeds): which natural reach applies
  std::string maneuverability;  // a row of `maneuverability` (fliers), or empty
  std::map<std::string, double> speeds_ft;  // movement kind → feet, as given
  Square at;                     // the top-left square it occupies
  SourceSpan at_span;            // where `at` is written
  int32_t squares_per_side = 1;  // space in squares (1 for creatures smaller than a square)
  // The band of its space it occupies while squeezed into a passage narrower than its space
  // (query/placement.h): squares across x and y; both 0 when it occupies its whole space.
  int32_t squeezed_width = 0;
  int32_t squeezed_height = 0;
  std::vector<std::string> conditions;
  // The conditions those bring with them (the `conditions` table's `brings`, closed over).
  std::vector<tables::BroughtCondition> brought;
  // Conditions tied to another creature (`sources: { charmed: vampire }`): condition → creature id.
  std::map<std::string, std::string> sources;
  std::map<std::string, SourceSpan> source_spans;  // where each source's creature id is written
  std::vector<std::string> traits;
  std::vector<std::shared_ptr<const hooks::Script>> scripts;  // of the traits that name a Lua script
  std::vector<ScenarioBonus> bonuses;
  bool reach_weapon = false;  // wields a reach weapon: the squares it threatens in others' moves
  std::vector<Weapon> weapons;  // what it carries (scenario `weapons:`), an attack may name one
  std::string facing;         // north, northeast, east, …, or empty: the way it faces (Lua `self.facing`)
  double abilities[6] = {10, 10, 10, 10, 10, 10};  // scores, in the order of kAbilityNames
  ArmorClassParts ac;
  std::map<std::string, int32_t> levels;  // class (a row of `classes`) → its level in it
  std::string load = "light";             // a row of `loads` (the ruleset's, when it has one)
  double cr = 0;                          // challenge rating (scenario `cr:`; "1/2" read as 0.5)
  SourceSpan span;
  bool valid = true;  // false when some field had an error (reported); queries on it fail

  // Its conditions, given and brought.
  std::vector<std::string> AllConditions() const {
    std::vector<std::string> names = conditions;
    for (const tables::BroughtCondition& more : brought) names.push_back(more.name);
    return names;
  }

  // Calls `visit` with each of its conditions (given and brought), traits and attitude, in that
  // order: the names rules test with has(name).
  template <typename Visit>
  void ForEachFlagName(Visit&& visit) const {
    for (const std::string& name : conditions) visit(name);
    for (const tables::BroughtCondition& more : brought) visit(more.name);
    for (const std::string& name : traits) visit(name);
    if (!attitude.empty()) visit(attitude);
  }

  // ForEachFlagName's names, as a list.
  std::vector<std::string> FlagNames() const {
    std::vector<std::string> names;
    ForEachFlagName([&](const std::string& name) { names.push_back(name); });
    return names;
  }

  // The squares it occupies: its whole space from `at`, or the band it is squeezed to.
  Area Occupied() const {
    if (squeezed_width > 0) return {at, squeezed_width, squeezed_height};
    return {at, squares_per_side, squares_per_side};
  }
};

// The kinds of question a scenario may ask.
enum class QueryKind { kSize, kSpeed, kReach, kPath, kRoute, kAttack, kThreatened, kTravel, kClosest, kSave, kTurn, kChase, kCreature };

// One question, with its parameters and, in a test, the expected result.
struct Query {
  std::string id;
  QueryKind kind = QueryKind::kSize;
  std::string kind_name;
  nlohmann::json params;                 // the query's own mapping, as JSON
  std::string rule;                      // the rules text a test case rests on
  std::optional<nlohmann::json> expect;  // present in test cases
  std::map<std::string, SourceSpan> expect_keys;  // where each key of `expect` is written, by JSON pointer
  SourceSpan span;
  bool valid = true;  // false when its parameters were reported as errors
};

// A whole scenario file.
struct Scenario {
  std::string file;
  std::string ruleset_directory;
  uint64_t seed = 0;
  std::optional<GridMap> map;
  std::string gravity = "normal";  // a row of the ruleset's `gravity` table
  std::string wind = "calm";       // a row of the ruleset's `winds` table
  std::vector<Creature> creatures;
  std::vector<Query> queries;

  // The creature with this id, or nullptr.
  const Creature* FindCreature(const std::string& id) const;
};

// The scenario name of a query kind ("size", "path", …).
const char* QueryKindName(QueryKind kind);

// The creature as Lua scripts see it (`mover`, a zone's `self`: docs/lua.md).
hooks::CreatureFacts CreatureFactsOf(const Creature& creature);

}  // namespace rulecraft::model
