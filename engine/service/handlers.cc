#include "service/handlers.h"

#include <algorithm>

#include "cli/check_answer.h"
#include "cli/run_answer.h"
#include "service/request_body.h"

namespace rulecraft::service {
namespace {

constexpr int kOk = 200;
constexpr int kBadRequest = 400;
constexpr int kNotFound = 404;

bool Names(const Diagnostics& diagnostics, const char* code) {
  return std::any_of(diagnostics.items().begin(), diagnostics.items().end(),
                     [code](const Diagnostic& diagnostic) { return diagnostic.code == code; });
}

// 404 when what failed was finding a ruleset, else 400 (the input is wrong).
int FailureStatus(const Diagnostics& diagnostics) {
  return Names(diagnostics, "unknown-ruleset") ? kNotFound : kBadRequest;
}

nlohmann::json TerrainRows(const std::vector<TerrainKind>& terrain) {
  nlohmann::json rows = nlohmann::json::array();
  for (const TerrainKind& kind : terrain) rows.push_back({{"name", kind.name}, {"label", kind.label}, {"colour", kind.colour}});
  return rows;
}

// Each size's space in squares, by size name.
nlohmann::json SizeSquares(const RulesetSummary& summary) {
  nlohmann::json squares = nlohmann::json::object();
  for (size_t i = 0; i < summary.sizes.size() && i < summary.size_squares.size(); ++i) {
    squares[summary.sizes[i]] = summary.size_squares[i];
  }
  return squares;
}

}  // namespace

Reply AnswerRunRequest(Session& session, const std::string& body, const std::string& content_type,
                       cli::ExplainLevel explain) {
  Diagnostics diagnostics;
  SourceSet body_sources;
  auto scenario = ScenarioFromBody(body, content_type, body_sources, diagnostics);
  if (!scenario) {
    return Finish(kBadRequest, cli::NothingRanDocument("request.json"), diagnostics, body_sources);
  }
  cli::RunAnswer answer = cli::AnswerRun(session, *scenario, explain, diagnostics);
  int status = kOk;
  if (!answer.document.contains("ruleset")) {
    status = FailureStatus(diagnostics);
  } else if (diagnostics.HasErrors()) {
    status = kBadRequest;
  }
  return Finish(status, std::move(answer.document), diagnostics, session.sources());
}

Reply AnswerRenderRequest(Session& session, const std::string& body, const std::string& content_type,
                          const std::string& query_id) {
  Diagnostics diagnostics;
  SourceSet body_sources;
  nlohmann::json nothing = {{"scenario", "request.json"}, {"query", query_id}};
  auto scenario = ScenarioFromBody(body, content_type, body_sources, diagnostics);
  if (!scenario) return Finish(kBadRequest, std::move(nothing), diagnostics, body_sources);
  nothing["scenario"] = scenario->name;
  std::optional<std::string> picture = session.RenderScenario(*scenario, query_id, diagnostics);
  if (!picture) return Finish(FailureStatus(diagnostics), std::move(nothing), diagnostics, session.sources());
  Reply reply;
  reply.content_type = "image/svg+xml";
  reply.body = std::move(*picture);
  return reply;
}

Reply AnswerCheckRequest(Session& session, const std::string& body) {
  Diagnostics diagnostics;
  SourceSet body_sources;
  nlohmann::json empty = {{"rulesets", nlohmann::json::array()}};
  auto request = JsonObjectFromBody(body, body_sources, diagnostics);
  if (!request) return Finish(kBadRequest, empty, diagnostics, body_sources);
  std::vector<std::string> names;
  nlohmann::json given = request->contains("rulesets") ? (*request)["rulesets"]
                                                      : nlohmann::json::array({request->value("ruleset", nlohmann::json())});
  if (!given.is_array()) given = nlohmann::json::array({given});
  for (const nlohmann::json& name : given) {
    if (!name.is_string() || name.get<std::string>().empty()) {
      diagnostics.Error("wrong-type", {}, "expected {\"rulesets\": [\"name\", …]} or {\"ruleset\": \"name\"}");
      return Finish(kBadRequest, empty, diagnostics, body_sources);
    }
    names.push_back(name.get<std::string>());
  }
  cli::CheckAnswer answer = cli::AnswerCheck(session, names, "", diagnostics);
  int status = Names(diagnostics, "unknown-ruleset") || Names(diagnostics, "ruleset-path-refused")
                   ? FailureStatus(diagnostics)
                   : kOk;
  return Finish(status, std::move(answer.document), diagnostics, session.sources());
}

Reply AnswerRulesetsRequest(Session& session) {
  Diagnostics diagnostics;
  nlohmann::json rulesets = nlohmann::json::array();
  for (const RulesetSummary& summary : session.Rulesets(diagnostics)) {
    rulesets.push_back({{"name", summary.name},
                        {"title", summary.title},
                        {"lineage", summary.lineage},
                        {"tables", summary.tables},
                        {"terrain", TerrainRows(summary.terrain)},
                        {"sizes", summary.sizes},
                        {"size_squares", SizeSquares(summary)},
                        {"conditions", summary.conditions},
                        {"movement_modes", summary.movement_modes}});
  }
  return Finish(kOk, {{"rulesets", std::move(rulesets)}}, diagnostics, session.sources());
}

Reply AnswerHealthRequest(size_t workers, size_t busy) {
  Diagnostics none;
  return Finish(kOk, {{"status", "ok"}, {"version", Version()}, {"workers", workers}, {"busy", busy}}, none,
                SourceSet{});
}

}  // namespace rulecraft::service
