#include "query/path_within.h"

#include <optional>
#include <string>

#include "query/movement_query.h"

namespace rulecraft::query {

void AddWithin(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  nlohmann::json through = nlohmann::json::array();
  for (const nlohmann::json& step : result.value("steps", nlohmann::json::array())) through.push_back(step["at"]);
  nlohmann::json within_modes = nlohmann::json::object();
  nlohmann::json farthest = nlohmann::json::object();
  std::optional<std::string> within;
  double within_budget = 0;
  for (const tables::Row& row : context.rules.Table("movement_modes").rows) {
    model::Query variant = query;
    variant.params["mode"] = row.name;
    nlohmann::json answer = nlohmann::json::object();
    AnswerPath(context, variant, answer);
    if (answer.value("status", "ok") != "ok") continue;  // a mode this creature cannot use here
    bool reaches = answer.value("reachable", false);
    double budget_ft = answer.value("budget_ft", 0.0);
    within_modes[row.name] = reaches;
    if (reaches && (!within || budget_ft < within_budget)) {
      within = row.name;
      within_budget = budget_ft;
    }
    // Along this route, by the mode's own rules and budget: the last step it takes before its
    // first illegal one (whether it may stop there is `may_end`'s business, as in a route).
    model::Query along = variant;
    along.params.erase("to");
    along.params["through"] = through;
    nlohmann::json route = nlohmann::json::object();
    AnswerRoute(context, along, route);
    nlohmann::json last = nullptr;
    size_t taken = route.value("status", "ok") == "ok" ? route.value("steps", nlohmann::json::array()).size() : 0;
    if (taken > 0 && taken <= through.size()) last = through[taken - 1];
    farthest[row.name] = std::move(last);
  }
  result["within"] = within ? nlohmann::json(*within) : nlohmann::json(nullptr);
  result["within_modes"] = std::move(within_modes);
  result["farthest_by_mode"] = std::move(farthest);
}

}  // namespace rulecraft::query
