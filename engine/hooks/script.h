// Lua exception scripts (docs/lua.md): the hook points, one loaded script, and the cache that
// finds the script a creature's trait names.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/limits.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"

namespace rulecraft::hooks {

// The points where the engine calls a script, named after the DSL hook points whose result
// the script sees and may change. The first four are the creature's own moves; the occupant_
// ones are called when another creature steps into (or ends in) the creature's squares; `zone`
// names squares around the creature (its spears, its aura) and the zone_ ones are called when
// another creature steps into (or ends in) one of them.
enum class HookPoint : uint8_t {
  kSpeed,
  kStepCost,
  kMayEnter,
  kMayEnd,
  kOccupantStepCost,
  kOccupantMayEnter,
  kOccupantMayEnd,
  kZone,
  kZoneStepCost,
  kZoneMayEnter,
  kZoneMayEnd,
  kThreatens,    // the attacker's: whether it threatens a square dx, dy squares beyond its space
  kAttackBonus,  // the attacker's: its total attack modifier
  kAcBonus,      // the defender's: its total AC modifier
  kCover,        // the defender's: the cover it has (a row name of table `cover`)
  kMayOccupy,    // the creature's: whether it may be placed on a square at all (query/placement.h)
};
inline constexpr int kHookPointCount = 16;

// "speed", "step_cost", "may_enter", "may_end", "occupant_step_cost", ….
const char* HookPointName(HookPoint point);

// What one hook call may use; a ruleset's manifest sets them (lua_instructions, lua_memory).
struct Limits {
  int64_t instructions = limits::kLuaInstructions;
  size_t memory_bytes = limits::kLuaMemoryBytes;
  bool operator==(const Limits&) const = default;
};

// The limits a ruleset sets.
Limits LimitsOf(const ruleset::Ruleset& rules);

// What all the hook calls of one query may use together: instructions left and a deadline.
struct QueryBudget {
  std::string query;  // the query's id, for the message
  int64_t instructions = limits::kLuaQueryInstructions;
  std::chrono::steady_clock::time_point deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(limits::kLuaQueryMilliseconds);
};

// One script file, compiled and run once at load to learn which hook points it defines.
struct Script {
  std::string trait;  // the trait that names it
  std::string path;   // as shown in diagnostics
  std::string text;
  uint32_t points = 0;              // bit (1 << HookPoint) per hook point it defines
  int lines[kHookPointCount] = {};  // where each hook point's function is defined
  // The rulesets it is written for (`rulesets = {"dnd35", …}` at its top level): in a ruleset
  // that neither is nor extends one of them, its trait stays a plain trait. Empty: any ruleset.
  std::vector<std::string> rulesets;
  std::optional<Diagnostic> error;  // why it cannot run (a syntax error, its top level failed)
  std::string error_text;           // the same as "path:line: message"
  int error_line = 0;               // its line, or 0

  bool Defines(HookPoint point) const { return (points >> static_cast<int>(point) & 1u) != 0; }
  // Whether it defines a hook for other creatures' moves (occupant_step_cost, …).
  bool DefinesOccupantHooks() const {
    return Defines(HookPoint::kOccupantStepCost) || Defines(HookPoint::kOccupantMayEnter) ||
           Defines(HookPoint::kOccupantMayEnd);
  }
  // Whether it defines a hook for other creatures' steps into its zone (zone_step_cost, …).
  bool DefinesZoneHooks() const {
    return Defines(HookPoint::kZoneStepCost) || Defines(HookPoint::kZoneMayEnter) || Defines(HookPoint::kZoneMayEnd);
  }
  // Whether it applies in a ruleset of this lineage.
  bool AppliesTo(const std::vector<std::string>& lineage) const;
};

// A script made from text in memory (tests, tools): compiled and inspected like a file.
std::shared_ptr<const Script> ScriptFromText(std::string path, std::string text, const Limits& limits = {},
                                             Diagnostics* diagnostics = nullptr);

// Loads each script file once per run and finds the script a trait names: `hooks/<trait>.lua`
// of the ruleset, then of the rulesets it extends, then `scripts/<trait>.lua` beside the
// bundled rulesets folder. A trait without a script is a plain trait (the rules' `has()`).
class ScriptCache {
 public:
  // The script of `trait` for this ruleset, or nullptr. A script that fails to load is still
  // returned (its `error` set) and its error reported into `diagnostics` the first time.
  std::shared_ptr<const Script> Find(const ruleset::Ruleset& rules, const std::string& trait,
                                     SourceSet& sources, Diagnostics& diagnostics);

  // The folders searched for a ruleset's scripts, in order.
  static std::vector<std::string> Folders(const ruleset::Ruleset& rules);
  // The folder of scripts shared by every ruleset: `scripts/` beside the bundled rulesets folder.
  static std::string SharedFolder();

 private:
  std::map<std::string, std::string> resolved_;  // ruleset directory + '\n' + trait → path or ""
  std::map<std::string, std::shared_ptr<const Script>> loaded_;  // path + limits → script
};

}  // namespace rulecraft::hooks
