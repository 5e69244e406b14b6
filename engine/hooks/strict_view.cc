#include "hooks/strict_view.h"

#include <algorithm>

#include <fmt/format.h>

#include <lua.hpp>

#include "base/limits.h"
#include "base/suggest.h"

namespace rulecraft::hooks {
namespace {

// __index of a strict table (1: the table, 2: the key), called only for keys it lacks.
int StrictMiss(lua_State* L) {
  if (lua_type(L, 2) != LUA_TSTRING || !lua_getmetatable(L, 1)) {
    lua_pushnil(L);
    return 1;
  }
  int meta = lua_gettop(L);
  bool rows = lua_getfield(L, meta, "__rows") == LUA_TBOOLEAN && lua_toboolean(L, -1);
  lua_pop(L, 1);
  std::vector<std::string> known;
  if (rows) {
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING) known.emplace_back(lua_tostring(L, -2));
      lua_pop(L, 1);
    }
  } else {
    lua_getfield(L, meta, "__fields");
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) != LUA_TNIL) {  // a field of the view whose value is absent
      lua_pushnil(L);
      return 1;
    }
    lua_pop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      known.emplace_back(lua_tostring(L, -2));
      lua_pop(L, 1);
    }
    std::sort(known.begin(), known.end());
  }
  lua_getfield(L, meta, "__what");
  std::string what = lua_tostring(L, -1) != nullptr ? lua_tostring(L, -1) : "this view";
  std::string message = NoSuchName(rows ? "row" : "field", lua_tostring(L, 2), what, known);
  return luaL_error(L, "%s", message.c_str());
}

}  // namespace

void PushStrictMeta(lua_State* L, const std::string& what, const std::vector<std::string>& fields, bool rows) {
  lua_createtable(L, 0, 4);
  lua_pushcfunction(L, StrictMiss);
  lua_setfield(L, -2, "__index");
  lua_pushlstring(L, what.data(), what.size());
  lua_setfield(L, -2, "__what");
  lua_pushboolean(L, rows ? 1 : 0);
  lua_setfield(L, -2, "__rows");
  lua_createtable(L, 0, static_cast<int>(fields.size()));
  for (const std::string& field : fields) {
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, field.c_str());
  }
  lua_setfield(L, -2, "__fields");
}

std::string NoSuchName(const std::string& noun, const std::string& wrong, const std::string& what,
                       const std::vector<std::string>& known) {
  std::string message = fmt::format("no {} '{}' in {}", noun, wrong, what);
  if (auto close = ClosestName(wrong, known)) return message + fmt::format("; did you mean '{}'?", *close);
  if (!known.empty() && known.size() <= limits::kMaxListedNames) {
    std::string names;
    for (const std::string& name : known) names += (names.empty() ? "" : ", ") + name;
    message += fmt::format("; its {}s are {}", noun, names);
  }
  return message;
}

}  // namespace rulecraft::hooks
