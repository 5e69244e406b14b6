#include "dsl/check/environment.h"

#include <iterator>

#include "dsl/check/name_index.h"
#include "dsl/check/quick_hash.h"

namespace rulecraft::check {

using ast::Type;

int RecordKind::FieldIndex(std::string_view field) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == field) return static_cast<int>(i);
  }
  return -1;
}

const std::vector<RecordKind>& RecordKinds() {
  // Built from an array, whose elements are moved into the vector (an initializer list's are
  // copied).
  static const std::vector<RecordKind> kinds = [] {
    RecordKind list[] = {
      {"creature",
       {{"size", Type::Row("sizes"), "its size category"},
        {"race", Type::Row("speeds"), "its race (a row of `speeds`); see has_race"},
        {"armor", Type::Row("armor"), "the armor category it wears"},
        {"has_race", Type::Bool(), "whether the scenario gave a race"},
        {"land", Type::Distance(), "the land speed the scenario gave, or 0 ft"},
        {"has_land", Type::Bool(), "whether the scenario gave a land speed"},
        {"long", Type::Bool(), "a long (quadruped) body rather than a tall one (scenario `shape: long`)"},
        {"moving", Type::Row("speed_kinds"),
         "the speed kind a movement query moves it by (a row of `speed_kinds`; `land` unless the query says `speed:`)"},
        {"fly", Type::Distance(), "the fly speed the scenario gave, or 0 ft"},
        {"swim", Type::Distance(), "the swim speed the scenario gave, or 0 ft"},
        {"climb", Type::Distance(), "the climb speed the scenario gave, or 0 ft"},
        {"burrow", Type::Distance(), "the burrow speed the scenario gave, or 0 ft"},
        {"maneuverability", Type::Row("maneuverability"),
         "how well it flies (a row of `maneuverability`; the scenario's, else the row `average`)"},
        {"squeezed", Type::Bool(),
         "it stands squeezed into a band of its space: placed in a passage narrower than it, or at a squeezed place of a route"},
        {"strength", Type::Number(), "its Strength score (scenario `abilities: { str }`, default 10)"},
        {"dexterity", Type::Number(), "its Dexterity score (`abilities: { dex }`, default 10)"},
        {"constitution", Type::Number(), "its Constitution score (`abilities: { con }`, default 10)"},
        {"intelligence", Type::Number(), "its Intelligence score (`abilities: { int }`, default 10)"},
        {"wisdom", Type::Number(), "its Wisdom score (`abilities: { wis }`, default 10)"},
        {"charisma", Type::Number(), "its Charisma score (`abilities: { cha }`, default 10)"},
        {"ac_armor", Type::Number(), "its armor bonus to AC (scenario `ac: { armor }`, default 0; Starfinder: the EAC bonus)"},
        {"ac_kinetic_armor", Type::Number(), "Starfinder: its armor's KAC bonus (`ac: { kinetic_armor }`, default ac_armor)"},
        {"ac_shield", Type::Number(), "its shield bonus to AC (`ac: { shield }`, default 0)"},
        {"ac_natural", Type::Number(), "its natural armor bonus (`ac: { natural }`, default 0)"},
        {"ac_deflection", Type::Number(), "its deflection bonus to AC (`ac: { deflection }`, default 0)"},
        {"ac_dodge", Type::Number(), "its dodge bonus to AC (`ac: { dodge }`, default 0)"},
        {"ac_misc", Type::Number(), "any other bonus to AC it always has (`ac: { misc }`, default 0)"},
        {"ac_max_dex", Type::Number(),
         "the most Dex bonus to AC its armor allows (`ac: { max_dex }`, else the `armor` row's max_dex); see ac_caps_dex"},
        {"ac_caps_dex", Type::Bool(), "whether its armor caps its Dex bonus to AC (ac_max_dex holds the cap)"},
        {"load", Type::Row("loads"), "the load it carries (scenario `load:`, a row of `loads`; default light)"},
        {"cr", Type::Number(), "its challenge rating (scenario `cr:`, 1/2 as 0.5; default 0; Starfinder's tumble DCs read it)"}},
       true,
       true,
       "a creature of the scenario"},
      {"attack",
       {{"melee", Type::Bool(), "a melee attack"},
        {"ranged", Type::Bool(), "a ranged attack"},
        {"attacker", Type::Record("creature"), "who attacks"},
        {"defender", Type::Record("creature"), "who is attacked"},
        {"flanking", Type::Bool(), "an ally threatening the defender stands on its opposite border or corner"},
        {"reach_weapon", Type::Bool(), "the attacker wields a reach weapon"},
        {"adjacent", Type::Bool(), "the attacker's and defender's spaces touch"},
        {"adjacent_hostiles", Type::Number(), "creatures hostile to the attacker whose spaces touch its space, none of whose conditions `incapacitates` (table conditions)"},
        {"distance", Type::Distance(), "from the attacker's space to the defender's nearest square (rule gap_distance; an adjacent square is one square away)"},
        {"weapon_named", Type::Bool(), "the attack names a weapon (the query's `weapon: <name>`: one the attacker carries, else a row of table weapons)"},
        {"thrown", Type::Bool(), "that weapon is thrown (kind thrown)"},
        {"range_increment", Type::Distance(), "that weapon's range increment (d20), or 0 ft: no range"},
        {"normal_range", Type::Distance(), "that weapon's normal range (5e), or 0 ft: none"},
        {"long_range", Type::Distance(), "that weapon's long range (5e), or 0 ft: none"},
        {"cover", Type::Row("cover"), "the cover the defender has (rule cover_degree; set before attack_bonus and ac_bonus)"},
        {"concealment", Type::Row("concealment"), "the defender's concealment (rule concealment_degree; set before attack_bonus and ac_bonus)"},
        {"line_of_effect", Type::Bool(), "some line from an attacker's corner to a defender's corner passes neither through a wall nor between two walls"},
        {"line_of_sight", Type::Bool(), "the same, squares whose concealment blocks sight counted as walls, ending at a defender square that does not block sight"},
        {"wall_lines", Type::Number(), "of the four lines from the chosen corner, those through a wall, along its border or through its corner"},
        {"low_lines", Type::Number(), "of those lines, those meeting a low obstacle (terrain cover: low)"},
        {"creature_lines", Type::Number(), "of those lines, those through the inside of another creature's square"},
        {"friend_lines", Type::Number(), "of those lines, those through only a friend whose square the defender shares (moves through)"},
        {"concealing_lines", Type::Number(), "of those lines, those meeting a concealing square (rule square_concealment)"},
        {"blocked_lines", Type::Number(), "of those lines, those through a wall (not only grazing it), meeting a low obstacle or through a creature (each line once)"},
        {"through_wall_lines", Type::Number(), "of those lines, those through a wall's inside or between two walls, not only grazing its border or corner"},
        {"low_obstacle", Type::Bool(), "a low obstacle lies on those lines"},
        {"low_obstacle_distance", Type::Distance(), "from the defender's space to that low obstacle nearest it (rule gap_distance)"},
        {"low_obstacle_attacker_distance", Type::Distance(), "from the attacker's space to the same obstacle (rule gap_distance)"},
        {"defender_space_concealed", Type::Bool(), "every square of the defender's space is concealing"},
        {"defender_space_hidden", Type::Bool(), "every square of the defender's space blocks sight"},
        {"wall_between", Type::Bool(), "some line from any corner of the attacker's squares to a corner of the defender's passes through a wall (adjacent melee's cover)"},
        {"attacker_space_hidden", Type::Bool(), "every square of the attacker's space blocks sight (rule square_concealment): who is attacked cannot see the attacker there"},
        {"least_cover", Type::Row("cover"), "the most protective `least_cover` (terrain column: an arrow slit's three-quarters) of the squares those lines pass through; the first row when none"}},
       true,
       false,
       "an attack: its kind and the conditions that hold (has)"},
      {"square",
       {{"terrain", Type::Row("terrain"), "its terrain kind"},
        {"occupied", Type::Bool(), "another creature stands in it"},
        {"ally", Type::Bool(), "that creature is on the mover's side"},
        {"size_difference", Type::Number(),
         "that creature's size step minus the mover's (3: three categories larger)"},
        {"hostile", Type::Bool(),
         "that creature is the mover's opponent: on another side and hostile by its attitude (table `attitudes`)"}},
       true,
       false,
       "a square of the map as one creature sees it; has(name): the occupant's conditions and traits"},
      {"step",
       {{"to", Type::Record("square"), "the square entered"},
        {"side_a", Type::Record("square"), "for a diagonal step, the square beside it along x (else `to`)"},
        {"side_b", Type::Record("square"), "for a diagonal step, the square beside it along y (else `to`)"},
        {"diagonal", Type::Bool(), "a diagonal step"},
        {"diagonal_number", Type::Number(),
         "which diagonal of the move this is, counted around the ruleset's diagonal_cycle (1, 2, 1, 2 …); 0 if orthogonal"},
        {"turn", Type::Number(),
         "45° turns from the direction of the previous step (0 to 4; 0 on the first step, and when the rule tracks_facing is not true)"},
        {"narrowed_to", Type::Distance(),
         "the width the mover's space is narrowed to while it squeezes between obstacles (a Large creature in a one-square corridor: 5 ft; rule may_squeeze); 0 ft when the space is whole"},
        {"crosses_barrier", Type::Bool(), "the step crosses a barrier on the edge between two squares (a map's edges: a low wall, a fence)"},
        {"passes_barrier", Type::Bool(),
         "a diagonal step passes the end of a barrier at the corner it goes round, without crossing it"},
        {"barrier", Type::Row("terrain"), "that barrier's terrain kind (when crosses_barrier or passes_barrier)"}},
       false,
       false,
       "one step of a route, for one square of the mover's space"},
      {"turn",
       {{"standard", Type::Number(), "standard actions taken so far this turn (actions whose `spends` is standard, table actions)"},
        {"move", Type::Number(), "move actions taken so far (a row with `times: 2` counts twice)"},
        {"full_round", Type::Number(), "full-round actions taken so far"},
        {"five_foot_step", Type::Bool(), "a 5-foot step was taken (an action whose `spends` is five_foot_step)"},
        {"moved", Type::Bool(), "an earlier action of the turn moved the creature (a row with `moves: true`), 5-foot step included"},
        {"moved_ft", Type::Distance(), "the movement the turn's earlier actions used"},
        {"swift", Type::Number(), "swift actions taken so far (Starfinder, 3.5)"},
        {"action", Type::Number(), "actions taken so far (5e: an `action`)"},
        {"bonus_action", Type::Number(), "bonus actions taken so far (5e)"},
        {"reaction", Type::Number(), "reactions taken so far this round (a state passed back in carries them)"}},
       true,
       false,
       "what a creature's turn has used before the action asked about (turn queries; a `spends` value names the count it "
       "adds to); has(NAME): an earlier action of the turn was the row NAME of table actions, or spent the type NAME"},
      {"journey",
       {{"speed", Type::Distance(), "the traveller's speed"},
        {"pace", Type::Row("movement_scales"), "walk, hustle or run"},
        {"terrain", Type::Row("travel_terrain"), "the terrain crossed"},
        {"highway", Type::Bool(), "on a highway"},
        {"road", Type::Bool(), "on a road"},
        {"trail", Type::Bool(), "on a trail"},
        {"trackless", Type::Bool(), "off any road"},
        {"vehicle", Type::Row("travel_days"), "how the traveller goes (on foot, a vehicle …)"},
        {"constitution", Type::Number(), "the traveller's Constitution score (the query's constitution, else 10)"},
        {"hit_points", Type::Number(), "the traveller's hit points (the query's hit_points, else 0: not given)"}},
       false,
       false,
       "overland travel (travel queries)"},
      {"chaser",
       {{"speed", Type::Distance(), "its speed: the creature's land speed (rule speed), or the speed the query gives"},
        {"dexterity", Type::Number(), "its Dexterity score (the query's dexterity, else 10)"},
        {"constitution", Type::Number(), "its Constitution score (the query's constitution, else 10)"}},
       false,
       false,
       "one side of a chase (chase queries)"},
      {"chase",
       {{"pursuer", Type::Record("chaser"), "who gives chase"},
        {"quarry", Type::Record("chaser"), "who flees"},
        {"scale", Type::Row("chase_scales"), "the scale the chase is run on (a row of `chase_scales`)"}},
       false,
       false,
       "a chase (chase queries)"},
    };
    return std::vector<RecordKind>(std::make_move_iterator(std::begin(list)), std::make_move_iterator(std::end(list)));
  }();
  return kinds;
}

const RecordKind* FindRecordKind(std::string_view name) {
  for (const RecordKind& kind : RecordKinds()) {
    if (kind.name == name) return &kind;
  }
  return nullptr;
}

const std::vector<HookPoint>& HookPoints() {
  // Built from an array, as RecordKinds is.
  static const std::vector<HookPoint> hooks = [] {
    HookPoint list[] = {
      {"speed", {{"mover", Type::Record("creature")}}, Type::Distance(),
       "a creature's land speed, bonuses and armor applied"},
      {"may_squeeze",
       {{"mover", Type::Record("creature")}, {"mode", Type::Row("movement_modes")}},
       Type::Bool(), "whether a creature of several squares may narrow its space to squeeze between obstacles"},
      {"mode_distance",
       {{"mover", Type::Record("creature")}, {"speed", Type::Distance()}, {"mode", Type::Row("movement_modes")}},
       Type::Distance(), "how far a creature with this speed moves in a movement mode"},
      {"may_switch_speeds", {{"mover", Type::Record("creature")}}, Type::Bool(),
       "whether a creature may switch between its speed kinds during one move (a movement query naming several)"},
      {"tracks_facing", {{"mover", Type::Record("creature")}, {"mode", Type::Row("movement_modes")}}, Type::Bool(),
       "whether the route search carries the direction of the last step (step.turn) for this kind and mode"},
      {"stand_up_cost", {{"mover", Type::Record("creature")}, {"speed", Type::Distance()}}, Type::Distance(),
       "the movement standing up costs (a movement query's stand_up)"},
      {"may_stand_up",
       {{"mover", Type::Record("creature")}, {"speed", Type::Distance()}, {"left", Type::Distance()}},
       Type::Bool(), "whether the creature may stand up, with this speed and this much movement left"},
      {"drop_prone_cost", {{"mover", Type::Record("creature")}}, Type::Distance(),
       "the movement dropping prone costs (route and path queries' drop_prone: at the end of the move)"},
      {"falls", {{"mover", Type::Record("creature")}, {"fly_speed", Type::Distance()}}, Type::Bool(),
       "whether a creature in the air falls (speed queries)"},
      {"rise_cost", {{"mover", Type::Record("creature")}, {"rise", Type::Number()}, {"gravity", Type::Row("gravity")}},
       Type::Number(),
       "squares of movement one square straight up (rise 1) or down (rise -1) costs; negative: not possible"},
      {"fly_check", {{"mover", Type::Record("creature")}}, Type::Number(),
       "the modifier to a flier's fly checks (speed queries)"},
      {"may_hover", {{"mover", Type::Record("creature")}}, Type::Bool(), "whether a flier may hover (speed queries)"},
      {"hover_automatic", {{"mover", Type::Record("creature")}}, Type::Bool(),
       "whether a flier's checks to hover succeed without a roll (speed queries)"},
      {"leaves_tunnel", {{"mover", Type::Record("creature")}}, Type::Bool(),
       "whether a burrowing creature leaves the squares it burrowed through open for others (path and route queries by the burrow speed)"},
      {"fly_check_needed", {{"mover", Type::Record("creature")}, {"wind", Type::Row("winds")}}, Type::Bool(),
       "whether flying straight at its fly speed needs a fly check in the scenario's wind (speed queries)"},
      {"climb_check", {{"mover", Type::Record("creature")}}, Type::Number(),
       "the modifier to a climber's checks to climb (speed queries of a creature with a climb speed)"},
      {"swim_check", {{"mover", Type::Record("creature")}}, Type::Number(),
       "the modifier to a swimmer's checks to swim (speed queries of a creature with a swim speed)"},
      {"attack_modifier", {{"attack", Type::Record("attack")}}, Type::Number(),
       "the total modifier of an attack roll, the defender's AC subtracted"},
      {"step_cost",
       {{"mover", Type::Record("creature")}, {"step", Type::Record("step")}, {"mode", Type::Row("movement_modes")}},
       Type::Number(), "what one step costs, in squares (for a creature of several squares, each square's step; the most costly counts)"},
      {"may_enter",
       {{"mover", Type::Record("creature")}, {"step", Type::Record("step")}, {"mode", Type::Row("movement_modes")}},
       Type::Bool(), "whether the step may be taken at all (every square of the mover's space must allow it)"},
      {"may_end",
       {{"mover", Type::Record("creature")}, {"square", Type::Record("square")}, {"mode", Type::Row("movement_modes")}},
       Type::Bool(), "whether a move may end with the mover on this square (every square of its space must allow it)"},
      {"may_occupy",
       {{"mover", Type::Record("creature")}, {"square", Type::Record("square")}},
       Type::Bool(),
       "optional: whether a creature may be placed on this square at all (a scenario's `at`: every square of its space, "
       "or of the band it squeezes to, must allow it); without it, any square"},
      {"may_share",
       {{"mover", Type::Record("creature")}, {"square", Type::Record("square")}},
       Type::Bool(),
       "optional: whether a creature may be placed in a square another creature occupies (`square`: that occupant as "
       "the mover sees it), beyond what fits_per_square allows; without it, no creatures share a square"},
      {"threatens",
       {{"attacker", Type::Record("creature")}, {"reach_weapon", Type::Bool()}, {"dx", Type::Number()}, {"dy", Type::Number()}},
       Type::Bool(),
       "whether a creature threatens a square dx and dy squares beyond its space (0, 0: a square of its own space)"},
      {"reaches",
       {{"attacker", Type::Record("creature")}, {"reach_weapon", Type::Bool()}, {"dx", Type::Number()}, {"dy", Type::Number()}},
       Type::Bool(),
       "optional: whether a creature can attack into a square dx and dy squares beyond its space; without it, threatens"},
      {"may_act", {{"creature", Type::Record("creature")}}, Type::Bool(),
       "optional: whether the creature's conditions let it act at all (creature queries)"},
      {"threatens_at_all", {{"creature", Type::Record("creature")}}, Type::Bool(),
       "optional: whether the creature's conditions let it threaten any square (creature queries)"},
      {"makes_attacks_of_opportunity", {{"creature", Type::Record("creature")}}, Type::Bool(),
       "optional: whether the creature's conditions let it make attacks of opportunity (creature queries)"},
      {"may_attack", {{"attack", Type::Record("attack")}}, Type::Bool(),
       "optional: whether the attacker may make this attack at all (false: the attack query answers not possible)"},
      {"provokes",
       {{"mover", Type::Record("creature")}, {"threatener", Type::Record("creature")}, {"mode", Type::Row("movement_modes")}},
       Type::Bool(),
       "optional: whether moving out of a square an opponent threatens provokes its attack of opportunity (path and route results)"},
      {"provokes_only_leaving_reach", {}, Type::Bool(),
       "optional: true when a move provokes only as it leaves every square an opponent threatens (out of its reach, "
       "5e); without it, or false, leaving any threatened square provokes (d20)"},
      {"closer_legal_end", {}, Type::Bool(),
       "routes that stop where the creature may not end: whether a legal square closer than the last legal one of the route may take it (d20)"},
      {"closest_ties_rolled", {}, Type::Bool(),
       "`closest` queries: whether equally close creatures are told apart by a roll (true) or chosen by the acting creature (false)"},
      {"may_react", {{"creature", Type::Record("creature")}}, Type::Bool(),
       "optional: whether a creature may take a reaction now (attack queries with `reaction: true`)"},
      {"advantage", {{"attack", Type::Record("attack")}}, Type::Bool(),
       "optional: whether the attack roll has advantage (attack queries answer `advantage`)"},
      {"disadvantage", {{"attack", Type::Record("attack")}}, Type::Bool(),
       "optional: whether the attack roll has disadvantage (attack queries answer `disadvantage`)"},
      {"critical_on_hit", {{"attack", Type::Record("attack")}}, Type::Bool(),
       "optional: whether a hit by this attack is a critical hit (5e: against a paralyzed or unconscious "
       "creature from within 5 feet); attack queries answer `critical_on_hit`"},
      {"armor_class", {{"defender", Type::Record("creature")}, {"attack", Type::Record("attack")}}, Type::Number(),
       "optional: the defender's armor class against this attack before the attack's modifiers (ac_bonus); attack "
       "queries answer defender_ac = armor_class + ac_bonus, creature queries armor_class against a plain melee attack"},
      {"ac_part", {{"defender", Type::Record("creature")}, {"attack", Type::Record("attack")}, {"part", Type::Row("ac_parts")}},
       Type::Number(), "optional: one part of armor_class (a row of `ac_parts`), answered in ac_parts"},
      {"ability_modifier", {{"score", Type::Number()}}, Type::Number(),
       "optional: the modifier of an ability score (creature queries answer each ability's)"},
      {"attack_bonus", {{"attack", Type::Record("attack")}}, Type::Number(),
       "the attacker's total modifier on the attack roll"},
      {"ac_bonus", {{"attack", Type::Record("attack")}}, Type::Number(),
       "the total modifier of the defender's AC against this attack"},
      {"gap_distance", {{"dx", Type::Number()}, {"dy", Type::Number()}}, Type::Distance(),
       "how far a square lies dx and dy squares beyond a space (cover: distances to low obstacles)"},
      {"square_concealment", {{"attack", Type::Record("attack")}, {"terrain", Type::Row("terrain")}}, Type::Row("concealment"),
       "the concealment a square of this terrain gives against this attack (a row of `concealment`)"},
      {"cover_degree", {{"attack", Type::Record("attack")}}, Type::Row("cover"),
       "the cover the lines of one choice of the attacker give (a row of `cover`); the attacker takes the earliest row"},
      {"concealment_degree", {{"attack", Type::Record("attack")}}, Type::Row("concealment"),
       "the concealment the lines of one choice of the attacker give (a row of `concealment`); the earliest row counts"},
      {"may_take", {{"turn", Type::Record("turn")}, {"action", Type::Row("actions")}}, Type::Bool(),
       "optional: whether a turn that has used what `turn` says may take this action next (turn queries; table actions)"},
      {"creature_may_take",
       {{"mover", Type::Record("creature")}, {"turn", Type::Record("turn")}, {"action", Type::Row("actions")}},
       Type::Bool(),
       "optional: whether this creature, by its conditions and traits, may take the action after what `turn` has used "
       "(turn queries; asked after may_take: a dazed creature takes none, 5e Extra Attack needs the trait)"},
      {"turn_pace", {{"turn", Type::Record("turn")}}, Type::Row("movement_scales"),
       "optional: the pace (a row of `movement_scales`) a turn that moved moved at, after all its actions (turn "
       "queries' `pace`; Starfinder: a move and another action is hustling)"},
      {"turn_mode", {{"turn", Type::Record("turn")}, {"action", Type::Row("actions")}}, Type::Row("movement_modes"),
       "optional: the movement mode a moving action of table actions moves in after what `turn` has used (5e: Dash "
       "doubles the turn's movement); without it, the row's `mode`"},
      {"turn_used_ft", {{"turn", Type::Record("turn")}, {"action", Type::Row("actions")}}, Type::Distance(),
       "optional: the movement already spent from the budget this moving action moves by (5e: the turn's movement is "
       "split around actions, turn.moved_ft); without it, 0 ft: each moving action has its own budget"},
      {"action_may_target",
       {{"action", Type::Row("actions")}, {"attacker", Type::Record("creature")}, {"defender", Type::Record("creature")}},
       Type::Bool(),
       "optional: whether an attacking row of table actions may be made against this defender (turn queries; a coup "
       "de grace only against a helpless one); without it, any defender the attack query allows"},
      {"action_save_dc", {{"action", Type::Row("actions")}, {"damage", Type::Number()}}, Type::Number(),
       "optional: the DC of the save an attacking action's damage forces on the defender, 0 for none (turn queries "
       "with `damage:`; a coup de grace: Fortitude DC 10 + the damage)"},
      {"save_succeeds", {{"roll", Type::Number()}, {"total", Type::Number()}, {"dc", Type::Number()}}, Type::Bool(),
       "optional: whether a saving throw whose d20 came up `roll`, `total` with its modifier, meets `dc` (turn queries, "
       "an attacking action's `save:`; SRD: a natural 1 always fails, a natural 20 always succeeds); without it, "
       "total >= dc"},
      {"move_then_attack_may_end",
       {{"action", Type::Row("actions")}, {"end_ft", Type::Distance()}, {"closest_ft", Type::Distance()}},
       Type::Bool(),
       "optional: whether an action that moves and then attacks (a charge) may end its move `end_ft` from where it "
       "started, when the closest square from which it could attack its target lies `closest_ft` away (rule "
       "gap_distance; turn queries)"},
      {"must_tumble_past", {{"mover", Type::Record("creature")}, {"opponent", Type::Record("creature")}}, Type::Bool(),
       "optional: whether a tumbling move checks against this opponent it passes (turn queries, a move's `tumble:`; "
       "d20: one that makes attacks of opportunity — a helpless one is passed without a check); without it, every "
       "opponent"},
      {"tumble_dc",
       {{"kind", Type::Row("tumbles")}, {"earlier", Type::Number()}, {"opponent", Type::Record("creature")},
        {"others", Type::Number()}, {"surface", Type::Row("terrain")}},
       Type::Number(),
       "optional: the DC of a Tumble check of this kind (a row of `tumbles`) after `earlier` checks this round, against "
       "`opponent`, with `others` more opponents sharing the check (a row with one_check_per_space), made to tumble "
       "into a square of terrain `surface` (turn queries, a move's `tumble:`; SRD Tumble: 15, 25 through an enemy's square, +2 "
       "per additional opponent, the surface's modifier; Starfinder: 15 or 20 + 1-1/2 x the opponent's CR)"},
      {"may_tumble", {{"mover", Type::Record("creature")}}, Type::Bool(),
       "optional: whether the creature may tumble at all (turn queries, a move's `tumble:`; SRD Tumble: not when its "
       "speed is reduced by armor or load; Starfinder: not encumbered or overburdened); without it, always"},
      {"check_allowed", {{"check", Type::Row("checks")}, {"mover", Type::Record("creature")}}, Type::Bool(),
       "optional: whether the creature may attempt this check of an action (a row of `checks`; turn queries; "
       "starfinder: a clumsy flier may not hover)"},
      {"check_automatic", {{"check", Type::Row("checks")}, {"mover", Type::Record("creature")}}, Type::Bool(),
       "optional: whether the check succeeds without a roll (turn queries; starfinder: a perfect flier hovers)"},
      {"check_bonus", {{"check", Type::Row("checks")}, {"mover", Type::Record("creature")}}, Type::Number(),
       "optional: what the creature adds to the d20 of the check when the action gives no `modifier` (turn queries)"},
      {"check_dc",
       {{"check", Type::Row("checks")}, {"mover", Type::Record("creature")}, {"wind", Type::Row("winds")}},
       Type::Number(),
       "optional: the DC of the check in the scenario's wind; 0 or less: not known, the action must give `dc` "
       "(turn queries)"},
      {"check_needed",
       {{"check", Type::Row("checks")}, {"mover", Type::Record("creature")}, {"wind", Type::Row("winds")}},
       Type::Bool(),
       "optional: whether a moving action makes this check (a row of `checks` with for_moves) in the scenario's "
       "wind, the creature moving by the move's speed kind (turn queries; starfinder: flying in a hindering wind)"},
      {"tumble_bonus", {{"mover", Type::Record("creature")}}, Type::Number(),
       "optional: what the creature adds to the d20 of its Tumble checks when the move's `tumble:` gives no "
       "`modifier` (turn queries; d20: its skill, scenario `skills: { tumble: 8 }`, read with mover.bonuses(tumble))"},
      {"escape_dc", {{"mover", Type::Record("creature")}, {"kind", Type::Row("escapes")}}, Type::Number(),
       "optional: the DC of an Escape Artist check of this kind (a row of `escapes`) for this creature (turn queries, a "
       "move's `escape_artist:`; SRD Escape Artist: tight space 30)"},
      {"escape_artist_bonus", {{"mover", Type::Record("creature")}}, Type::Number(),
       "optional: what the creature adds to the d20 of its Escape Artist checks when the move's `escape_artist:` gives "
       "no `modifier` (turn queries; d20: its skill, scenario `skills: { escape_artist: 9 }`)"},
      {"action_provokes",
       {{"mover", Type::Record("creature")}, {"threatener", Type::Record("creature")}, {"action", Type::Row("actions")}},
       Type::Bool(),
       "optional: whether taking this action where an opponent threatens the creature provokes that opponent's attack of opportunity (turn queries)"},
      {"travel_mph", {{"journey", Type::Record("journey")}}, Type::Number(),
       "miles per hour of overland travel, terrain and road applied"},
      {"travel_day_hours", {{"journey", Type::Record("journey")}}, Type::Number(),
       "hours of travel in one day"},
      {"hustle_damage", {{"journey", Type::Record("journey")}, {"hour", Type::Number()}}, Type::Number(),
       "nonlethal damage for hustling through the given hour (1 = the first)"},
      {"forced_march_dc", {{"journey", Type::Record("journey")}, {"hour", Type::Number()}}, Type::Number(),
       "the check's DC for marching through the given hour of the day, 0 if none is needed"},
      {"travel_ft_per_round", {{"journey", Type::Record("journey")}}, Type::Distance(),
       "feet moved in a round at the journey's pace (travel queries: ft_per_round)"},
      {"travel_ft_per_minute", {{"journey", Type::Record("journey")}}, Type::Distance(),
       "feet moved in a minute at the journey's pace (travel queries: ft_per_minute)"},
      {"pace_tires", {{"journey", Type::Record("journey")}}, Type::Bool(),
       "whether moving at the journey's pace for rounds needs checks (travel queries with scale local and rounds)"},
      {"tireless_rounds", {{"journey", Type::Record("journey")}}, Type::Number(),
       "rounds at a tiring pace before the first check"},
      {"tiring_check_dc", {{"journey", Type::Record("journey")}, {"check", Type::Number()}}, Type::Number(),
       "the DC of the check-th check (1 = the first) to keep the pace"},
      {"tiring_check_bonus", {{"journey", Type::Record("journey")}}, Type::Number(),
       "what such a check adds to its d20"},
      {"rest_rounds", {{"journey", Type::Record("journey")}}, Type::Number(),
       "rounds of rest after a failed check before the pace may be taken again"},
      {"rest_pace", {{"journey", Type::Record("journey")}}, Type::Row("movement_scales"),
       "optional: the fastest pace while resting after a failed check (travel queries with rounds)"},
      {"forced_march_bonus", {{"journey", Type::Record("journey")}}, Type::Number(),
       "what is added to the d20 of a forced march's check (travel queries with hours past the day)"},
      {"forced_march_damage_die", {{"journey", Type::Record("journey")}}, Type::Number(),
       "the sides of the die of nonlethal damage a failed forced march check deals"},
      {"fatigued_by", {{"journey", Type::Record("journey")}, {"nonlethal", Type::Number()}}, Type::Bool(),
       "whether the traveller is fatigued with this much nonlethal damage from the journey"},
      {"knocked_out", {{"journey", Type::Record("journey")}, {"nonlethal", Type::Number()}}, Type::Bool(),
       "whether this much nonlethal damage from the journey knocks the traveller out"},
      {"may_travel", {{"journey", Type::Record("journey")}}, Type::Bool(),
       "whether the journey can be made at all (optional; Starfinder: no vehicle on a trail)"},
      {"catches_by_speed", {{"chase", Type::Record("chase")}}, Type::Bool(),
       "chase queries: whether the pursuer simply catches the quarry, without a check"},
      {"escapes_by_speed", {{"chase", Type::Record("chase")}}, Type::Bool(),
       "chase queries: whether the quarry simply escapes, without a check"},
      {"chase_check_after", {{"chase", Type::Record("chase")}}, Type::Number(),
       "chase queries: after how many of the scale's units (its `unit`) the opposed check is made"},
      {"chase_check_bonus", {{"chase", Type::Record("chase")}, {"runner", Type::Record("chaser")}}, Type::Number(),
       "chase queries: what one side adds to its d20 in the opposed check"},
      {"chase_tie", {{"chase", Type::Record("chase")}, {"pursuer_bonus", Type::Number()}, {"quarry_bonus", Type::Number()}},
       Type::Number(),
       "chase queries: who wins an opposed check whose totals are equal: 1 the pursuer, -1 the quarry, 0 both roll again"},
    };
    return std::vector<HookPoint>(std::make_move_iterator(std::begin(list)), std::make_move_iterator(std::end(list)));
  }();
  return hooks;
}

const HookPoint* FindHookPoint(std::string_view name) {
  // Every rule's name is looked up here by several passes: hashed, not compared with each hook.
  static const NameIndex by_name = [] {
    NameIndex hooks;
    const std::vector<HookPoint>& all = HookPoints();
    hooks.Reserve(all.size());
    for (size_t i = 0; i < all.size(); ++i) {
      const std::string& hook = all[i].name;
      uint32_t hash = QuickHash(hook);
      auto is_hook = [&](int index) { return all[static_cast<size_t>(index)].name == hook; };
      if (hooks.FindHashed(hash, is_hook) < 0) hooks.AddHashed(hash, static_cast<int>(i));  // the first of a name
    }
    return hooks;
  }();
  int found = by_name.FindHashed(QuickHash(name), [&](int index) {
    return HookPoints()[static_cast<size_t>(index)].name == name;
  });
  return found < 0 ? nullptr : &HookPoints()[static_cast<size_t>(found)];
}

const std::vector<std::string>& BuiltinNames() {
  static const std::vector<std::string> names = {"floor", "ceil", "round", "min", "max",
                                                 "abs",   "count", "bonus", "total"};
  return names;
}

std::optional<Type> ParseTypeName(std::string_view name, const tables::TableSet& tables) {
  if (name == "number") return Type::Number();
  if (name == "distance") return Type::Distance();
  if (name == "bool") return Type::Bool();
  if (name == "text") return Type::Text();
  if (name == "modifiers") return Type::Modifiers(ast::Unit::kNone);
  if (name == "distance_modifiers") return Type::Modifiers(ast::Unit::kLength);
  if (FindRecordKind(name) != nullptr) return Type::Record(std::string(name));
  if (tables.Find(name) != nullptr) return Type::Row(std::string(name));
  return std::nullopt;
}

}  // namespace rulecraft::check
