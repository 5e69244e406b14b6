#include "dsl/check/environment.h"

namespace rulecraft::check {

using ast::Type;

int RecordKind::FieldIndex(std::string_view field) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == field) return static_cast<int>(i);
  }
  return -1;
}

const std::vector<RecordKind>& RecordKinds() {
  static const std::vector<RecordKind> kinds = {
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
         "it stands squeezed into a band of its space: placed in a passage narrower than it, or at a squeezed place of a route"}},
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
        {"creature", Type::Record("creature"), "the creature whose turn it is (its conditions: what it may still do)"}},
       false,
       false,
       "what a creature's turn has used before the action asked about (turn queries; a `spends` value names the count it adds to)"},
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
  };
  return kinds;
}

const RecordKind* FindRecordKind(std::string_view name) {
  for (const RecordKind& kind : RecordKinds()) {
    if (kind.name == name) return &kind;
  }
  return nullptr;
}

const std::vector<HookPoint>& HookPoints() {
  static const std::vector<HookPoint> hooks = {
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
  };
  return hooks;
}

const HookPoint* FindHookPoint(std::string_view name) {
  for (const HookPoint& hook : HookPoints()) {
    if (hook.name == name) return &hook;
  }
  return nullptr;
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
