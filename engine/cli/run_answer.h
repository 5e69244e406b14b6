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

// The answer before diagnostics are added (json_document.h), and whether the run succeeded.
struct RunAnswer {
  nlohmann::json document;  // {scenario, ruleset, results}, or {scenario, results: []} when nothing ran
  bool ok = false;          // false when the scenario could not run, a query answered an error or there are errors
};

// How much of the rules behind each number an answer carries in `explain`.
enum class ExplainLevel {
  kNone,     // no `explain`
  kSummary,  // one entry per number: the deciding rule, its inputs, its source (`--explain`)
  kFull,     // every rule, table cell and modifier the evaluation read (`--explain=full`)
};

// Runs every query of `scenario`; each result's `explain` holds what `explain` asks for.
RunAnswer AnswerRun(Session& session, const ScenarioInput& scenario, ExplainLevel explain, Diagnostics& diagnostics);

}  // namespace rulecraft::cli
