// Every limit rulecraft puts on its input, in one place.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rulecraft::limits {

// Largest file (rules, table, scenario) read, in bytes.
inline constexpr size_t kMaxFileBytes = 16u << 20;
// Errors reported per run before the rest are summarised.
inline constexpr size_t kMaxErrors = 200;
// Largest map side, in squares.
inline constexpr int32_t kMaxMapSide = 4096;
// Squares above or below its start a place in a query may be ([x, y, altitude]).
inline constexpr int64_t kMaxAltitude = 4096;
// Creatures per scenario.
inline constexpr size_t kMaxCreatures = 10000;
// Queries per scenario (and per request to the service).
inline constexpr size_t kMaxQueries = 10000;
// Nesting depth of `extends` chains between rulesets.
inline constexpr int kMaxExtendsDepth = 16;
// Largest edit distance at which a name is offered as "did you mean".
inline constexpr size_t kMaxSuggestionDistance = 3;
// Known names an unknown-name error lists when none is close enough to suggest.
inline constexpr size_t kMaxListedNames = 12;
// Longest misspelt name for which "did you mean" is looked for.
inline constexpr size_t kMaxSuggestedNameLength = 64;
// Lua instructions one hook call may run (docs/lua.md); a ruleset's `lua_instructions`
// setting overrides it.
inline constexpr int64_t kLuaInstructions = 1'000'000;
// Bytes one hook call may allocate beyond what the sandbox already holds; a ruleset's
// `lua_memory` setting overrides it.
inline constexpr size_t kLuaMemoryBytes = size_t{8} << 20;
// Lua instructions all the hook calls of one query may run together, and the time they may
// take (docs/lua.md, "Limits"): a hook that spends most of its per-call budget on every step
// of a search stops there, with error[lua-budget] naming the query.
inline constexpr int64_t kLuaQueryInstructions = 20'000'000;
inline constexpr int64_t kLuaQueryMilliseconds = 3'000;
// The range a ruleset may set those two to.
inline constexpr int64_t kLuaInstructionsMin = 1'000;
inline constexpr int64_t kLuaInstructionsMax = 1'000'000'000;
inline constexpr size_t kLuaMemoryMin = size_t{256} << 10;
inline constexpr size_t kLuaMemoryMax = size_t{1} << 30;

// --- Rules language ---
// Levels a rules expression may nest: brackets, and the operators and keywords of one bracketed
// group (a chain `a + b + c` counts each operator); refused on the token stream, before any
// recursive walk.
inline constexpr size_t kMaxRulesDepth = 200;
// Bytes of one token of a rules file: a name, a number, a quoted text.
inline constexpr size_t kMaxRulesTokenBytes = 4096;

// --- YAML (tables, scenarios) ---
// Levels a YAML document may nest (a scenario needs about 8); deeper is refused before
// yaml-cpp's recursive parser sees it, and an alias inside its own anchor passes it.
inline constexpr size_t kMaxYamlDepth = 64;
// Values a YAML document may hold once its aliases are expanded.
inline constexpr size_t kMaxYamlNodes = 2'000'000;
// Bytes of one YAML value (a name, a map row, a description): a map row of kMaxMapSide squares
// fits many times over.
inline constexpr size_t kMaxYamlScalarBytes = size_t{64} << 10;

// --- Numbers ---
// Largest number a table cell may hold (feet for distances): larger ones are mistakes, and
// sums of them must stay exact in a double.
inline constexpr double kMaxTableNumber = 1'000'000;
// Largest distance in feet a scenario or query may give (a speed, movement already used).
inline constexpr double kMaxScenarioFeet = 1'000'000;
// Largest ability score, armor class part or class level a scenario creature may give (in
// absolute value): a larger one is a mistake, and no d20 number comes near it.
inline constexpr double kMaxCreatureNumber = 1'000;
// The most actions of one type a turn query's `state: { actions_used }` may say were taken.
inline constexpr int64_t kMaxTurnActions = 100;
// The most actions one turn query may list (`actions:`): a round holds a handful; each is a
// query of its own (a path, an attack), so a longer list is a mistake or an attack.
inline constexpr size_t kMaxActionsPerTurn = 100;
// The most die results one list of a query may give (a tumble's, a chase side's, a travel's
// `rolls` and `damage_rolls`); the rest are rolled with the scenario's seed.
inline constexpr size_t kMaxGivenRolls = 1000;

// --- Answers ---
// Squares a `reach` answer lists one by one in `squares`; beyond it only the compact `grid`
// carries them (docs/scenarios.md, "Reach grids").
inline constexpr size_t kMaxListedSquares = 20'000;

// --- Pictures ---
// Squares of the largest map `rulecraft render` draws (docs/render.md): 256 × 256, a picture of
// some 20 MB at most.
inline constexpr int64_t kMaxRenderedSquares = 256 * 256;

// --- The service (`rulecraft serve`, docs/api.md) ---
// Largest request body, in bytes; a larger one is answered 413 without being read.
inline constexpr size_t kMaxRequestBytes = size_t{4} << 20;
// Requests answered at once by default (`--workers`); one more is answered 503.
inline constexpr int kDefaultServiceWorkers = 8;
// Most workers `--workers` may ask for.
inline constexpr int kMaxServiceWorkers = 256;
// Scenarios kept open at once (POST /v1/scenarios); opening one more closes the longest unused.
inline constexpr size_t kMaxOpenScenarios = 64;
// Changes one POST /v1/scenarios/{id}/changes may hold.
inline constexpr size_t kMaxChangesPerRequest = 1000;
// Largest file of the web page served (web/); a larger one is not a page file, answered 404.
inline constexpr uintmax_t kMaxWebFileBytes = uintmax_t{4} << 20;

}  // namespace rulecraft::limits
