// Reading a scenario file and checking every name in it against its ruleset.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "hooks/script.h"
#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/folder_stamp.h"
#include "ruleset/ruleset.h"
#include "ruleset/ruleset_finder.h"

namespace rulecraft::model {

// Loads each ruleset directory once per run, however many scenarios use it; a ruleset whose
// files changed on disk since it was loaded is loaded again on its first use in a call, so a
// long-lived Session (the service) never answers with a stale ruleset (model/ruleset_cache.cc).
class RulesetCache {
 public:
  // A cache that keeps each ruleset's compiled form in `compiled_folder` too, when it is not
  // empty, for later processes (ruleset/compiled_cache.h).
  explicit RulesetCache(std::string compiled_folder = {}) : compiled_folder_(std::move(compiled_folder)) {}

  // The ruleset in `directory`, loading it on first use or when its files changed; nullptr when
  // it has errors (reported on first use, and again on the first use after each NewCall).
  const ruleset::Ruleset* Get(const std::string& directory, SourceSet& sources,
                              Diagnostics& diagnostics);
  // Starts a new call of the library (a run, a request): the errors of a ruleset that failed to
  // load are reported again, once, to whoever uses it next, and each ruleset's files are
  // compared with the disk again on its next use.
  void NewCall() {
    reported_.clear();
    checked_.clear();
  }
  // The Lua scripts creatures' traits name (docs/lua.md), each file loaded once per run.
  hooks::ScriptCache& scripts() { return scripts_; }

 private:
  // A ruleset loaded (or not, when it has errors) and what its folders looked like then.
  struct Entry {
    std::unique_ptr<ruleset::Ruleset> ruleset;
    ruleset::FolderStamp stamp;
  };
  // Forgets `key`'s entry when its folders changed on disk since it was loaded.
  void ForgetIfChanged(const std::string& key);

  std::string compiled_folder_;
  hooks::ScriptCache scripts_;
  std::map<std::string, Entry> loaded_;
  std::map<std::string, Diagnostics> failures_;  // why each ruleset that failed to load did
  std::set<std::string> reported_;               // failures reported since the last NewCall
  std::set<std::string> checked_;                // compared with the disk since the last NewCall
  // Rulesets replaced by a reload, kept because a scenario opened before may still use them.
  std::vector<std::unique_ptr<ruleset::Ruleset>> replaced_;
};

// A scenario together with the ruleset it names.
struct LoadedScenario {
  Scenario scenario;
  const ruleset::Ruleset* ruleset = nullptr;
};

// Where a scenario comes from, for finding the ruleset it names.
struct ScenarioOrigin {
  const ruleset::RulesetFinder& finder;  // which rulesets it may name
  std::string base_folder;               // relative ruleset paths start here (a file's folder)
  std::string default_ruleset;           // a directory, used when the scenario names none
};

// Reads and checks a scenario held in `file` (read from disk or given as text; YAML, so JSON
// too). Returns nullopt when the file, its ruleset, its map or its creatures have errors (no
// query may run on a broken scenario; its queries are still checked, so every error is reported
// at once); problems confined to one query mark only that query invalid.
std::optional<LoadedScenario> ReadScenario(const SourceFile& file, const ScenarioOrigin& origin,
                                           RulesetCache& rulesets, SourceSet& sources, Diagnostics& diagnostics);

}  // namespace rulecraft::model
