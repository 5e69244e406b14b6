// What a Session keeps between calls, and loading a scenario into it: shared by the Session's
// calls (session.cc) and the scenarios it opens (open_scenario.cc).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "model/scenario_reader.h"
#include "movement/step_rules.h"
#include "rulecraft/rulecraft.h"
#include "ruleset/ruleset_finder.h"

namespace rulecraft {

struct Session::State {
  explicit State(const SessionOptions& options)
      : finder(options.ruleset_folders, options.confine_rulesets), rulesets(options.compiled_folder) {}

  ruleset::RulesetFinder finder;
  SourceSet sources;
  model::RulesetCache rulesets;
};

struct OpenScenario::Impl {
  Session::State& state;
  model::LoadedScenario loaded;  // its creatures settled (squeezed where they must be)
  std::vector<model::Creature> as_placed;  // the creatures where the user put them, not settled
  movement::StepMemos step_memos;  // the step rules' memos its queries leave for the next
};

namespace api {

// Reads the scenario in `file` and settles where its creatures stand (query/placement.h);
// nullopt when either has errors, for no query may run on a broken scenario. `as_placed`, when
// given, receives the creatures as read, before settling.
std::optional<model::LoadedScenario> LoadScenario(const SourceFile& file, const std::string& base_folder,
                                                  const std::string& default_ruleset, Session::State& state,
                                                  Diagnostics& diagnostics,
                                                  std::vector<model::Creature>* as_placed = nullptr);

// Answers every query of a loaded scenario, handing `sink` its names, then each result in turn.
void AnswerEach(const model::LoadedScenario& loaded, const SourceSet& sources, AnswerSink& sink);

// The answer to every query of a loaded scenario: `{"scenario", "ruleset", "results"}`.
nlohmann::json AnswerAll(const model::LoadedScenario& loaded, const SourceSet& sources);

}  // namespace api
}  // namespace rulecraft
