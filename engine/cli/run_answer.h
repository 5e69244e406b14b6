// What `rulecraft run` answers for one scenario, shared by the command and the service
// (POST /v1/run), so both give exactly the same document.
#pragma once

#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "rulecraft/rulecraft.h"

namespace rulecraft::cli {

// A scenario to run: a file path, or text (standard input, a request's body).
using ScenarioInput = std::variant<std::string, ScenarioText>;

// How much of the rules behind each number an answer carries in `explain`.
enum class ExplainLevel {
  kNone,     // no `explain`
  kSummary,  // one entry per number: the deciding rule, its inputs, its source (`--explain`)
  kFull,     // every rule, table cell and modifier the evaluation read (`--explain=full`)
};

// How a run went, once its results were handed on.
struct RunOutcome {
  std::string scenario;  // the scenario's name, as the document's "scenario" gives it
  bool loaded = false;   // false when the scenario could not run (nothing was handed on)
  bool ok = false;       // false when it could not run, a query answered an error or there are errors
};

// Runs every query of `scenario`, handing `sink` each result as it is answered, its `explain`
// as `explain` asks: exactly the results AnswerRun gathers.
RunOutcome StreamRun(Session& session, const ScenarioInput& scenario, ExplainLevel explain, Diagnostics& diagnostics,
                     AnswerSink& sink);

// The answer before diagnostics are added (json_document.h), and whether the run succeeded.
struct RunAnswer {
  nlohmann::json document;  // {scenario, ruleset, results}, or {scenario, results: []} when nothing ran
  bool ok = false;          // false when the scenario could not run, a query answered an error or there are errors
};

// The document of a run of `scenario` where nothing could run: `{scenario, results: []}` (its
// diagnostics say why).
nlohmann::json NothingRanDocument(const std::string& scenario);

// Runs every query of `scenario` and gathers the results in one document.
RunAnswer AnswerRun(Session& session, const ScenarioInput& scenario, ExplainLevel explain, Diagnostics& diagnostics);

}  // namespace rulecraft::cli
