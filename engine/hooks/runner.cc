#include "hooks/runner.h"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include <lua.hpp>

#include "base/limits.h"
#include "base/suggest.h"
#include "hooks/strict_view.h"
#include "hooks/views.h"

namespace rulecraft::hooks {
namespace {

Runner& RunnerOf(lua_State* L) { return *static_cast<Runner*>(Sandbox::Of(L)->user); }

// `view:has(name)`: upvalue 1 is the set of names.
int HasName(lua_State* L) {
  if (lua_gettop(L) == 0 || lua_type(L, lua_gettop(L)) != LUA_TSTRING) {
    return luaL_error(L, "has() takes a name, e.g. mover:has(\"flying\")");
  }
  lua_pushvalue(L, lua_gettop(L));
  lua_pushboolean(L, lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL);
  return 1;
}

void PushNameSet(lua_State* L, const std::vector<const std::vector<std::string>*>& lists) {
  lua_createtable(L, 0, 4);
  for (const auto* list : lists) {
    if (list == nullptr) continue;
    for (const std::string& name : *list) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, name.c_str());
    }
  }
  lua_pushcclosure(L, HasName, 1);
}

// The terrain row a script names in on_terrain, or a Lua error.
int TerrainArgument(lua_State* L) {
  if (lua_type(L, lua_gettop(L)) != LUA_TSTRING) {
    return luaL_error(L, "on_terrain() takes a terrain name, e.g. step:on_terrain(\"open\")");
  }
  std::string name = lua_tostring(L, lua_gettop(L));
  const tables::Table& terrain = RunnerOf(L).rules().Table("terrain");
  int row = terrain.IndexOf(name);
  if (row < 0) {
    auto close = ClosestName(name, terrain.RowNames());
    std::string hint = close ? fmt::format("; did you mean '{}'?", *close) : "";
    return luaL_error(L, "unknown terrain '%s': not a row of table 'terrain'%s", name.c_str(), hint.c_str());
  }
  return row;
}

// `step:on_terrain(name)` → allowed, cost: the ruleset's may_enter and step_cost for this step
// were its square of that terrain.
int StepOnTerrain(lua_State* L) {
  int row = TerrainArgument(L);
  std::string error;
  auto cost = RunnerOf(L).StepOnTerrain(row, error);
  if (!error.empty()) return luaL_error(L, "%s", error.c_str());
  lua_pushboolean(L, cost.has_value());
  if (cost) {
    lua_pushnumber(L, *cost);
  } else {
    lua_pushnil(L);
  }
  return 2;
}

// `square:on_terrain(name)` → whether the ruleset lets a move end on this square were it of
// that terrain. Upvalue 1: the square's key.
int SquareOnTerrain(lua_State* L) {
  int row = TerrainArgument(L);
  std::string error;
  auto allowed = RunnerOf(L).EndOnTerrain(static_cast<int>(lua_tointeger(L, lua_upvalueindex(1))), row, error);
  if (!error.empty()) return luaL_error(L, "%s", error.c_str());
  lua_pushboolean(L, allowed.value_or(false));
  return 1;
}

// rules.tables: views of the ruleset's tables, built when first read.
int TablesIndex(lua_State* L) {
  Runner& runner = RunnerOf(L);
  if (lua_type(L, 2) != LUA_TSTRING) {
    lua_pushnil(L);
    return 1;
  }
  if (runner.rules().tables.Find(lua_tostring(L, 2)) == nullptr) {
    std::vector<std::string> names;
    for (const auto& [name, table] : runner.rules().tables.all()) names.push_back(name);
    std::string message = NoSuchName("table", lua_tostring(L, 2), "rules.tables", names);
    return luaL_error(L, "%s", message.c_str());
  }
  runner.PushTable(lua_tostring(L, 2));
  return 1;
}

int TablesNext(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  if (lua_next(L, 1) != 0) return 2;
  lua_pushnil(L);
  return 1;
}

int TablesPairs(lua_State* L) {
  Runner& runner = RunnerOf(L);
  lua_pushcfunction(L, TablesNext);
  lua_createtable(L, 0, static_cast<int>(runner.rules().tables.all().size()));
  for (const auto& [name, table] : runner.rules().tables.all()) {
    runner.PushTable(name);
    lua_setfield(L, -2, name.c_str());
  }
  lua_pushnil(L);
  return 3;
}

int ReadOnly(lua_State* L) {
  return luaL_error(L, "this table is read-only: a script changes nothing but its return value");
}

void PushCell(lua_State* L, Sandbox& sandbox, const tables::Value& value) {
  using Kind = tables::Value::Kind;
  switch (value.kind) {
    case Kind::kNotApplicable: lua_pushnil(L); return;
    case Kind::kBool: lua_pushboolean(L, value.AsBool()); return;
    case Kind::kNumber: lua_pushnumber(L, value.number); return;
    case Kind::kText: lua_pushlstring(L, value.text.data(), value.text.size()); return;
    case Kind::kList:
    case Kind::kMap: {
      lua_createtable(L, 0, 0);
      lua_Integer index = 1;
      for (const auto& [key, entry] : value.entries) {
        PushCell(L, sandbox, entry);
        if (value.kind == Kind::kList) {
          lua_rawseti(L, -2, index++);
        } else {
          lua_setfield(L, -2, key.c_str());
        }
      }
      sandbox.PushReadOnly(-1);
      lua_remove(L, -2);
      return;
    }
  }
  lua_pushnil(L);
}

void PushStrings(lua_State* L, Sandbox& sandbox, const std::vector<std::string>& names) {
  lua_createtable(L, static_cast<int>(names.size()), 0);
  lua_Integer index = 1;
  for (const std::string& name : names) {
    lua_pushlstring(L, name.data(), name.size());
    lua_rawseti(L, -2, index++);
  }
  sandbox.PushReadOnly(-1);
  lua_remove(L, -2);
}

}  // namespace

Runner::Runner(const ruleset::Ruleset& rules, const Limits& limits)
    : rules_(rules), lease_(limits), sandbox_(*lease_) {
  sandbox_.user = this;
  lua_State* L = sandbox_.state();
  if (L == nullptr) {
    failed_ = true;
    failure_.code = "lua-memory";
    failure_.message = "cannot create a Lua state";
    failure_text_ = failure_.message;
    return;
  }
  for (int* ref : {&rows_ref_, &tables_ref_, &squares_ref_, &metas_ref_}) {
    lua_newtable(L);
    *ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  BuildRules();
  SetMap(0, 0);
}

Runner::~Runner() {
  // The state goes back to the pool: the views of this query go with the registry slots.
  lua_State* L = sandbox_.state();
  if (L == nullptr) return;
  for (int ref : {rows_ref_, tables_ref_, squares_ref_, metas_ref_, mover_ref_, mode_ref_}) {
    if (ref >= 0) luaL_unref(L, LUA_REGISTRYINDEX, ref);
  }
}

void Runner::BuildRules() {
  lua_State* L = sandbox_.state();
  lua_createtable(L, 0, 6);
  lua_pushstring(L, rules_.manifest.name.c_str());
  lua_setfield(L, -2, "name");
  lua_pushstring(L, rules_.manifest.title.c_str());
  lua_setfield(L, -2, "title");
  lua_pushnumber(L, rules_.manifest.square_ft);
  lua_setfield(L, -2, "square_ft");
  lua_pushinteger(L, rules_.manifest.diagonal_cycle);
  lua_setfield(L, -2, "diagonal_cycle");
  PushStrings(L, sandbox_, rules_.lineage);
  lua_setfield(L, -2, "lineage");
  // tables: a proxy whose views are built on first use
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 4);
  lua_pushcfunction(L, TablesIndex);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, ReadOnly);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pushcfunction(L, TablesPairs);
  lua_setfield(L, -2, "__pairs");
  lua_setmetatable(L, -2);
  lua_setfield(L, -2, "tables");
  StrictView(View::kRules);
  sandbox_.PushReadOnly(-1);
  lua_remove(L, -2);
  sandbox_.SetShared("rules");
}

void Runner::SetMap(int32_t width, int32_t height) {
  lua_State* L = sandbox_.state();
  if (L == nullptr) return;
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, width);
  lua_setfield(L, -2, "width");
  lua_pushinteger(L, height);
  lua_setfield(L, -2, "height");
  StrictView(View::kMap);
  sandbox_.PushReadOnly(-1);
  lua_remove(L, -2);
  sandbox_.SetShared("map");
}

void Runner::PushTable(const std::string& name) {
  lua_State* L = sandbox_.state();
  lua_rawgeti(L, LUA_REGISTRYINDEX, tables_ref_);
  if (lua_getfield(L, -1, name.c_str()) != LUA_TNIL) {
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  const tables::Table& table = rules_.Table(name);
  lua_createtable(L, static_cast<int>(table.rows.size()), static_cast<int>(table.rows.size()));
  for (size_t row = 0; row < table.rows.size(); ++row) {
    PushRow(name, static_cast<int>(row));
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, table.rows[row].name.c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(row + 1));
  }
  StrictRows(name);
  sandbox_.PushReadOnly(-1);
  lua_remove(L, -2);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, name.c_str());
  lua_remove(L, -2);
}

void Runner::PushRow(const std::string& table_name, int row) {
  lua_State* L = sandbox_.state();
  const tables::Table& table = rules_.Table(table_name);
  if (row < 0 || static_cast<size_t>(row) >= table.rows.size()) {
    lua_pushnil(L);
    return;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, rows_ref_);
  if (lua_getfield(L, -1, table_name.c_str()) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, table_name.c_str());
  }
  lua_remove(L, -2);  // the cache of this table's rows
  if (lua_rawgeti(L, -1, row + 1) != LUA_TNIL) {
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  const tables::Row& data = table.rows[static_cast<size_t>(row)];
  lua_createtable(L, 0, static_cast<int>(data.cells.size() + 3));
  lua_pushstring(L, data.name.c_str());
  lua_setfield(L, -2, "name");
  lua_pushstring(L, data.label.c_str());
  lua_setfield(L, -2, "label");
  lua_pushstring(L, table_name.c_str());
  lua_setfield(L, -2, "table");
  for (const auto& [column, value] : data.cells) {
    PushCell(L, sandbox_, value);
    lua_setfield(L, -2, column.c_str());
  }
  StrictRow(table_name);
  sandbox_.PushReadOnly(-1);
  lua_remove(L, -2);
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, row + 1);
  lua_remove(L, -2);
}

void Runner::SetMover(const CreatureFacts& mover, std::vector<const Script*> scripts) {
  mover_scripts_ = std::move(scripts);
  mover_id_ = mover.id;
  mover_points_ = 0;
  for (const Script* script : mover_scripts_) {
    mover_points_ |= script->points;
    if (script->error && !failed_) Fail(*script->error, script->error_text, script->error_line);
  }
  lua_State* L = sandbox_.state();
  if (L == nullptr) return;
  PushCreature(mover);
  if (mover_ref_ >= 0) luaL_unref(L, LUA_REGISTRYINDEX, mover_ref_);
  mover_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

void Runner::PushCreature(const CreatureFacts& creature) {
  lua_State* L = sandbox_.state();
  lua_createtable(L, 0, 15);
  lua_pushstring(L, creature.id.c_str());
  lua_setfield(L, -2, "id");
  lua_pushstring(L, creature.side.c_str());
  lua_setfield(L, -2, "side");
  PushRow("sizes", rules_.Table("sizes").IndexOf(creature.size));
  lua_setfield(L, -2, "size");
  PushRow("speeds", creature.race.empty() ? -1 : rules_.Table("speeds").IndexOf(creature.race));
  lua_setfield(L, -2, "race");
  PushRow("armor", rules_.Table("armor").IndexOf(creature.armor));
  lua_setfield(L, -2, "armor");
  lua_pushstring(L, creature.shape.c_str());
  lua_setfield(L, -2, "shape");
  lua_createtable(L, 0, static_cast<int>(creature.speeds_ft.size()));
  for (const auto& [kind, feet] : creature.speeds_ft) {
    lua_pushnumber(L, feet);
    lua_setfield(L, -2, kind.c_str());
  }
  StrictView(View::kSpeeds);
  sandbox_.PushReadOnly(-1);
  lua_remove(L, -2);
  lua_setfield(L, -2, "speed");
  PushStrings(L, sandbox_, creature.conditions);
  lua_setfield(L, -2, "conditions");
  PushStrings(L, sandbox_, creature.traits);
  lua_setfield(L, -2, "traits");
  lua_pushinteger(L, creature.squares);
  lua_setfield(L, -2, "squares");
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, creature.x);
  lua_setfield(L, -2, "x");
  lua_pushinteger(L, creature.y);
  lua_setfield(L, -2, "y");
  StrictView(View::kPosition);
  sandbox_.PushReadOnly(-1);
  lua_remove(L, -2);
  lua_setfield(L, -2, "at");
  lua_pushstring(L, creature.facing.c_str());
  lua_setfield(L, -2, "facing");
  lua_pushstring(L, creature.attitude.c_str());
  lua_setfield(L, -2, "attitude");
  const std::vector<std::string> attitude = creature.attitude.empty() ? std::vector<std::string>{}
                                                                      : std::vector<std::string>{creature.attitude};
  PushNameSet(L, {&creature.conditions, &creature.traits, &attitude});
  lua_setfield(L, -2, "has");
  StrictView(View::kCreature);
  sandbox_.PushReadOnly(-1);
  lua_remove(L, -2);
}

void Runner::SetMode(int mode) {
  lua_State* L = sandbox_.state();
  if (L == nullptr) return;
  PushRow("movement_modes", mode);
  if (mode_ref_ >= 0) luaL_unref(L, LUA_REGISTRYINDEX, mode_ref_);
  mode_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

void Runner::ForgetSquare(int key) {
  lua_State* L = sandbox_.state();
  if (L == nullptr || squares_ref_ < 0) return;
  lua_rawgeti(L, LUA_REGISTRYINDEX, squares_ref_);
  lua_pushnil(L);
  lua_rawseti(L, -2, key);
  lua_pop(L, 1);
  squares_.erase(key);
}

void Runner::PushSquare(const SquareFacts& facts) {
  lua_State* L = sandbox_.state();
  int key = facts.key >= 0 ? facts.key : next_key_--;
  lua_rawgeti(L, LUA_REGISTRYINDEX, squares_ref_);
  if (facts.key >= 0 && lua_rawgeti(L, -1, key) != LUA_TNIL) {
    lua_remove(L, -2);
    return;
  }
  if (facts.key >= 0) lua_pop(L, 1);
  squares_[key] = facts;
  lua_createtable(L, 0, 6);
  PushRow("terrain", facts.terrain);
  lua_setfield(L, -2, "terrain");
  lua_pushboolean(L, facts.occupied);
  lua_setfield(L, -2, "occupied");
  lua_pushboolean(L, facts.ally);
  lua_setfield(L, -2, "ally");
  lua_pushnumber(L, facts.size_difference);
  lua_setfield(L, -2, "size_difference");
  lua_pushboolean(L, facts.hostile);
  lua_setfield(L, -2, "hostile");
  PushNameSet(L, {facts.names});
  lua_setfield(L, -2, "has");
  lua_pushinteger(L, key);
  lua_pushcclosure(L, SquareOnTerrain, 1);
  lua_setfield(L, -2, "on_terrain");
  StrictView(View::kSquare);
  sandbox_.PushReadOnly(-1);
  lua_remove(L, -2);
  if (facts.key >= 0) {
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, key);
  }
  lua_remove(L, -2);
}

void Runner::PushStep(const StepFacts& step) {
  lua_State* L = sandbox_.state();
  lua_createtable(L, 0, 6);
  PushSquare(step.to);
  lua_setfield(L, -2, "to");
  PushSquare(step.side_a);
  lua_setfield(L, -2, "side_a");
  PushSquare(step.side_b);
  lua_setfield(L, -2, "side_b");
  lua_pushboolean(L, step.diagonal);
  lua_setfield(L, -2, "diagonal");
  lua_pushinteger(L, step.diagonal_number);
  lua_setfield(L, -2, "diagonal_number");
  lua_pushnumber(L, step.narrowed_to);
  lua_setfield(L, -2, "narrowed_to");
  lua_pushboolean(L, step.barrier >= 0 && step.crosses_barrier);
  lua_setfield(L, -2, "crosses_barrier");
  lua_pushboolean(L, step.barrier >= 0 && !step.crosses_barrier);
  lua_setfield(L, -2, "passes_barrier");
  PushRow("terrain", step.barrier);  // nil when there is none
  lua_setfield(L, -2, "barrier");
  lua_pushcfunction(L, hooks::StepOnTerrain);
  lua_setfield(L, -2, "on_terrain");
  StrictView(View::kStep);
  sandbox_.PushReadOnly(-1);
  lua_remove(L, -2);
}

std::optional<double> Runner::StepOnTerrain(int terrain, std::string& error) {
  if (oracle_ == nullptr || current_step_ == nullptr) {
    error = "step:on_terrain() answers only while the engine asks about this step";
    return std::nullopt;
  }
  return oracle_->StepOnTerrain(*current_step_, terrain);
}

std::optional<bool> Runner::EndOnTerrain(int key, int terrain, std::string& error) {
  auto square = squares_.find(key);
  if (oracle_ == nullptr || square == squares_.end()) {
    error = "square:on_terrain() answers only in movement hooks";
    return std::nullopt;
  }
  return oracle_->EndOnTerrain(square->second, terrain);
}

void Runner::Fail(const Diagnostic& diagnostic, const std::string& text, int line) {
  failed_ = true;
  failure_line_ = line;
  failure_ = diagnostic;
  failure_text_ = text;
}

bool Runner::AnyDefines(const std::vector<const Script*>& scripts, HookPoint point) {
  for (const Script* script : scripts) {
    if (script->Defines(point)) return true;
  }
  return false;
}

bool Runner::AnyBroken(const std::vector<const Script*>& scripts) {
  for (const Script* script : scripts) {
    if (script->error) return true;
  }
  return false;
}

template <typename PushArgs>
double Runner::Run(HookPoint point, const std::vector<const Script*>& scripts, double value, bool boolean,
                   PushArgs push) {
  lua_State* L = sandbox_.state();
  const char* name = HookPointName(point);
  for (const Script* script : scripts) {
    if (failed_) break;
    // A script that failed to load was reported then; the mover's fail its query (SetMover),
    // an occupant's are left out so that the other creatures' queries still answer.
    if (script->error || !script->Defines(point)) continue;
    int nargs = push();
    if (boolean) {
      lua_pushboolean(L, value != 0);
    } else {
      lua_pushnumber(L, value);
    }
    Sandbox::Outcome outcome = sandbox_.Call(*script, name, nargs + 1);
    if (outcome == Sandbox::Outcome::kFailed) {
      FailCall(point);
      break;
    }
    if (outcome == Sandbox::Outcome::kMissing) continue;
    double result = value;
    int type = lua_type(L, -1);
    std::string wrong;
    if (type == LUA_TNIL) {
      // keeps the result
    } else if (boolean && type == LUA_TBOOLEAN) {
      result = lua_toboolean(L, -1) ? 1 : 0;
    } else if (!boolean && type == LUA_TNUMBER) {
      result = lua_tonumber(L, -1);
      bool modifier = point == HookPoint::kAttackBonus || point == HookPoint::kAcBonus;
      if (!std::isfinite(result) || (result < 0 && !modifier)) {
        // NaN prints as "nan" whatever its sign bit.
        std::string shown = std::isnan(result) ? "nan" : fmt::format("{}", result);
        if (point == HookPoint::kSpeed) {
          wrong = fmt::format("speed returned {}, which is not a speed in feet", shown);
        } else if (modifier) {
          wrong = fmt::format("{} returned {}, which is not a modifier (a finite number)", name, shown);
        } else {
          wrong = fmt::format("{} returned {}, which is not a cost in squares (to forbid a step, return false from {})",
                              name, shown,
                              point == HookPoint::kStepCost           ? "may_enter"
                              : point == HookPoint::kZoneStepCost     ? "zone_may_enter"
                                                                      : "occupant_may_enter");
        }
      } else if (point == HookPoint::kSpeed && result > limits::kMaxScenarioFeet) {
        wrong = fmt::format("speed returned {} ft, more than the {} ft a speed may be (limits::kMaxScenarioFeet)",
                            result, limits::kMaxScenarioFeet);
      }
    } else {
      wrong = fmt::format("{} returned a {}; it returns {} or nil (to keep the rules' result)", name,
                          luaL_typename(L, -1), boolean ? "true, false" : "a number");
    }
    lua_pop(L, 1);
    if (!wrong.empty()) {
      sandbox_.Fail(*script, script->lines[static_cast<int>(point)], "lua-result", wrong);
      FailCall(point);
      break;
    }
    if (log_ != nullptr && result != value) log_->push_back({script, point, value, result});
    value = result;
  }
  return value;
}

double Runner::Speed(double land_ft) {
  if (failed_ || !MoverDefines(HookPoint::kSpeed)) return land_ft;
  lua_State* L = sandbox_.state();
  return Run(HookPoint::kSpeed, mover_scripts_, land_ft, false, [&] {
    lua_rawgeti(L, LUA_REGISTRYINDEX, mover_ref_);
    return 1;
  });
}

double Runner::RunStepHooks(HookPoint mover_point, HookPoint occupant_point, const StepFacts& step,
                            const std::vector<const Script*>& occupant, double value, bool boolean) {
  if (failed_) return value;
  bool mover = MoverDefines(mover_point);
  bool others = AnyDefines(occupant, occupant_point);
  if (!mover && !others) return value;
  lua_State* L = sandbox_.state();
  current_step_ = &step;
  auto push = [&] {
    lua_rawgeti(L, LUA_REGISTRYINDEX, mover_ref_);
    PushStep(step);
    lua_rawgeti(L, LUA_REGISTRYINDEX, mode_ref_);
    return 3;
  };
  if (mover) value = Run(mover_point, mover_scripts_, value, boolean, push);
  if (others) value = Run(occupant_point, occupant, value, boolean, push);
  current_step_ = nullptr;
  return value;
}

double Runner::StepCost(const StepFacts& step, const std::vector<const Script*>& occupant, double cost, bool zone) {
  return RunStepHooks(HookPoint::kStepCost, zone ? HookPoint::kZoneStepCost : HookPoint::kOccupantStepCost, step,
                      occupant, cost, false);
}

bool Runner::MayEnter(const StepFacts& step, const std::vector<const Script*>& occupant, bool allowed, bool zone) {
  return RunStepHooks(HookPoint::kMayEnter, zone ? HookPoint::kZoneMayEnter : HookPoint::kOccupantMayEnter, step,
                      occupant, allowed ? 1 : 0, true) != 0;
}

void Runner::PushAttack(const AttackFacts& attack) {
  lua_State* L = sandbox_.state();
  lua_createtable(L, 0, 9);
  PushCreature(*attack.attacker);
  lua_setfield(L, -2, "attacker");
  PushCreature(*attack.defender);
  lua_setfield(L, -2, "defender");
  lua_pushboolean(L, attack.melee);
  lua_setfield(L, -2, "melee");
  lua_pushboolean(L, !attack.melee);
  lua_setfield(L, -2, "ranged");
  lua_pushboolean(L, attack.flanking);
  lua_setfield(L, -2, "flanking");
  lua_pushboolean(L, attack.adjacent);
  lua_setfield(L, -2, "adjacent");
  lua_pushboolean(L, attack.reach_weapon);
  lua_setfield(L, -2, "reach_weapon");
  lua_pushstring(L, attack.cover.c_str());
  lua_setfield(L, -2, "cover");
  lua_pushstring(L, attack.concealment.c_str());
  lua_setfield(L, -2, "concealment");
  StrictView(View::kAttack);
  sandbox_.PushReadOnly(-1);
  lua_remove(L, -2);
}

bool Runner::Threatens(int dx, int dy, bool reach_weapon, bool threatens) {
  if (failed_ || !MoverDefines(HookPoint::kThreatens)) return threatens;
  lua_State* L = sandbox_.state();
  threat_dx_ = dx;
  threat_dy_ = dy;
  return Run(HookPoint::kThreatens, mover_scripts_, threatens ? 1 : 0, true, [&] {
           lua_rawgeti(L, LUA_REGISTRYINDEX, mover_ref_);
           lua_pushinteger(L, dx);
           lua_pushinteger(L, dy);
           lua_pushboolean(L, reach_weapon);
           return 4;
         }) != 0;
}

double Runner::RunAttackHook(HookPoint point, const AttackFacts& attack, double bonus) {
  if (failed_ || !MoverDefines(point)) return bonus;
  lua_State* L = sandbox_.state();
  current_attack_ = &attack;
  PushAttack(attack);
  int view = lua_gettop(L);
  double result = Run(point, mover_scripts_, bonus, false, [&] {
    lua_pushvalue(L, view);
    return 1;
  });
  lua_settop(L, view - 1);
  current_attack_ = nullptr;
  return result;
}

double Runner::AttackBonus(const AttackFacts& attack, double bonus) {
  return RunAttackHook(HookPoint::kAttackBonus, attack, bonus);
}

double Runner::AcBonus(const AttackFacts& attack, double bonus) {
  return RunAttackHook(HookPoint::kAcBonus, attack, bonus);
}

std::string Runner::Cover(const AttackFacts& attack, const std::string& cover) {
  std::string result = cover;
  if (failed_ || !MoverDefines(HookPoint::kCover)) return result;
  lua_State* L = sandbox_.state();
  const tables::Table& rows = rules_.Table("cover");
  current_attack_ = &attack;
  for (const Script* script : mover_scripts_) {
    if (failed_ || script->error || !script->Defines(HookPoint::kCover)) continue;
    PushAttack(attack);
    lua_pushstring(L, result.c_str());
    Sandbox::Outcome outcome = sandbox_.Call(*script, "cover", 2);
    if (outcome == Sandbox::Outcome::kFailed) {
      FailCall(HookPoint::kCover);
      break;
    }
    if (outcome == Sandbox::Outcome::kMissing) continue;
    std::string wrong;
    if (lua_type(L, -1) == LUA_TSTRING) {
      std::string name = lua_tostring(L, -1);
      if (rows.IndexOf(name) < 0) {
        wrong = fmt::format("cover returned '{}', which is not a row of table 'cover'", name);
      } else {
        if (log_ != nullptr && name != result) {
          log_->push_back({script, HookPoint::kCover, static_cast<double>(rows.IndexOf(result)),
                           static_cast<double>(rows.IndexOf(name))});
        }
        result = name;
      }
    } else if (!lua_isnil(L, -1)) {
      wrong = fmt::format("cover returned a {}; it returns a row name of table 'cover' or nil", luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    if (!wrong.empty()) {
      sandbox_.Fail(*script, script->lines[static_cast<int>(HookPoint::kCover)], "lua-result", wrong);
      FailCall(HookPoint::kCover);
      break;
    }
  }
  current_attack_ = nullptr;
  return result;
}

std::vector<std::pair<int, int>> Runner::Zone(const CreatureFacts& self, const Script& script) {
  std::vector<std::pair<int, int>> squares;
  if (failed_ || script.error || !script.Defines(HookPoint::kZone)) return squares;
  lua_State* L = sandbox_.state();
  zone_self_ = &self;
  PushCreature(self);
  lua_rawgeti(L, LUA_REGISTRYINDEX, mover_ref_);
  Sandbox::Outcome outcome = sandbox_.Call(script, "zone", 2);
  if (outcome == Sandbox::Outcome::kFailed) {
    FailCall(HookPoint::kZone);
    return squares;
  }
  if (outcome == Sandbox::Outcome::kMissing) return squares;
  std::string wrong;
  if (lua_istable(L, -1)) {
    for (lua_Integer i = 1;; ++i) {
      int item = lua_rawgeti(L, -1, i);  // result, item
      if (item == LUA_TNIL) {
        lua_pop(L, 1);
        break;
      }
      bool square = false;
      if (item == LUA_TTABLE) {
        lua_rawgeti(L, -1, 1);  // result, item, x
        lua_rawgeti(L, -2, 2);  // result, item, x, y
        square = lua_isinteger(L, -2) && lua_isinteger(L, -1);
        // A square too far for any map is off the map, like every square beyond its edge (no
        // wrapping into 32 bits).
        auto fits = [](lua_Integer value) {
          return value >= std::numeric_limits<int32_t>::min() && value <= std::numeric_limits<int32_t>::max();
        };
        if (square && fits(lua_tointeger(L, -2)) && fits(lua_tointeger(L, -1))) {
          squares.emplace_back(static_cast<int>(lua_tointeger(L, -2)), static_cast<int>(lua_tointeger(L, -1)));
        }
        lua_pop(L, 2);
      }
      lua_pop(L, 1);
      if (!square) {
        wrong = fmt::format("zone returned a list whose item {} is not a square {{x, y}} of two whole numbers", i);
        break;
      }
    }
  } else if (!lua_isnil(L, -1)) {
    wrong = fmt::format("zone returned a {}; it returns a list of squares {{{{x, y}}, …}} or nil", luaL_typename(L, -1));
  }
  lua_pop(L, 1);
  if (!wrong.empty()) {
    sandbox_.Fail(script, script.lines[static_cast<int>(HookPoint::kZone)], "lua-result", wrong);
    FailCall(HookPoint::kZone);
    squares.clear();
  }
  return squares;
}

bool Runner::MayEnd(const SquareFacts& square, const std::vector<const Script*>& occupant, bool allowed, bool zone) {
  if (failed_) return allowed;
  HookPoint others_point = zone ? HookPoint::kZoneMayEnd : HookPoint::kOccupantMayEnd;
  bool mover = MoverDefines(HookPoint::kMayEnd);
  bool others = AnyDefines(occupant, others_point);
  if (!mover && !others) return allowed;
  lua_State* L = sandbox_.state();
  current_square_ = &square;
  PushSquare(square);
  int view = lua_gettop(L);
  auto push = [&] {
    lua_rawgeti(L, LUA_REGISTRYINDEX, mover_ref_);
    lua_pushvalue(L, view);
    lua_rawgeti(L, LUA_REGISTRYINDEX, mode_ref_);
    return 3;
  };
  double result = allowed ? 1 : 0;
  if (mover) result = Run(HookPoint::kMayEnd, mover_scripts_, result, true, push);
  if (others) result = Run(others_point, occupant, result, true, push);
  current_square_ = nullptr;
  lua_settop(L, view - 1);
  return result != 0;
}

bool Runner::MayOccupy(const SquareFacts& square, bool allowed) {
  if (failed_ || !MoverDefines(HookPoint::kMayOccupy)) return allowed;
  lua_State* L = sandbox_.state();
  current_square_ = &square;
  PushSquare(square);
  int view = lua_gettop(L);
  auto push = [&] {
    lua_rawgeti(L, LUA_REGISTRYINDEX, mover_ref_);
    lua_pushvalue(L, view);
    return 2;
  };
  double result = Run(HookPoint::kMayOccupy, mover_scripts_, allowed ? 1 : 0, true, push);
  current_square_ = nullptr;
  lua_settop(L, view - 1);
  return result != 0;
}

void Runner::StrictView(View view) {
  if (PushCachedMeta(fmt::format("view {}", static_cast<int>(view)))) {
    lua_setmetatable(sandbox_.state(), -2);
    return;
  }
  PushStrictMeta(sandbox_.state(), ViewOf(view).what, FieldNames(view));
  StoreMeta();
}

void Runner::StrictRow(const std::string& table) {
  if (PushCachedMeta("row " + table)) {
    lua_setmetatable(sandbox_.state(), -2);
    return;
  }
  std::vector<std::string> fields = RowFields();
  for (const std::string& column : rules_.Table(table).ColumnNames()) fields.push_back(column);
  PushStrictMeta(sandbox_.state(), fmt::format("a row of table '{}'", table), fields);
  StoreMeta();
}

void Runner::StrictRows(const std::string& table) {
  if (PushCachedMeta("rows " + table)) {
    lua_setmetatable(sandbox_.state(), -2);
    return;
  }
  PushStrictMeta(sandbox_.state(), fmt::format("table '{}'", table), {}, true);
  StoreMeta();
}

bool Runner::PushCachedMeta(const std::string& key) {
  lua_State* L = sandbox_.state();
  lua_rawgeti(L, LUA_REGISTRYINDEX, metas_ref_);
  if (lua_getfield(L, -1, key.c_str()) != LUA_TNIL) {
    lua_remove(L, -2);
    return true;
  }
  lua_pop(L, 1);
  lua_pushstring(L, key.c_str());  // the cache, the key; the caller pushes the metatable
  return false;
}

void Runner::StoreMeta() {
  lua_State* L = sandbox_.state();
  // the table, the cache, the key, the metatable
  lua_pushvalue(L, -1);
  lua_insert(L, -3);     // the table, the cache, the metatable, the key, the metatable
  lua_rawset(L, -4);     // the table, the cache, the metatable
  lua_remove(L, -2);
  lua_setmetatable(L, -2);
}

std::string Runner::Context(HookPoint point) {
  std::string who = mover_id_.empty() ? std::string("the creature") : fmt::format("creature '{}'", mover_id_);
  auto step = [&] {
    if (current_step_ == nullptr) return std::string("a step");
    std::string where = oracle_ != nullptr ? oracle_->DescribeStep(*current_step_) : "";
    if (!where.empty()) return "the step " + where;
    // A step between squares no part of the map has side by side (the search prices every kind).
    const tables::Table& terrain = rules_.Table("terrain");
    size_t row = static_cast<size_t>(current_step_->to.terrain);
    return fmt::format("a {} step into {}{}", current_step_->diagonal ? "diagonal" : "straight",
                       row < terrain.rows.size() ? "'" + terrain.rows[row].name + "'" : "a square",
                       current_step_->to.occupied ? " where a creature stands" : "");
  };
  auto square = [&] {
    if (current_square_ == nullptr) return std::string("a square");
    std::string where = oracle_ != nullptr ? oracle_->DescribeSquare(*current_square_) : "";
    if (!where.empty()) return where;
    const tables::Table& terrain = rules_.Table("terrain");
    size_t row = static_cast<size_t>(current_square_->terrain);
    return row < terrain.rows.size() ? fmt::format("a square of '{}'", terrain.rows[row].name) : std::string("a square");
  };
  auto attack = [&] {
    if (current_attack_ == nullptr || current_attack_->attacker == nullptr || current_attack_->defender == nullptr) {
      return std::string("an attack");
    }
    return fmt::format("the {} attack of creature '{}' on creature '{}'", current_attack_->melee ? "melee" : "ranged",
                       current_attack_->attacker->id, current_attack_->defender->id);
  };
  switch (point) {
    case HookPoint::kSpeed: return fmt::format("working out the land speed of {}", who);
    case HookPoint::kStepCost:
    case HookPoint::kOccupantStepCost:
    case HookPoint::kZoneStepCost: return fmt::format("pricing {} for {}", step(), who);
    case HookPoint::kMayEnter:
    case HookPoint::kOccupantMayEnter:
    case HookPoint::kZoneMayEnter: return fmt::format("deciding whether {} may take {}", who, step());
    case HookPoint::kMayEnd:
    case HookPoint::kOccupantMayEnd:
    case HookPoint::kZoneMayEnd: return fmt::format("deciding whether {} may end its move on {}", who, square());
    case HookPoint::kMayOccupy: return fmt::format("deciding whether {} may stand on {}", who, square());
    case HookPoint::kZone:
      return fmt::format("listing the zone of creature '{}' for the moves of {}",
                         zone_self_ != nullptr ? zone_self_->id : "", who);
    case HookPoint::kThreatens:
      return fmt::format("deciding whether {} threatens the square dx = {}, dy = {} beyond its space", who, threat_dx_,
                         threat_dy_);
    case HookPoint::kAttackBonus: return fmt::format("working out the attack bonus of {}", attack());
    case HookPoint::kAcBonus: return fmt::format("working out the AC bonus against {}", attack());
    case HookPoint::kCover: return fmt::format("working out the cover against {}", attack());
  }
  return who;
}

void Runner::FailCall(HookPoint point) {
  Diagnostic diagnostic = sandbox_.failure();
  diagnostic.message = fmt::format("in {}, while {}: {}", HookPointName(point), Context(point), diagnostic.message);
  int line = sandbox_.failure_line();
  std::string text = line > 0 ? fmt::format("{}:{}: {}", diagnostic.span.file, line, diagnostic.message)
                              : fmt::format("{}: {}", diagnostic.span.file, diagnostic.message);
  Fail(diagnostic, text, line);
}

}  // namespace rulecraft::hooks
