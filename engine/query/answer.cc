#include "query/answer.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "dsl/eval/machine.h"
#include "query/chase_query.h"
#include "query/closest_query.h"
#include "query/combat_query.h"
#include "query/creature_query.h"
#include "query/movement_query.h"
#include "query/reach_square.h"
#include "query/save_query.h"
#include "query/size_query.h"
#include "query/source_name.h"
#include "query/speed_query.h"
#include "query/travel_query.h"
#include "query/turn_query.h"

namespace rulecraft::query {

bool Fail(nlohmann::json& result, std::string message) {
  result["status"] = "error";
  result["message"] = std::move(message);
  return false;
}

namespace {

// A located `diagnostic` for a failed answer: code, file, the line and column `span` begins at,
// and the column just past its end on that line (a span that runs past its line is underlined
// to the line's end); line and column null when the file is not among `sources`.
nlohmann::json LocatedDiagnostic(const char* code, const SourceSpan& span, const SourceSet& sources,
                                 const nlohmann::json& message) {
  nlohmann::json diagnostic = {{"severity", "error"}, {"code", code}, {"file", span.file},
                               {"line", nullptr}, {"col", nullptr}, {"message", message}};
  if (const SourceFile* file = sources.Find(span.file)) {
    LineColumn begin = file->Locate(span.begin);
    LineColumn end = file->Locate(std::max(span.end, span.begin));
    diagnostic["line"] = begin.line;
    diagnostic["col"] = begin.column;
    diagnostic["end_col"] = end.line == begin.line ? end.column : static_cast<uint32_t>(file->Line(begin.line).size()) + 1;
  }
  return diagnostic;
}

}  // namespace

bool FailAt(nlohmann::json& result, std::string message, const SourceSpan& span, const SourceSet& sources,
            const char* code) {
  result["diagnostic"] = LocatedDiagnostic(code, span, sources, message);
  return Fail(result, std::move(message));
}

void Unsupported(nlohmann::json& result, const std::string& key, const std::string& why) {
  result["unsupported"][key] = why;
}

nlohmann::json Number(double value) {
  // Whole values (most costs and distances) without rounding; the same integer as below.
  if (std::abs(value) < 9e15 && static_cast<double>(static_cast<int64_t>(value)) == value) {
    return static_cast<int64_t>(value);
  }
  double whole = std::round(value);
  if (std::abs(value - whole) < 1e-9 && std::abs(whole) < 9e15) return static_cast<int64_t>(whole);
  return value;
}

nlohmann::json CellJson(const tables::Value& value) {
  switch (value.kind) {
    case tables::Value::Kind::kBool: return value.AsBool();
    case tables::Value::Kind::kNumber: return Number(value.number);
    case tables::Value::Kind::kText: return value.text;
    case tables::Value::Kind::kList: {
      nlohmann::json items = nlohmann::json::array();
      for (const tables::Value::Item& item : value.entries) items.push_back(CellJson(item.value));
      return items;
    }
    default: return nullptr;
  }
}

std::string Where(const SourceSpan& span, const SourceSet& sources) {
  const SourceFile* file = sources.Find(span.file);
  if (file == nullptr) return RulesetRelativeName(span.file);
  LineColumn at = file->Locate(span.begin);
  return fmt::format("{}:{}:{}", RulesetRelativeName(span.file), at.line, at.column);
}

void ReportHookFailure(const hooks::Runner& hooks, nlohmann::json& result) {
  const Diagnostic& failure = hooks.failure();
  nlohmann::json report = {{"id", result.value("id", "")},
                           {"kind", result.value("kind", "")},
                           {"status", "error"},
                           {"message", hooks.failure_text()}};
  report["diagnostic"] = {{"severity", "error"},
                          {"code", failure.code},
                          {"file", failure.span.file},
                          {"line", hooks.failure_line()},
                          {"message", failure.message}};
  result = std::move(report);
}

nlohmann::json ExplainHookChange(const hooks::Change& change) {
  bool boolean = change.point != hooks::HookPoint::kSpeed && change.point != hooks::HookPoint::kStepCost &&
                 change.point != hooks::HookPoint::kOccupantStepCost;
  auto shown = [&](double value) -> nlohmann::json {
    if (boolean) return value != 0;
    return Number(value);
  };
  return {{"script", RulesetRelativeName(change.script->path)},
          {"hook", hooks::HookPointName(change.point)},
          {"was", shown(change.before)},
          {"value", shown(change.after)}};
}

namespace {

// A failed answer whose message carries a rules runtime failure of its query gets that
// failure's place as its `diagnostic` (code rule-error): the file, line and column of the
// expression that failed, and the column just past its end on that line.
void AddRuleFailure(const eval::FailureWatch& watch, const SourceSet& sources, nlohmann::json& result) {
  if (result.value("status", "") != "error" || result.contains("diagnostic")) return;
  const nlohmann::json message = result.value("message", nlohmann::json());
  if (!message.is_string()) return;
  const eval::Failure* failure = watch.Find(message.get<std::string>());
  if (failure == nullptr) return;
  result["diagnostic"] = LocatedDiagnostic("rule-error", failure->span, sources, message);
}

void AnswerKind(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  switch (query.kind) {
    case model::QueryKind::kSize:
      AnswerSize(context, query, result);
      return;
    case model::QueryKind::kSpeed:
      AnswerSpeed(context, query, result);
      return;
    case model::QueryKind::kReach:
      AnswerReach(context, query, result);
      if (result.value("status", "ok") == "ok") AddReachSquare(context, query, result);
      return;
    case model::QueryKind::kPath:
      AnswerPath(context, query, result);
      return;
    case model::QueryKind::kRoute:
      AnswerRoute(context, query, result);
      return;
    case model::QueryKind::kThreatened:
      AnswerThreatened(context, query, result);
      return;
    case model::QueryKind::kAttack:
      AnswerAttack(context, query, result);
      return;
    case model::QueryKind::kTravel:
      AnswerTravel(context, query, result);
      return;
    case model::QueryKind::kClosest:
      AnswerClosest(context, query, result);
      return;
    case model::QueryKind::kSave:
      AnswerSave(context, query, result);
      return;
    case model::QueryKind::kTurn:
      AnswerTurn(context, query, result);
      return;
    case model::QueryKind::kChase:
      AnswerChase(context, query, result);
      return;
    case model::QueryKind::kCreature:
      AnswerCreature(context, query, result);
      return;
  }
}

}  // namespace

nlohmann::json Answer(const AnswerContext& scenario_context, const model::Query& query) {
  hooks::QueryBudget budget{query.id};
  AnswerContext context{scenario_context.scenario, scenario_context.rules, scenario_context.sources, &budget,
                        scenario_context.step_memos};
  nlohmann::json result = {{"id", query.id}, {"kind", query.kind_name}, {"status", "ok"}};
  if (!query.valid) {
    result["status"] = "error";
    result["message"] = "the query's parameters have errors (see diagnostics)";
    return result;
  }
  eval::FailureWatch watch;
  AnswerKind(context, query, result);
  AddRuleFailure(watch, context.sources, result);
  return result;
}

bool AnswerReachValues(const AnswerContext& scenario_context, const model::Query& query, ReachAnswer& answer,
                       nlohmann::json& result) {
  hooks::QueryBudget budget{query.id};
  AnswerContext context{scenario_context.scenario, scenario_context.rules, scenario_context.sources, &budget,
                        scenario_context.step_memos};
  result = {{"id", query.id}, {"kind", query.kind_name}, {"status", "ok"}};
  if (!query.valid) {
    result["status"] = "error";
    result["message"] = "the query's parameters have errors (see diagnostics)";
    return false;
  }
  eval::FailureWatch watch;
  bool answered = ComputeReach(context, query, answer, result) && result.value("status", "ok") == "ok";
  AddRuleFailure(watch, context.sources, result);
  return answered;
}

}  // namespace rulecraft::query
