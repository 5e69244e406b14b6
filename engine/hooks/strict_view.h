// Strict views (docs/lua.md, "What a script sees"): reading a name a view does not have is a Lua
// error with "did you mean", while a field the view has but whose value is absent reads nil.
#pragma once

#include <string>
#include <vector>

struct lua_State;

namespace rulecraft::hooks {

// Pushes a metatable that makes a table strict: a read of a string key the table lacks is nil
// when `fields` names it (an optional field, an absent cell) and otherwise an error "no field
// 'x' in <what>; did you mean …?". With `rows` the table's own keys are its names (a table of
// rows: "no row 'x' in <what>"), and `fields` is not used.
void PushStrictMeta(lua_State* L, const std::string& what, const std::vector<std::string>& fields, bool rows = false);

// The message for a name `wrong` that is not among `known`: "no <noun> 'wrong' in <what>", then
// "; did you mean 'x'?" for a close name, or the names when there are few.
std::string NoSuchName(const std::string& noun, const std::string& wrong, const std::string& what,
                       const std::vector<std::string>& known);

}  // namespace rulecraft::hooks
