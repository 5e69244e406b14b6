// Reading a scenario file and checking every name in it against its ruleset.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "hooks/script.h"
#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"

namespace rulecraft::model {

// Loads each ruleset directory once per run, however many scenarios use it.
class RulesetCache {
 public:
  // The ruleset in `directory`, loading it on first use; nullptr when it has errors
  // (reported once, on first use).
  const ruleset::Ruleset* Get(const std::string& directory, SourceSet& sources,
                              Diagnostics& diagnostics);
  // The Lua scripts creatures' traits name (docs/lua.md), each file loaded once per run.
  hooks::ScriptCache& scripts() { return scripts_; }

 private:
  hooks::ScriptCache scripts_;
  std::map<std::string, std::unique_ptr<ruleset::Ruleset>> loaded_;
};

// A scenario together with the ruleset it names.
struct LoadedScenario {
  Scenario scenario;
  const ruleset::Ruleset* ruleset = nullptr;
};

// Reads and checks a scenario file. `default_ruleset` (a directory) is used when the file
// names none. Returns nullopt when the file, its ruleset, its map or its creatures have
// errors (no query may run on a broken scenario; its queries are still checked, so every error
// is reported at once); problems confined to one query mark only that query invalid.
std::optional<LoadedScenario> ReadScenario(const std::string& path,
                                           const std::string& default_ruleset,
                                           RulesetCache& rulesets, SourceSet& sources,
                                           Diagnostics& diagnostics);

}  // namespace rulecraft::model
