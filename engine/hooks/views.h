// The views a hook script sees (docs/lua.md, "What a script sees"): the fields of each, the
// single list the strict views check names against and docs/lua/rulecraft.lua declares for the
// Lua language server.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rulecraft::hooks {

// One field of a view: its name, its type in LuaLS notation, whether it may be nil, what it is.
struct ViewField {
  std::string name;
  std::string type;
  bool optional = false;
  std::string doc;
};

// One kind of view (rulecraft.Creature, rulecraft.Step, …).
struct ViewClass {
  std::string name;  // the LuaLS class, "rulecraft.Step"
  std::string what;  // how a message names it, "the step view"
  std::string doc;
  std::vector<ViewField> fields;
};

// The view kinds the runner builds; each names its entry of Views().
enum class View { kCreature, kPosition, kSpeeds, kSquare, kStep, kAttack, kMap, kRules };

// Every view kind, in the order of View.
const std::vector<ViewClass>& Views();
const ViewClass& ViewOf(View view);

// The field names of a view kind.
std::vector<std::string> FieldNames(View view);

// The movement kinds a creature's `speed` view may hold (scenario `speed:` keys).
const std::vector<std::string>& SpeedKinds();

// The fields every table row has before its columns: name, label, table.
const std::vector<std::string>& RowFields();

// The LuaLS definitions of every view, the text of docs/lua/rulecraft.lua: one class per view,
// one per known table's rows (from tables/schema.h), and the globals `rules` and `map`.
std::string LuaLsDefinitions();

}  // namespace rulecraft::hooks
