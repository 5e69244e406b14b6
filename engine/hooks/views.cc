#include "hooks/views.h"

#include <fmt/format.h>

#include "tables/schema.h"

namespace rulecraft::hooks {
namespace {

std::vector<ViewClass> BuildViews() {
  std::vector<ViewClass> views(8);
  views[static_cast<int>(View::kCreature)] = {
      "rulecraft.Creature",
      "the creature view",
      "A creature: `mover`, a zone's `self`, an attack's `attacker` and `defender`.",
      {{"id", "string", false, "its id in the scenario"},
       {"side", "string", false, "its side"},
       {"size", "rulecraft.row.sizes", false, "its row of table `sizes`"},
       {"race", "rulecraft.row.speeds", true, "its row of table `speeds`, nil when the scenario gives none"},
       {"armor", "rulecraft.row.armor", false, "its row of table `armor`"},
       {"shape", "string", false, "its shape"},
       {"speed", "rulecraft.Speeds", false, "its speeds in feet by movement kind, as the scenario gives them"},
       {"conditions", "string[]", false, "its conditions"},
       {"traits", "string[]", false, "its traits"},
       {"squares", "integer", false, "the side of its space, in squares"},
       {"at", "rulecraft.Position", false, "the top-left square of its space where the query starts"},
       {"facing", "string", false, "the scenario's `facing:`, or \"\""},
       {"attitude", "string", false, "its row name of table `attitudes`, or \"\""},
       {"has", "fun(self: rulecraft.Creature, name: string): boolean", false,
        "whether it has this condition, trait or attitude"}}};
  views[static_cast<int>(View::kPosition)] = {
      "rulecraft.Position",
      "the position view (`at`)",
      "A square of the map.",
      {{"x", "integer", false, "its column, 0 at the left"}, {"y", "integer", false, "its row, 0 at the top"}}};
  std::vector<ViewField> speeds;
  for (const std::string& kind : SpeedKinds()) {
    speeds.push_back({kind, "number", true, fmt::format("its {} speed in feet, nil when it has none", kind)});
  }
  views[static_cast<int>(View::kSpeeds)] = {"rulecraft.Speeds", "the speed view (`speed`)",
                                            "A creature's speeds in feet by movement kind.", speeds};
  views[static_cast<int>(View::kSquare)] = {
      "rulecraft.Square",
      "the square view",
      "A square as the mover sees it: `square`, `step.to`, `step.side_a`, `step.side_b`.",
      {{"terrain", "rulecraft.row.terrain", false, "its row of table `terrain`"},
       {"occupied", "boolean", false, "a creature stands there"},
       {"ally", "boolean", false, "the occupant is on the mover's side"},
       {"size_difference", "number", false, "the occupant's size step minus the mover's"},
       {"hostile", "boolean", false, "the occupant is the mover's opponent"},
       {"has", "fun(self: rulecraft.Square, name: string): boolean", false,
        "whether the occupant has this condition, trait or attitude"},
       {"on_terrain", "fun(self: rulecraft.Square, name: string): boolean", false,
        "whether the ruleset's may_end lets the move end here were the square of this terrain"}}};
  views[static_cast<int>(View::kStep)] = {
      "rulecraft.Step",
      "the step view",
      "One square's step of the mover's space.",
      {{"to", "rulecraft.Square", false, "the square entered"},
       {"side_a", "rulecraft.Square", false, "for a diagonal, the square beside along x; else `to`"},
       {"side_b", "rulecraft.Square", false, "for a diagonal, the square beside along y; else `to`"},
       {"diagonal", "boolean", false, "the step is diagonal"},
       {"diagonal_number", "integer", false, "1, 2, … for diagonals as in the rules, 0 for orthogonal steps"},
       {"narrowed_to", "number", false, "feet the mover's space is narrowed to while it squeezes, 0 when whole"},
       {"crosses_barrier", "boolean", false, "it crosses a barrier drawn between squares"},
       {"passes_barrier", "boolean", false, "a diagonal passes a barrier's end"},
       {"barrier", "rulecraft.row.terrain", true, "the barrier's terrain row, nil when there is none"},
       {"on_terrain", "fun(self: rulecraft.Step, name: string): boolean, number?", false,
        "the ruleset's may_enter and step_cost for this step were its square of this terrain"}}};
  views[static_cast<int>(View::kAttack)] = {
      "rulecraft.Attack",
      "the attack view",
      "An attack (combat hooks).",
      {{"attacker", "rulecraft.Creature", false, "the attacking creature"},
       {"defender", "rulecraft.Creature", false, "the defending creature"},
       {"melee", "boolean", false, "a melee attack"},
       {"ranged", "boolean", false, "a ranged attack"},
       {"flanking", "boolean", false, "the attacker flanks the defender"},
       {"adjacent", "boolean", false, "the two are adjacent"},
       {"reach_weapon", "boolean", false, "the attacker wields a reach weapon"},
       {"cover", "string", false, "the row of table `cover` the rules chose, or \"\""},
       {"concealment", "string", false, "the row of table `concealment` the rules chose, or \"\""}}};
  views[static_cast<int>(View::kMap)] = {"rulecraft.Map",
                                         "the map view",
                                         "The scenario's map (global `map`).",
                                         {{"width", "integer", false, "its width in squares"},
                                          {"height", "integer", false, "its height in squares"}}};
  views[static_cast<int>(View::kRules)] = {
      "rulecraft.Rules",
      "the rules view",
      "The ruleset (global `rules`).",
      {{"name", "string", false, "its name"},
       {"title", "string", false, "its title"},
       {"square_ft", "number", false, "feet per square"},
       {"diagonal_cycle", "integer", false, "how many diagonals make one cycle of costs"},
       {"lineage", "string[]", false, "the ruleset names, the base first"},
       {"tables", "rulecraft.Tables", false, "its tables by name"}}};
  return views;
}

// A cell type in LuaLS notation, as runner.cc pushes it.
std::string LuaType(const tables::ColumnSchema& column) {
  using T = tables::CellType;
  switch (column.type) {
    case T::kName:
    case T::kText:
    case T::kColour: return "string";
    case T::kNameList: return "string[]";
    case T::kEnum: {
      std::string choices;
      for (const std::string& choice : column.choices) choices += (choices.empty() ? "" : "|") + ("\"" + choice + "\"");
      return choices.empty() ? "string" : choices;
    }
    case T::kInt: return "integer";
    case T::kNumber:
    case T::kRatio:
    case T::kDistance: return "number";
    case T::kBool: return "boolean";
    case T::kOptionalInt: return "integer";
    case T::kNoteList: return "integer[]";
    case T::kDistanceMap: return "table<string, number>";
  }
  return "any";
}

void Line(std::string& out, const std::string& text) { out += text + "\n"; }

void Field(std::string& out, const std::string& name, const std::string& type, bool optional, const std::string& doc) {
  Line(out, fmt::format("---@field {}{} {} {}", name, optional ? "?" : "", type, doc));
}

}  // namespace

const std::vector<ViewClass>& Views() {
  static const std::vector<ViewClass> views = BuildViews();
  return views;
}

const ViewClass& ViewOf(View view) { return Views()[static_cast<size_t>(view)]; }

std::vector<std::string> FieldNames(View view) {
  std::vector<std::string> names;
  for (const ViewField& field : ViewOf(view).fields) names.push_back(field.name);
  return names;
}

const std::vector<std::string>& SpeedKinds() {
  static const std::vector<std::string> kinds = {"land", "fly", "swim", "climb", "burrow"};
  return kinds;
}

const std::vector<std::string>& RowFields() {
  static const std::vector<std::string> fields = {"name", "label", "table"};
  return fields;
}

std::string LuaLsDefinitions() {
  std::string out;
  Line(out, "---@meta rulecraft");
  Line(out, "-- Type definitions of the views rulecraft's Lua hooks see (docs/lua.md), for the Lua");
  Line(out, "-- language server (LuaLS): add this folder to `workspace.library`.");
  Line(out, "-- Generated from engine/hooks/views.cc; tests/unit/lua_views_test.cc checks it is current");
  Line(out, "-- (RULECRAFT_UPDATE_DOCS=1 build/tests/rulecraft_tests --gtest_filter='LuaViews.*' rewrites it).");
  Line(out, "-- A ruleset's own columns (`columns:` in a table file) extend a row class:");
  Line(out, "--   ---@class rulecraft.row.terrain");
  Line(out, "--   ---@field slippery boolean");
  for (const ViewClass& view : Views()) {
    Line(out, "");
    Line(out, "-- " + view.doc);
    Line(out, "---@class " + view.name);
    for (const ViewField& field : view.fields) Field(out, field.name, field.type, field.optional, field.doc);
  }
  Line(out, "");
  Line(out, "-- A row of a table: its name, label and table, then its columns (nil where the row leaves one");
  Line(out, "-- out or it is n/a; distances in feet).");
  Line(out, "---@class rulecraft.Row");
  Field(out, "name", "string", false, "the row's name");
  Field(out, "label", "string", false, "the row's label");
  Field(out, "table", "string", false, "the table's name");
  for (const tables::TableSchema& table : tables::KnownTables()) {
    Line(out, "");
    Line(out, fmt::format("---@class rulecraft.row.{}: rulecraft.Row", table.name));
    for (const tables::ColumnSchema& column : table.columns) {
      Field(out, column.name, LuaType(column), !column.required || column.type == tables::CellType::kOptionalInt,
            fmt::format("column `{}`", column.name));
    }
  }
  Line(out, "");
  Line(out, "-- The ruleset's tables by name: `rules.tables.terrain.open`, `rules.tables.sizes[1]`.");
  Line(out, "---@class rulecraft.Tables");
  for (const tables::TableSchema& table : tables::KnownTables()) {
    Field(out, table.name, fmt::format("{{[string]: rulecraft.row.{0}, [integer]: rulecraft.row.{0}}}", table.name),
          !table.required, fmt::format("table `{}`", table.name));
  }
  Line(out, "");
  Line(out, "---@type rulecraft.Rules");
  Line(out, "rules = {}");
  Line(out, "");
  Line(out, "---@type rulecraft.Map");
  Line(out, "map = {}");
  return out;
}

}  // namespace rulecraft::hooks
