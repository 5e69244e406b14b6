#include "cli/run_answer.h"

#include "query/explain_summary.h"

namespace rulecraft::cli {

RunAnswer AnswerRun(Session& session, const ScenarioInput& scenario, ExplainLevel explain, Diagnostics& diagnostics) {
  std::optional<nlohmann::json> results;
  std::string name;
  if (const auto* path = std::get_if<std::string>(&scenario)) {
    name = *path;
    results = session.RunScenario(*path, diagnostics);
  } else {
    const ScenarioText& text = std::get<ScenarioText>(scenario);
    name = text.name;
    results = session.RunScenario(text, diagnostics);
  }
  // Nothing could run: the document still says which scenario and why (its diagnostics).
  if (!results) return {{{"scenario", name}, {"results", nlohmann::json::array()}}, false};
  for (auto& result : (*results)["results"]) {
    if (explain == ExplainLevel::kNone) result.erase("explain");
    if (explain == ExplainLevel::kSummary && result.contains("explain")) result["explain"] = query::SummarizeExplain(result);
  }
  // A query that could not be answered (a Lua hook failing, a rule dividing by zero) fails the run.
  bool answered = true;
  for (const auto& result : (*results)["results"]) answered = answered && result.value("status", "") != "error";
  return {std::move(*results), answered && !diagnostics.HasErrors()};
}

}  // namespace rulecraft::cli
