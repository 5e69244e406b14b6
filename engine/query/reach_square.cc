#include "query/reach_square.h"

#include "query/movement_query.h"

namespace rulecraft::query {

void AddReachSquare(const AnswerContext& context, const model::Query& query,
                    nlohmann::json& result) {
  if (!query.params.contains("square")) return;
  model::Query path = query;
  path.kind = model::QueryKind::kPath;
  path.params.erase("square");
  path.params["to"] = query.params["square"];
  path.params["mode"] = query.params.value("mode", result.value("mode", std::string("move")));
  nlohmann::json answer = {{"id", query.id}, {"kind", "path"}, {"status", "ok"}};
  AnswerPath(context, path, answer);
  nlohmann::json square = {{"at", query.params["square"]}};
  if (answer.value("status", "ok") != "ok") {
    square["reachable"] = false;
    square["why"] = answer.value("message", std::string("the path to it could not be answered"));
    result["explained_square"] = std::move(square);
    return;
  }
  for (const char* key : {"reachable", "cost", "cost_ft", "may_end", "steps", "why"}) {
    if (answer.contains(key)) square[key] = answer[key];
  }
  result["explained_square"] = std::move(square);
  if (answer.contains("explain")) result["explain"] = std::move(answer["explain"]);
}

}  // namespace rulecraft::query
