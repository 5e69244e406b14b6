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

// Runs every query of `scenario`; each result's `explain` is kept only when `explain` is true.
RunAnswer AnswerRun(Session& session, const ScenarioInput& scenario, bool explain, Diagnostics& diagnostics);

}  // namespace rulecraft::cli
