---@meta rulecraft
-- Type definitions of the views rulecraft's Lua hooks see (docs/lua.md), for the Lua
-- language server (LuaLS): add this folder to `workspace.library`.
-- Generated from engine/hooks/views.cc; tests/unit/lua_views_test.cc checks it is current
-- (RULECRAFT_UPDATE_DOCS=1 build/tests/rulecraft_tests --gtest_filter='LuaViews.*' rewrites it).
-- A ruleset's own columns (`columns:` in a table file) extend a row class:
--   ---@class rulecraft.row.terrain
--   ---@field slippery boolean

-- A creature: `mover`, a zone's `self`, an attack's `attacker` and `defender`.
---@class rulecraft.Creature
---@field id string its id in the scenario
---@field side string its side
---@field size rulecraft.row.sizes its row of table `sizes`
---@field race? rulecraft.row.speeds its row of table `speeds`, nil when the scenario gives none
---@field armor rulecraft.row.armor its row of table `armor`
---@field shape string its shape
---@field speed rulecraft.Speeds its speeds in feet by movement kind, as the scenario gives them
---@field conditions string[] its conditions
---@field traits string[] its traits
---@field squares integer the side of its space, in squares
---@field at rulecraft.Position the top-left square of its space where the query starts
---@field facing string the scenario's `facing:`, or ""
---@field attitude string its row name of table `attitudes`, or ""
---@field has fun(self: rulecraft.Creature, name: string): boolean whether it has this condition, trait or attitude

-- A square of the map.
---@class rulecraft.Position
---@field x integer its column, 0 at the left
---@field y integer its row, 0 at the top

-- A creature's speeds in feet by movement kind.
---@class rulecraft.Speeds
---@field land? number its land speed in feet, nil when it has none
---@field fly? number its fly speed in feet, nil when it has none
---@field swim? number its swim speed in feet, nil when it has none
---@field climb? number its climb speed in feet, nil when it has none
---@field burrow? number its burrow speed in feet, nil when it has none

-- A square as the mover sees it: `square`, `step.to`, `step.side_a`, `step.side_b`.
---@class rulecraft.Square
---@field terrain rulecraft.row.terrain its row of table `terrain`
---@field occupied boolean a creature stands there
---@field ally boolean the occupant is on the mover's side
---@field size_difference number the occupant's size step minus the mover's
---@field hostile boolean the occupant is the mover's opponent
---@field has fun(self: rulecraft.Square, name: string): boolean whether the occupant has this condition, trait or attitude
---@field on_terrain fun(self: rulecraft.Square, name: string): boolean whether the ruleset's may_end lets the move end here were the square of this terrain

-- One square's step of the mover's space.
---@class rulecraft.Step
---@field to rulecraft.Square the square entered
---@field side_a rulecraft.Square for a diagonal, the square beside along x; else `to`
---@field side_b rulecraft.Square for a diagonal, the square beside along y; else `to`
---@field diagonal boolean the step is diagonal
---@field diagonal_number integer 1, 2, … for diagonals as in the rules, 0 for orthogonal steps
---@field narrowed_to number feet the mover's space is narrowed to while it squeezes, 0 when whole
---@field crosses_barrier boolean it crosses a barrier drawn between squares
---@field passes_barrier boolean a diagonal passes a barrier's end
---@field barrier? rulecraft.row.terrain the barrier's terrain row, nil when there is none
---@field on_terrain fun(self: rulecraft.Step, name: string): boolean, number? the ruleset's may_enter and step_cost for this step were its square of this terrain

-- An attack (combat hooks).
---@class rulecraft.Attack
---@field attacker rulecraft.Creature the attacking creature
---@field defender rulecraft.Creature the defending creature
---@field melee boolean a melee attack
---@field ranged boolean a ranged attack
---@field flanking boolean the attacker flanks the defender
---@field adjacent boolean the two are adjacent
---@field reach_weapon boolean the attacker wields a reach weapon
---@field cover string the row of table `cover` the rules chose, or ""
---@field concealment string the row of table `concealment` the rules chose, or ""

-- The scenario's map (global `map`).
---@class rulecraft.Map
---@field width integer its width in squares
---@field height integer its height in squares

-- The ruleset (global `rules`).
---@class rulecraft.Rules
---@field name string its name
---@field title string its title
---@field square_ft number feet per square
---@field diagonal_cycle integer how many diagonals make one cycle of costs
---@field lineage string[] the ruleset names, the base first
---@field tables rulecraft.Tables its tables by name

-- A row of a table: its name, label and table, then its columns (nil where the row leaves one
-- out or it is n/a; distances in feet).
---@class rulecraft.Row
---@field name string the row's name
---@field label string the row's label
---@field table string the table's name

---@class rulecraft.row.sizes: rulecraft.Row
---@field space number column `space`
---@field fits_per_square integer column `fits_per_square`
---@field reach_tall? number column `reach_tall`
---@field reach_long? number column `reach_long`
---@field size_modifier? integer column `size_modifier`
---@field grapple_modifier? integer column `grapple_modifier`
---@field hide_modifier? integer column `hide_modifier`
---@field height? string column `height`
---@field weight? string column `weight`

---@class rulecraft.row.armor: rulecraft.Row
---@field max_dex? integer column `max_dex`

---@class rulecraft.row.speeds: rulecraft.Row
---@field speed table<string, number> column `speed`

---@class rulecraft.row.terrain: rulecraft.Row
---@field difficult boolean column `difficult`
---@field obstacle "none"|"hampering"|"blocking" column `obstacle`
---@field blocks_corners boolean column `blocks_corners`
---@field cover "none"|"low"|"full" column `cover`
---@field concealment "none"|"partial"|"total" column `concealment`
---@field hampers_flyers? boolean column `hampers_flyers`
---@field dark? boolean column `dark`
---@field open_above? boolean column `open_above`
---@field width? number column `width`
---@field least_cover? string column `least_cover`
---@field colour? string column `colour`

---@class rulecraft.row.movement_modes: rulecraft.Row
---@field action "move"|"two_moves"|"full_round" column `action`
---@field multiplier? number column `multiplier`
---@field distance? number column `distance`

---@class rulecraft.row.attack_modifiers: rulecraft.Row
---@field melee? integer column `melee`
---@field ranged? integer column `ranged`
---@field notes? integer[] column `notes`

---@class rulecraft.row.ac_modifiers: rulecraft.Row
---@field melee? integer column `melee`
---@field ranged? integer column `ranged`
---@field notes? integer[] column `notes`

---@class rulecraft.row.movement_scales: rulecraft.Row
---@field per_round number column `per_round`
---@field per_minute number column `per_minute`
---@field mph_per_10_ft number column `mph_per_10_ft`

---@class rulecraft.row.travel_terrain: rulecraft.Row
---@field highway number column `highway`
---@field road number column `road`
---@field trail number column `trail`
---@field trackless number column `trackless`

---@class rulecraft.row.bonus_types: rulecraft.Row
---@field bonuses "stack"|"highest"|"highest_per_source" column `bonuses`
---@field penalties "stack"|"lowest" column `penalties`

---@class rulecraft.row.cover: rulecraft.Row
---@field ac? integer column `ac`
---@field reflex? integer column `reflex`
---@field hide? integer column `hide`
---@field allows_hide boolean column `allows_hide`
---@field attack_possible boolean column `attack_possible`
---@field attacks_of_opportunity boolean column `attacks_of_opportunity`
---@field notes? integer[] column `notes`

---@class rulecraft.row.concealment: rulecraft.Row
---@field miss_chance integer column `miss_chance`
---@field blocks_sight boolean column `blocks_sight`
---@field allows_hide boolean column `allows_hide`
---@field attacks_of_opportunity boolean column `attacks_of_opportunity`

---@class rulecraft.row.speed_kinds: rulecraft.Row
---@field running? "allowed"|"forbidden"|"straight_line" column `running`

---@class rulecraft.row.maneuverability: rulecraft.Row
---@field fly_check integer column `fly_check`
---@field may_hover? boolean column `may_hover`

---@class rulecraft.row.gravity: rulecraft.Row
---@field rise_extra number column `rise_extra`

---@class rulecraft.row.travel_days: rulecraft.Row
---@field hours integer column `hours`

---@class rulecraft.row.winds: rulecraft.Row
---@field hinders_flight boolean column `hinders_flight`

---@class rulecraft.row.chase_scales: rulecraft.Row
---@field check_after integer column `check_after`
---@field unit string column `unit`

---@class rulecraft.row.conditions: rulecraft.Row
---@field stand_up_ends? boolean column `stand_up_ends`
---@field forbids_movement? boolean column `forbids_movement`
---@field incapacitates? boolean column `incapacitates`
---@field brings? string[] column `brings`
---@field keeps_away_from_source? boolean column `keeps_away_from_source`
---@field notes? integer[] column `notes`

---@class rulecraft.row.area_shapes: rulecraft.Row
---@field turns_corners boolean column `turns_corners`
---@field cover_applies boolean column `cover_applies`
---@field form? "radius"|"cone"|"line" column `form`
---@field cone_half_width? number column `cone_half_width`
---@field line_width? number column `line_width`

---@class rulecraft.row.attitudes: rulecraft.Row
---@field hostile boolean column `hostile`

---@class rulecraft.row.actions: rulecraft.Row
---@field spends string column `spends`
---@field times integer column `times`
---@field moves boolean column `moves`
---@field mode? string column `mode`
---@field attack? boolean column `attack`
---@field provokes boolean column `provokes`
---@field gives? string column `gives`
---@field ends? string column `ends`
---@field stand_up? boolean column `stand_up`
---@field auto_critical? boolean column `auto_critical`
---@field failed_save_gives? string column `failed_save_gives`
---@field attack_kind? "melee"|"ranged" column `attack_kind`
---@field check? string column `check`

---@class rulecraft.row.checks: rulecraft.Row
---@field skill string column `skill`
---@field on_failure string column `on_failure`
---@field automatic_spends? string column `automatic_spends`
---@field for_moves? boolean column `for_moves`

---@class rulecraft.row.tumbles: rulecraft.Row
---@field dc integer column `dc`
---@field per_extra_opponent integer column `per_extra_opponent`
---@field ends_move_on_failure boolean column `ends_move_on_failure`
---@field through_enemy boolean column `through_enemy`
---@field while_moving? string column `while_moving`
---@field accelerated_modifier? integer column `accelerated_modifier`
---@field while_accelerated? string column `while_accelerated`
---@field one_check_per_space? boolean column `one_check_per_space`

---@class rulecraft.row.escapes: rulecraft.Row
---@field dc integer column `dc`
---@field rounds integer column `rounds`
---@field squeezes_through boolean column `squeezes_through`
---@field while_moving? string column `while_moving`
---@field while_squeezed? string column `while_squeezed`

---@class rulecraft.row.skills: rulecraft.Row

---@class rulecraft.row.weapons: rulecraft.Row
---@field kind "melee"|"ranged"|"thrown" column `kind`
---@field range_increment? number column `range_increment`
---@field normal_range? number column `normal_range`
---@field long_range? number column `long_range`
---@field properties? string[] column `properties`

---@class rulecraft.row.weapon_properties: rulecraft.Row

---@class rulecraft.row.loads: rulecraft.Row
---@field caps_dex? boolean column `caps_dex`
---@field max_dex? integer column `max_dex`
---@field slows? boolean column `slows`
---@field run_multiplier? number column `run_multiplier`

---@class rulecraft.row.classes: rulecraft.Row

---@class rulecraft.row.fast_movement: rulecraft.Row
---@field from_level integer column `from_level`
---@field bonus number column `bonus`

---@class rulecraft.row.ac_parts: rulecraft.Row

-- The ruleset's tables by name: `rules.tables.terrain.open`, `rules.tables.sizes[1]`.
---@class rulecraft.Tables
---@field sizes {[string]: rulecraft.row.sizes, [integer]: rulecraft.row.sizes} table `sizes`
---@field armor {[string]: rulecraft.row.armor, [integer]: rulecraft.row.armor} table `armor`
---@field speeds {[string]: rulecraft.row.speeds, [integer]: rulecraft.row.speeds} table `speeds`
---@field terrain {[string]: rulecraft.row.terrain, [integer]: rulecraft.row.terrain} table `terrain`
---@field movement_modes {[string]: rulecraft.row.movement_modes, [integer]: rulecraft.row.movement_modes} table `movement_modes`
---@field attack_modifiers {[string]: rulecraft.row.attack_modifiers, [integer]: rulecraft.row.attack_modifiers} table `attack_modifiers`
---@field ac_modifiers {[string]: rulecraft.row.ac_modifiers, [integer]: rulecraft.row.ac_modifiers} table `ac_modifiers`
---@field movement_scales? {[string]: rulecraft.row.movement_scales, [integer]: rulecraft.row.movement_scales} table `movement_scales`
---@field travel_terrain? {[string]: rulecraft.row.travel_terrain, [integer]: rulecraft.row.travel_terrain} table `travel_terrain`
---@field bonus_types? {[string]: rulecraft.row.bonus_types, [integer]: rulecraft.row.bonus_types} table `bonus_types`
---@field cover? {[string]: rulecraft.row.cover, [integer]: rulecraft.row.cover} table `cover`
---@field concealment? {[string]: rulecraft.row.concealment, [integer]: rulecraft.row.concealment} table `concealment`
---@field speed_kinds? {[string]: rulecraft.row.speed_kinds, [integer]: rulecraft.row.speed_kinds} table `speed_kinds`
---@field maneuverability? {[string]: rulecraft.row.maneuverability, [integer]: rulecraft.row.maneuverability} table `maneuverability`
---@field gravity? {[string]: rulecraft.row.gravity, [integer]: rulecraft.row.gravity} table `gravity`
---@field travel_days? {[string]: rulecraft.row.travel_days, [integer]: rulecraft.row.travel_days} table `travel_days`
---@field winds? {[string]: rulecraft.row.winds, [integer]: rulecraft.row.winds} table `winds`
---@field chase_scales? {[string]: rulecraft.row.chase_scales, [integer]: rulecraft.row.chase_scales} table `chase_scales`
---@field conditions? {[string]: rulecraft.row.conditions, [integer]: rulecraft.row.conditions} table `conditions`
---@field area_shapes? {[string]: rulecraft.row.area_shapes, [integer]: rulecraft.row.area_shapes} table `area_shapes`
---@field attitudes? {[string]: rulecraft.row.attitudes, [integer]: rulecraft.row.attitudes} table `attitudes`
---@field actions? {[string]: rulecraft.row.actions, [integer]: rulecraft.row.actions} table `actions`
---@field checks? {[string]: rulecraft.row.checks, [integer]: rulecraft.row.checks} table `checks`
---@field tumbles? {[string]: rulecraft.row.tumbles, [integer]: rulecraft.row.tumbles} table `tumbles`
---@field escapes? {[string]: rulecraft.row.escapes, [integer]: rulecraft.row.escapes} table `escapes`
---@field skills? {[string]: rulecraft.row.skills, [integer]: rulecraft.row.skills} table `skills`
---@field weapons? {[string]: rulecraft.row.weapons, [integer]: rulecraft.row.weapons} table `weapons`
---@field weapon_properties? {[string]: rulecraft.row.weapon_properties, [integer]: rulecraft.row.weapon_properties} table `weapon_properties`
---@field loads? {[string]: rulecraft.row.loads, [integer]: rulecraft.row.loads} table `loads`
---@field classes? {[string]: rulecraft.row.classes, [integer]: rulecraft.row.classes} table `classes`
---@field fast_movement? {[string]: rulecraft.row.fast_movement, [integer]: rulecraft.row.fast_movement} table `fast_movement`
---@field ac_parts? {[string]: rulecraft.row.ac_parts, [integer]: rulecraft.row.ac_parts} table `ac_parts`

---@type rulecraft.Rules
rules = {}

---@type rulecraft.Map
map = {}
