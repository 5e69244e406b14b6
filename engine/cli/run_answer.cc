#include "cli/run_answer.h"

#include "api/gathered_answers.h"
#include "query/explain_summary.h"

namespace rulecraft::cli {
namespace {

// Shapes each result as `explain` asks before handing it on, and notes whether any answered an
// error.
class ShapedResults : public AnswerSink {
 public:
  ShapedResults(ExplainLevel explain, AnswerSink& next) : explain_(explain), next_(next) {}

  void Loaded(const std::string& scenario, const std::string& ruleset) override { next_.Loaded(scenario, ruleset); }
  void Result(nlohmann::json result) override {
    if (explain_ == ExplainLevel::kNone) result.erase("explain");
    if (explain_ == ExplainLevel::kSummary && result.contains("explain")) result["explain"] = query::SummarizeExplain(result);
    // A query that could not be answered (a Lua hook failing, a rule dividing by zero) fails the run.
    answered_ = answered_ && result.value("status", "") != "error";
    next_.Result(std::move(result));
  }
  bool answered() const { return answered_; }

 private:
  ExplainLevel explain_;
  AnswerSink& next_;
  bool answered_ = true;
};

}  // namespace

RunOutcome StreamRun(Session& session, const ScenarioInput& scenario, ExplainLevel explain, Diagnostics& diagnostics,
                     AnswerSink& sink) {
  ShapedResults shaped(explain, sink);
  RunOutcome outcome;
  if (const auto* path = std::get_if<std::string>(&scenario)) {
    outcome.scenario = *path;
    outcome.loaded = session.RunScenario(*path, diagnostics, shaped);
  } else {
    const ScenarioText& text = std::get<ScenarioText>(scenario);
    outcome.scenario = text.name;
    outcome.loaded = session.RunScenario(text, diagnostics, shaped);
  }
  outcome.ok = outcome.loaded && shaped.answered() && !diagnostics.HasErrors();
  return outcome;
}

nlohmann::json NothingRanDocument(const std::string& scenario) {
  return {{"scenario", scenario}, {"results", nlohmann::json::array()}};
}

RunAnswer AnswerRun(Session& session, const ScenarioInput& scenario, ExplainLevel explain, Diagnostics& diagnostics) {
  api::GatheredAnswers gathered;
  RunOutcome outcome = StreamRun(session, scenario, explain, diagnostics, gathered);
  if (!outcome.loaded) return {NothingRanDocument(outcome.scenario), false};
  return {gathered.Take(), outcome.ok};
}

}  // namespace rulecraft::cli
