#include "query/travel_query.h"

#include <array>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "dsl/eval/machine.h"
#include "query/explain.h"
#include "query/given_dice.h"

namespace rulecraft::query {
namespace {

// Hours past which a query stops listing hourly results (a week of travel).
constexpr int kMaxHours = 24 * 7;
// Rounds past which a query stops listing round by round results (an hour).
constexpr int kMaxRounds = 600;

// Round by round at a local pace (001: run for as many rounds as your Constitution, then a check
// each round, DC rising; a failure stops you until you have rested): the rules pace_tires,
// tireless_rounds, tiring_check_dc, tiring_check_bonus and rest_rounds say how.
void AnswerRounds(const AnswerContext& context, const model::Query& query, eval::Machine& machine, eval::Slot record,
                  nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  int rounds = static_cast<int>(std::min<double>(kMaxRounds, query.params["rounds"].get<double>()));
  result["rounds"] = rounds;
  int tires_rule = program.FindRule("pace_tires");
  bool tires = tires_rule >= 0 && machine.Call(tires_rule, {&record, 1}).number != 0;
  nlohmann::json checks = nlohmann::json::array();
  result["moved_rounds"] = rounds;
  result["stopped_at_round"] = nullptr;
  if (tires) {
    auto call = [&](const char* name, double number) {
      int rule = program.FindRule(name);
      eval::Slot args[2] = {record, eval::Slot{.number = number}};
      return rule >= 0 ? machine.Call(rule, args).number : 0;
    };
    int free_rounds = static_cast<int>(call("tireless_rounds", 0));
    result["tireless_rounds"] = free_rounds;
    GivenDice dice(context, query, "rolls", query.params.value("rolls", nlohmann::json()));
    for (int round = free_rounds + 1; round <= rounds; ++round) {
      int check = round - free_rounds;
      double dc = call("tiring_check_dc", check);
      double bonus = call("tiring_check_bonus", 0);
      std::string source;
      int64_t roll = dice.Roll(20, round, source);
      bool success = static_cast<double>(roll) + bonus >= dc;
      checks.push_back({{"round", round}, {"dc", Number(dc)}, {"roll", roll}, {"bonus", Number(bonus)},
                        {"check", Number(static_cast<double>(roll) + bonus)}, {"success", success}, {"rolled", source}});
      if (!success) {
        result["moved_rounds"] = round - 1;
        result["stopped_at_round"] = round;
        result["rested_by_round"] = round + static_cast<int>(call("rest_rounds", 0));
        // While it rests it moves no faster than the rule rest_pace says (001: walking).
        if (int pace_rule = program.FindRule("rest_pace"); pace_rule >= 0) {
          const tables::Table& paces = context.rules.Table("movement_scales");
          int pace = static_cast<int>(machine.Call(pace_rule, {&record, 1}).number);
          if (pace >= 0 && static_cast<size_t>(pace) < paces.rows.size()) {
            result["rest_pace"] = paces.rows[static_cast<size_t>(pace)].name;
            int round_rule = program.FindRule("travel_ft_per_round");
            if (round_rule >= 0) {
              std::array<eval::Slot, compile::kRecordHeader + 10> resting{};
              std::copy_n(record.record, resting.size(), resting.begin());
              resting[compile::kRecordHeader + 1].number = pace;
              eval::Slot rest{.record = resting.data()};
              result["rest_ft_per_round"] = Number(machine.Call(round_rule, {&rest, 1}).number);
            }
          }
        }
        break;
      }
    }
  }
  result["checks"] = std::move(checks);
}

// Hour by hour: hustling's damage (001 Спешка), forced march checks past the day's hours (001
// Марш-бросок: a check of the rule's DC, 1dN nonlethal damage on a failure), when the nonlethal
// damage taken makes the traveller fatigued (rule fatigued_by) and, with hit_points, knocks it
// out (rule knocked_out).
void AnswerHours(const AnswerContext& context, const model::Query& query, eval::Machine& machine, eval::Slot record,
                 int whole_hours, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  int damage_rule = program.FindRule("hustle_damage");
  int dc_rule = program.FindRule("forced_march_dc");
  int bonus_rule = program.FindRule("forced_march_bonus");
  int die_rule = program.FindRule("forced_march_damage_die");
  int fatigue_rule = program.FindRule("fatigued_by");
  int knocked_out_rule = program.FindRule("knocked_out");
  bool hit_points = query.params.value("hit_points", 0.0) > 0;
  GivenDice checks(context, query, "rolls", query.params.value("rolls", nlohmann::json()));
  GivenDice damage_dice(context, query, "damage_rolls", query.params.value("damage_rolls", nlohmann::json()));
  nlohmann::json hustle = nlohmann::json::array();
  nlohmann::json march = nlohmann::json::array();
  double nonlethal = 0;
  nlohmann::json fatigued_from = nullptr, knocked_out_at = nullptr;
  for (int hour = 1; hour <= whole_hours; ++hour) {
    eval::Slot args[2] = {record, eval::Slot{.number = static_cast<double>(hour)}};
    if (damage_rule >= 0) {
      double damage = machine.Call(damage_rule, args).number;
      hustle.push_back(Number(damage));
      nonlethal += damage;
    }
    double dc = dc_rule >= 0 ? machine.Call(dc_rule, args).number : 0;
    if (dc > 0) {
      std::string source, damage_source;
      int64_t roll = checks.Roll(20, hour, source);
      double bonus = bonus_rule >= 0 ? machine.Call(bonus_rule, {&record, 1}).number : 0;
      bool success = static_cast<double>(roll) + bonus >= dc;
      int64_t damage = 0;
      if (!success) {
        int64_t sides = die_rule >= 0 ? static_cast<int64_t>(machine.Call(die_rule, {&record, 1}).number) : 6;
        damage = damage_dice.Roll(sides, hour, damage_source);
      }
      nonlethal += static_cast<double>(damage);
      nlohmann::json entry = {{"hour", hour}, {"dc", Number(dc)}, {"roll", roll}, {"bonus", Number(bonus)},
                              {"check", Number(static_cast<double>(roll) + bonus)}, {"success", success},
                              {"damage", damage}, {"rolled", source}};
      if (!damage_source.empty()) entry["damage_rolled"] = damage_source;
      march.push_back(std::move(entry));
    }
    eval::Slot taken[2] = {record, eval::Slot{.number = nonlethal}};
    if (fatigued_from.is_null() && fatigue_rule >= 0 && machine.Call(fatigue_rule, taken).number != 0) {
      fatigued_from = hour;
    }
    if (knocked_out_at.is_null() && hit_points && knocked_out_rule >= 0 && machine.Call(knocked_out_rule, taken).number != 0) {
      knocked_out_at = hour;
    }
  }
  if (damage_rule >= 0) result["hustle_damage"] = std::move(hustle);
  result["forced_march"] = std::move(march);
  result["nonlethal_damage"] = Number(nonlethal);
  if (fatigue_rule >= 0) {
    result["fatigued"] = !fatigued_from.is_null();
    result["fatigued_from_hour"] = fatigued_from;
  }
  if (hit_points && knocked_out_rule >= 0) result["knocked_out_at_hour"] = knocked_out_at;
}


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
  std::array<eval::Slot, compile::kRecordHeader + 10> journey{};
  journey[compile::kRecordHeader + 0].number = speed;
  journey[compile::kRecordHeader + 1].number = paces->IndexOf(pace);
  journey[compile::kRecordHeader + 2].number = terrains->IndexOf(terrain);
  journey[compile::kRecordHeader + 3].number = road == "highway";
  journey[compile::kRecordHeader + 4].number = road == "road";
  journey[compile::kRecordHeader + 5].number = road == "trail";
  journey[compile::kRecordHeader + 6].number = road == "trackless";
  journey[compile::kRecordHeader + 7].number = vehicles->IndexOf(vehicle);
  journey[compile::kRecordHeader + 8].number = query.params.value("constitution", 10.0);
  journey[compile::kRecordHeader + 9].number = query.params.value("hit_points", 0.0);

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
  result["speed_ft"] = Number(speed);
  result["pace"] = pace;
  // Local scale (001 В РАУНД, В МИНУТУ): feet a round and a minute, where the ruleset says.
  std::string scale = query.params.value("scale", "overland");
  int round_rule = program.FindRule("travel_ft_per_round");
  int minute_rule = program.FindRule("travel_ft_per_minute");
  if (round_rule >= 0) result["ft_per_round"] = Number(machine.Call(round_rule, {&record, 1}).number);
  if (minute_rule >= 0) result["ft_per_minute"] = Number(machine.Call(minute_rule, {&record, 1}).number);
  if (scale == "local") {
    if (round_rule < 0 || minute_rule < 0) {
      result["status"] = "error";
      result["message"] = "this ruleset has no local movement rules (travel_ft_per_round, travel_ft_per_minute)";
      return;
    }
    result["scale"] = scale;
    if (query.params.contains("rounds")) AnswerRounds(context, query, machine, record, result);
    result["explain"] = ExplainTrace(trace, program, context.sources);
    return;
  }
  double mph = machine.Call(mph_rule, {&record, 1}).number;
  double day_hours = machine.Call(day_rule, {&record, 1}).number;
  nlohmann::json explain = ExplainTrace(trace, program, context.sources);
  machine.SetTrace(nullptr);
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
    AnswerHours(context, query, machine, record, std::min(kMaxHours, static_cast<int>(std::ceil(hours))), result);
  }
  if (!machine.error().empty()) {
    result["status"] = "error";
    result["message"] = machine.error();
    return;
  }
  result["explain"] = std::move(explain);
}

}  // namespace rulecraft::query
