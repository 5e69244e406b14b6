#include "query/travel_query.h"

#include <array>
#include <cmath>

#include <fmt/format.h>

#include "dsl/eval/machine.h"
#include "query/explain.h"

namespace rulecraft::query {
namespace {

// Hours past which a query stops listing hourly results (a week of travel).
constexpr int kMaxHours = 24 * 7;

}  // namespace

void AnswerTravel(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  int mph_rule = program.FindRule("travel_mph");
  int day_rule = program.FindRule("travel_day_hours");
  const tables::Table* paces = context.rules.tables.Find("movement_scales");
  const tables::Table* terrains = context.rules.tables.Find("travel_terrain");
  const tables::Table* vehicles = context.rules.tables.Find("travel_days");
  if (mph_rule < 0 || day_rule < 0 || paces == nullptr || terrains == nullptr || vehicles == nullptr) {
    result["status"] = "error";
    result["message"] = "this ruleset has no overland travel rules (rules travel_mph and travel_day_hours, "
                        "tables movement_scales, travel_terrain, travel_days)";
    return;
  }
  std::string pace = query.params.value("mode", "walk");
  std::string terrain = query.params.value("terrain", terrains->rows.empty() ? "" : terrains->rows[0].name);
  std::string road = query.params.value("road", "trackless");
  std::string vehicle = query.params.value("vehicle", vehicles->rows.empty() ? "" : vehicles->rows[0].name);
  for (const auto& [table, name] : {std::pair{paces, pace}, {terrains, terrain}, {vehicles, vehicle}}) {
    if (table->Find(name) == nullptr) {
      result["status"] = "error";
      result["message"] = fmt::format("'{}' is not a row of table '{}'", name, table->name);
      return;
    }
  }
  double speed = query.params.value("speed", 30.0);
  std::array<eval::Slot, compile::kRecordHeader + 8> journey{};
  journey[compile::kRecordHeader + 0].number = speed;
  journey[compile::kRecordHeader + 1].number = paces->IndexOf(pace);
  journey[compile::kRecordHeader + 2].number = terrains->IndexOf(terrain);
  journey[compile::kRecordHeader + 3].number = road == "highway";
  journey[compile::kRecordHeader + 4].number = road == "road";
  journey[compile::kRecordHeader + 5].number = road == "trail";
  journey[compile::kRecordHeader + 6].number = road == "trackless";
  journey[compile::kRecordHeader + 7].number = vehicles->IndexOf(vehicle);

  eval::Machine machine(program);
  eval::Trace trace;
  machine.SetTrace(&trace);
  eval::Slot record{.record = journey.data()};
  int may_travel_rule = program.FindRule("may_travel");
  if (may_travel_rule >= 0 && machine.Call(may_travel_rule, {&record, 1}).number == 0 && machine.error().empty()) {
    result["possible"] = false;
    result["why"] = fmt::format("the ruleset's rule may_travel forbids a {} on a {}", vehicle, road);
    result["explain"] = ExplainTrace(trace, program, context.sources);
    return;
  }
  if (may_travel_rule >= 0) result["possible"] = true;
  double mph = machine.Call(mph_rule, {&record, 1}).number;
  double day_hours = machine.Call(day_rule, {&record, 1}).number;
  nlohmann::json explain = ExplainTrace(trace, program, context.sources);
  machine.SetTrace(nullptr);
  result["speed_ft"] = Number(speed);
  result["pace"] = pace;
  result["terrain"] = terrain;
  result["road"] = road;
  result["vehicle"] = vehicle;
  result["miles_per_hour"] = Number(mph);
  result["hours_per_day"] = Number(day_hours);
  result["miles_per_day"] = Number(mph * day_hours);
  if (query.params.contains("hours")) {
    double hours = query.params["hours"].get<double>();
    result["hours"] = Number(hours);
    result["miles"] = Number(mph * hours);
    int whole_hours = std::min(kMaxHours, static_cast<int>(std::ceil(hours)));
    nlohmann::json damage = nlohmann::json::array();
    nlohmann::json checks = nlohmann::json::array();
    int damage_rule = program.FindRule("hustle_damage");
    int dc_rule = program.FindRule("forced_march_dc");
    for (int hour = 1; hour <= whole_hours; ++hour) {
      eval::Slot args[2] = {record, eval::Slot{.number = static_cast<double>(hour)}};
      if (damage_rule >= 0) damage.push_back(Number(machine.Call(damage_rule, args).number));
      double dc = dc_rule >= 0 ? machine.Call(dc_rule, args).number : 0;
      if (dc > 0) checks.push_back({{"hour", hour}, {"dc", Number(dc)}});
    }
    if (damage_rule >= 0) result["hustle_damage"] = std::move(damage);
    result["forced_march"] = std::move(checks);
  }
  if (!machine.error().empty()) {
    result["status"] = "error";
    result["message"] = machine.error();
    return;
  }
  result["explain"] = std::move(explain);
}

}  // namespace rulecraft::query
