#include "tables/schema.h"

namespace rulecraft::tables {

const ColumnSchema* TableSchema::Column(std::string_view column) const {
  for (const ColumnSchema& candidate : columns) {
    if (candidate.name == column) return &candidate;
  }
  return nullptr;
}

namespace {

ColumnSchema Col(std::string name, CellType type, bool required) {
  return ColumnSchema{std::move(name), type, required, {}, {}};
}

// A number column whose values must be above 0.
ColumnSchema Positive(ColumnSchema column) {
  column.positive = true;
  return column;
}

ColumnSchema Choice(std::string name, std::vector<std::string> choices, bool required) {
  return ColumnSchema{std::move(name), CellType::kEnum, required, std::move(choices), {}};
}

std::vector<TableSchema> BuildSchemas() {
  using T = CellType;
  std::vector<TableSchema> schemas;

  schemas.push_back({"sizes", true, true, false,
                     {Positive(Col("space", T::kDistance, true)), Positive(Col("fits_per_square", T::kInt, true)),
                      Col("reach_tall", T::kDistance, false), Col("reach_long", T::kDistance, false),
                      Col("size_modifier", T::kInt, false), Col("grapple_modifier", T::kInt, false),
                      Col("hide_modifier", T::kInt, false), Col("height", T::kText, false),
                      Col("weight", T::kText, false)},
                     {"medium"},
                     {}});
  // `max_dex`: the most Dex bonus to AC the armor allows (n/a: no cap; 5e's armor categories).
  schemas.push_back({"armor", true, false, false, {Col("max_dex", T::kOptionalInt, false)}, {"none"}, {}});
  schemas.push_back({"speeds", true, false, false,
                     {ColumnSchema{"speed", T::kDistanceMap, true, {}, "armor"}},
                     {},
                     {}});
  schemas.push_back({"terrain", true, false, false,
                     {Col("difficult", T::kBool, true),
                      Choice("obstacle", {"none", "hampering", "blocking"}, true),
                      Col("blocks_corners", T::kBool, true),
                      Choice("cover", {"none", "low", "full"}, true),
                      Choice("concealment", {"none", "partial", "total"}, true),
                      Col("hampers_flyers", T::kBool, false), Col("dark", T::kBool, false),
                      Col("open_above", T::kBool, false), Col("width", T::kDistance, false),
                      Col("least_cover", T::kName, false),
                      Col("colour", T::kColour, false)},
                     {"open"},
                     {}});
  schemas.push_back({"movement_modes", true, false, false,
                     {Choice("action", {"move", "two_moves", "full_round"}, true),
                      Col("multiplier", T::kNumber, false), Col("distance", T::kDistance, false)},
                     {"move"},
                     {"multiplier", "distance"}});
  for (const char* name : {"attack_modifiers", "ac_modifiers"}) {
    schemas.push_back({name, true, false, true,
                       {Col("melee", T::kOptionalInt, true), Col("ranged", T::kOptionalInt, true),
                        Col("notes", T::kNoteList, false)},
                       {},
                       {}});
  }
  schemas.push_back({"movement_scales", false, false, false,
                     {Col("per_round", T::kNumber, true), Col("per_minute", T::kNumber, true),
                      Col("mph_per_10_ft", T::kNumber, true)},
                     {},
                     {}});
  schemas.push_back({"travel_terrain", false, false, false,
                     {Col("highway", T::kRatio, true), Col("road", T::kRatio, true),
                      Col("trail", T::kRatio, true), Col("trackless", T::kRatio, true)},
                     {},
                     {}});
  schemas.push_back({"bonus_types", false, false, false,
                     {Choice("bonuses", {"stack", "highest", "highest_per_source"}, true),
                      Choice("penalties", {"stack", "lowest"}, true)},
                     {},
                     {}});
  schemas.push_back({"cover", false, true, true,
                     {Col("ac", T::kOptionalInt, true), Col("reflex", T::kOptionalInt, true),
                      Col("hide", T::kOptionalInt, true), Col("allows_hide", T::kBool, true),
                      Col("attack_possible", T::kBool, true), Col("attacks_of_opportunity", T::kBool, true),
                      Col("notes", T::kNoteList, false)},
                     {"none"},
                     {}});
  schemas.push_back({"concealment", false, true, false,
                     {Col("miss_chance", T::kInt, true), Col("blocks_sight", T::kBool, true),
                      Col("allows_hide", T::kBool, true), Col("attacks_of_opportunity", T::kBool, true)},
                     {"none"},
                     {}});
  schemas.push_back({"speed_kinds", false, false, false,
                     {Choice("running", {"allowed", "forbidden", "straight_line"}, false)},
                     {"land", "fly", "swim", "climb", "burrow"},
                     {}});
  schemas.push_back({"maneuverability", false, true, false,
                     {Col("fly_check", T::kInt, true), Col("may_hover", T::kBool, false)},
                     {},
                     {}});
  schemas.push_back({"gravity", false, false, false, {Col("rise_extra", T::kNumber, true)}, {"normal"}, {}});
  schemas.push_back({"travel_days", false, false, false, {Col("hours", T::kInt, true)}, {}, {}});
  // The winds of a scenario (`wind:`, row `calm` the default): whether a flier must check to fly.
  schemas.push_back({"winds", false, false, false, {Col("hinders_flight", T::kBool, true)}, {"calm"}, {}});
  // The scales a chase is run on (`chase` queries): after how many of its `unit`s (round, day …)
  // equal speeds come to the opposed check.
  schemas.push_back({"chase_scales", false, false, false,
                     {Col("check_after", T::kInt, true), Col("unit", T::kName, true)},
                     {},
                     {}});
  // Conditions whose ending the engine carries out (`stand_up_ends`: standing up removes it).
  // `forbids_movement`: a creature with it moves not at all, minimum movement included.
  // `incapacitates`: a creature with it counts as no threat beside an attacker (adjacent_hostiles).
  // `brings`: the conditions a creature with it has as well (paralyzed: helpless), closed over.
  // `text`: the words of the system's text the row rests on.
  // `keeps_away_from_source`: while it sees the creature the scenario ties the condition to, it
  // may not move closer to it (5e frightened). `notes`: footnotes of the row, as in the modifier
  // tables (what a modifier column brings along).
  schemas.push_back({"conditions", false, false, true,
                     {Col("stand_up_ends", T::kBool, false), Col("forbids_movement", T::kBool, false),
                      Col("incapacitates", T::kBool, false), Col("brings", T::kNameList, false),
                      Col("keeps_away_from_source", T::kBool, false), Col("notes", T::kNoteList, false)},
                     {},
                     {}});
  // The shapes of area effects a `save` query measures (docs/scenarios.md): whether the effect
  // turns corners (a spread: distance counted along a path around walls, no line of effect
  // needed) and whether cover from its origin adds to the Reflex save; its `form` (radius by
  // default; a cone, as wide per unit of length as twice `cone_half_width`; a line,
  // `line_width` wide, 0 for the squares it passes through).
  schemas.push_back({"area_shapes", false, false, false,
                     {Col("turns_corners", T::kBool, true), Col("cover_applies", T::kBool, true),
                      Choice("form", {"radius", "cone", "line"}, false), Col("cone_half_width", T::kNumber, false),
                      Col("line_width", T::kDistance, false)},
                     {},
                     {}});
  // How a creature may regard the other sides (a scenario creature's `attitude`): `hostile` false
  // makes it no opponent, whose threat provokes no attack of opportunity.
  schemas.push_back({"attitudes", false, false, false, {Col("hostile", T::kBool, true)}, {"hostile"}, {}});
  // What a creature may do in its turn (`turn` queries, docs/scenarios.md): the action type it
  // `spends` (a name the rule may_take reads, counted `times`), whether it `moves` the creature and
  // in which movement `mode` (a row of `movement_modes`), whether it makes an `attack` (a target
  // and a kind), whether it `provokes` attacks of opportunity, the condition it `gives` or `ends`,
  // whether it stands the creature up, priced as a movement query's `stand_up`, whether its
  // attack hits automatically as a critical hit, and the condition a defender that fails the save
  // its damage forces gains (`failed_save_gives`: a coup de grace's `dead`).
  schemas.push_back({"actions", false, false, false,
                     {Col("spends", T::kName, true), Positive(Col("times", T::kInt, true)),
                      Col("moves", T::kBool, true), Col("mode", T::kName, false), Col("attack", T::kBool, false),
                      Col("provokes", T::kBool, true), Col("gives", T::kName, false), Col("ends", T::kName, false),
                      Col("stand_up", T::kBool, false), Col("auto_critical", T::kBool, false),
                      Col("failed_save_gives", T::kName, false), Choice("attack_kind", {"melee", "ranged"}, false),
                      Col("check", T::kName, false)},
                     {},
                     {}});
  // The skill checks an action makes (an `actions` row's `check`, or a flying move's where rule
  // check_needed says so; turn queries, docs/scenarios.md): the `skill`, what a failure does
  // (`on_failure`, answered with the failed check), what the action spends when
  // rule check_automatic says it succeeds unrolled (`automatic_spends`, `none` for nothing), and
  // whether moving actions make it (`for_moves`). Rules check_dc and check_bonus give the numbers.
  schemas.push_back({"checks", false, false, false,
                     {Col("skill", T::kName, true), Col("on_failure", T::kText, true),
                      Col("automatic_spends", T::kName, false),
                      Col("for_moves", T::kBool, false)},
                     {},
                     {}});
  // The Tumble checks a moving action's `tumble:` makes (turn queries, docs/scenarios.md): a
  // check's `dc` and the DC's rise `per_extra_opponent` (rule tumble_dc reads them), whether a
  // failed check `ends_move_on_failure` (before the enemy's square), and the condition the creature
  // has `while_moving` (its speed halved, enemies' squares passable: the movement rules read it);
  // for an accelerated tumble (`accelerated: true`) the modifier on each check and the condition
  // it has instead (`accelerated_modifier`, `while_accelerated`: full speed); and whether the
  // opponents a move provokes at the same step share one check (`one_check_per_space`: Starfinder).
  schemas.push_back({"tumbles", false, false, false,
                     {Col("dc", T::kInt, true), Col("per_extra_opponent", T::kInt, true),
                      Col("ends_move_on_failure", T::kBool, true), Col("through_enemy", T::kBool, true),
                      Col("while_moving", T::kName, false), Col("accelerated_modifier", T::kInt, false),
                      Col("while_accelerated", T::kName, false), Col("one_check_per_space", T::kBool, false)},
                     {},
                     {}});
  // The Escape Artist checks a moving action's `escape_artist:` makes (turn queries): a check's
  // `dc` (rule escape_dc reads it), the `rounds` it takes per square of the tight space, whether the
  // row is the one for squeezing through a space too narrow (`squeezes_through`), the condition the
  // creature has `while_moving` (the movement rules read it) and `while_squeezed` (ending there).
  schemas.push_back({"escapes", false, false, false,
                     {Col("dc", T::kInt, true), Positive(Col("rounds", T::kInt, true)),
                      Col("squeezes_through", T::kBool, true), Col("while_moving", T::kName, false),
                      Col("while_squeezed", T::kName, false)},
                     {},
                     {}});
  // Skills a scenario may give creatures a modifier in (`bonuses: [{ to: athletics, … }]`).
  schemas.push_back({"skills", false, false, false, {}, {}, {}});
  // Weapons a creature may carry (scenario `weapons:`) and an attack may name (docs/tables.md):
  // its kind, and its range — a d20 `range_increment`, or 5e's `normal_range` and `long_range` —
  // and its `properties`, rows of `weapon_properties` the rules test with attack.has(name).
  schemas.push_back({"weapons", false, false, false,
                     {Choice("kind", {"melee", "ranged", "thrown"}, true), Col("range_increment", T::kDistance, false),
                      Col("normal_range", T::kDistance, false), Col("long_range", T::kDistance, false),
                      Col("properties", T::kNameList, false)},
                     {},
                     {}});
  // Properties a weapon may have (a `weapons` row's or a scenario weapon's `properties`: d20
  // `usable_prone`, 002 note 3); the rules read them, the engine knows none.
  schemas.push_back({"weapon_properties", false, false, false, {}, {}, {}});
  // The loads a creature may carry (scenario `load:`, row `light` the default): the most Dex bonus
  // to AC it allows (when `caps_dex`), whether it slows as medium or heavy armor does, the run multiplier.
  schemas.push_back({"loads", false, false, false,
                     {Col("caps_dex", T::kBool, false), Col("max_dex", T::kInt, false), Col("slows", T::kBool, false),
                      Col("run_multiplier", T::kNumber, false)},
                     {"light"},
                     {}});
  // Classes a creature may have levels in (scenario `levels: { monk: 5 }`; rules read level(monk)).
  schemas.push_back({"classes", false, false, false, {}, {}, {}});
  // Speed a class feature adds from a level on (3.5 monk and barbarian fast movement).
  schemas.push_back({"fast_movement", false, false, false,
                     {Positive(Col("from_level", T::kInt, true)), Col("bonus", T::kDistance, true)},
                     {},
                     {}});
  // The parts of an armor class (armor, shield, dexterity …): the attack and creature queries
  // answer each row's `ac_part` (docs/dsl.md).
  schemas.push_back({"ac_parts", false, false, false, {}, {}, {}});
  return schemas;
}

}  // namespace

const std::vector<TableSchema>& KnownTables() {
  static const std::vector<TableSchema> schemas = BuildSchemas();
  return schemas;
}

const TableSchema* FindSchema(std::string_view name) {
  for (const TableSchema& schema : KnownTables()) {
    if (schema.name == name) return &schema;
  }
  return nullptr;
}

std::vector<std::string> KnownTableNames() {
  std::vector<std::string> names;
  for (const TableSchema& schema : KnownTables()) names.push_back(schema.name);
  return names;
}

std::string DescribeType(CellType type) {
  switch (type) {
    case CellType::kName: return "a lower_snake_case name";
    case CellType::kText: return "text";
    case CellType::kInt: return "a whole number";
    case CellType::kNumber: return "a number";
    case CellType::kRatio: return "a whole number or a fraction such as '3/4'";
    case CellType::kDistance: return "a distance such as '5 ft'";
    case CellType::kBool: return "true or false";
    case CellType::kEnum: return "one of the listed names";
    case CellType::kOptionalInt: return "a whole number or n/a";
    case CellType::kNoteList: return "a list of footnote numbers";
    case CellType::kDistanceMap: return "a mapping of names to distances";
    case CellType::kColour: return "a colour such as '#7a9a5b'";
    case CellType::kNameList: return "a list of names such as [helpless, prone]";
  }
  return "a value";
}

}  // namespace rulecraft::tables
