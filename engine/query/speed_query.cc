#include "query/speed_query.h"

#include <algorithm>

#include <fmt/format.h>

#include "dsl/eval/machine.h"
#include "query/explain.h"
#include "query/records.h"

namespace rulecraft::query {

namespace {

// For each speed the creature has, its row of the ruleset's `speed_kinds` table, every column
// but the row's words (what moving that way gives: 001 a climber is not flat-footed, +8 to
// Athletics …), so a tool shows them beside the speed.
nlohmann::json SpeedKindFacts(const AnswerContext& context, const model::Creature& creature) {
  nlohmann::json facts = nlohmann::json::object();
  const tables::Table* kinds = context.rules.tables.Find("speed_kinds");
  if (kinds == nullptr) return facts;
  for (const auto& [kind, feet] : creature.speeds_ft) {
    const tables::Row* row = kinds->Find(kind);
    if (row == nullptr) continue;
    nlohmann::json cells = nlohmann::json::object();
    for (const auto& [column, value] : row->cells) {
      if (column == "text" || column == "note" || column == "also_called") continue;
      cells[column] = CellJson(value);
    }
    facts[kind] = std::move(cells);
  }
  return facts;
}

}  // namespace

void AnswerSpeed(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  const model::Creature* creature = context.scenario.FindCreature(query.params.value("creature", ""));
  int speed_rule = program.FindRule("speed");
  int mode_rule = program.FindRule("mode_distance");
  if (creature == nullptr || speed_rule < 0) {
    result["status"] = "error";
    result["message"] = creature == nullptr ? "unknown creature"
                                            : "the ruleset has no 'speed' rule (docs/dsl.md, hook points)";
    return;
  }
  if (creature->race.empty() && creature->speeds_ft.count("land") == 0) {
    FailAt(result,
           fmt::format("creature '{}' has neither a race (a row of table 'speeds') nor speed: {{ land: … }}",
                       creature->id),
           creature->span, context.sources, "missing-speed");
    return;
  }
  CreatureRecord record;
  BuildCreatureRecord(*creature, context.rules, record);
  eval::Machine machine(program);
  eval::Trace trace;
  machine.SetTrace(&trace);
  eval::Slot mover;
  mover.record = record.slots.data();
  double land = machine.Call(speed_rule, {&mover, 1}).number;
  if (!machine.error().empty()) {
    result["status"] = "error";
    result["message"] = machine.error();
    return;
  }
  nlohmann::json explain = ExplainTrace(trace, program, context.sources);
  // The creature's Lua scripts may change the land speed (docs/lua.md, hook `speed`).
  std::vector<const hooks::Script*> scripts = ScriptsOf(*creature);
  if (hooks::Runner::AnyDefines(scripts, hooks::HookPoint::kSpeed) || hooks::Runner::AnyBroken(scripts)) {
    hooks::Runner hooks(context.rules, hooks::LimitsOf(context.rules));
    std::vector<hooks::Change> changes;
    hooks.SetLog(&changes);
    hooks.SetMover(CreatureFactsOf(*creature), std::move(scripts));
    if (context.scenario.map) hooks.SetMap(context.scenario.map->width, context.scenario.map->height);
    if (!hooks.failed()) land = hooks.Speed(land);
    if (hooks.failed()) {
      ReportHookFailure(hooks, result);
      return;
    }
    for (const hooks::Change& change : changes) explain.push_back(ExplainHookChange(change));
  }
  result["creature"] = creature->id;
  result["land_ft"] = Number(land);
  result["land_squares"] = Number(land / context.rules.manifest.square_ft);
  if (mode_rule >= 0) {
    nlohmann::json modes = nlohmann::json::object();
    const tables::Table& table = context.rules.Table("movement_modes");
    for (size_t row = 0; row < table.rows.size(); ++row) {
      trace.events.clear();
      eval::Slot args[3];
      args[0] = mover;
      args[1].number = land;
      args[2].number = static_cast<double>(row);
      double feet = machine.Call(mode_rule, args).number;
      modes[table.rows[row].name] = Number(feet);
      for (auto& entry : ExplainTrace(trace, program, context.sources)) {
        entry["mode"] = table.rows[row].name;
        explain.push_back(std::move(entry));
      }
    }
    result["modes_ft"] = std::move(modes);
  }
  // Every speed kind the scenario gives, by the same `speed` rule (mover.moving), and whether a
  // creature in the air falls (rule `falls`, given its fly speed).
  if (creature->speeds_ft.size() > 1 || creature->speeds_ft.count("fly") != 0) {
    nlohmann::json speeds = nlohmann::json::object();
    double fly = 0;
    for (const auto& [kind, feet] : creature->speeds_ft) {
      CreatureRecord moving;
      BuildCreatureRecord(*creature, context.rules, moving, kind);
      eval::Slot by{.record = moving.slots.data()};
      double speed = kind == "land" ? land : machine.Call(speed_rule, {&by, 1}).number;
      speeds[kind] = Number(speed);
      if (kind == "fly") fly = speed;
    }
    result["speeds_ft"] = std::move(speeds);
    // The skill checks of its speeds, as the rules read them: a flier's (fly_check, may_hover),
    // a climber's and a swimmer's (climb_check, swim_check).
    struct KindRule {
      const char* kind;
      const char* rule;
    };
    for (KindRule kind_rule : {KindRule{"fly", "fly_check"}, KindRule{"fly", "may_hover"},
                               KindRule{"climb", "climb_check"}, KindRule{"swim", "swim_check"}}) {
      const char* name = kind_rule.rule;
      if (creature->speeds_ft.count(kind_rule.kind) != 0) {
        int rule = program.FindRule(name);
        if (rule < 0) continue;
        trace.events.clear();
        double value = machine.Call(rule, {&mover, 1}).number;
        result[name] = std::string_view(name) == "may_hover" ? nlohmann::json(value != 0) : Number(value);
        for (auto& entry : ExplainTrace(trace, program, context.sources)) explain.push_back(std::move(entry));
      }
    }
    // A flier's hovering and the scenario's wind (rules hover_automatic, fly_check_needed) and
    // its maneuverability's row, every column (001: clumsy cannot hover, perfect hovers
    // without a check …).
    if (creature->speeds_ft.count("fly") != 0) {
      if (int rule = program.FindRule("hover_automatic"); rule >= 0) {
        trace.events.clear();
        result["hover_automatic"] = machine.Call(rule, {&mover, 1}).number != 0;
        for (auto& entry : ExplainTrace(trace, program, context.sources)) explain.push_back(std::move(entry));
      }
      if (int rule = program.FindRule("fly_check_needed"); rule >= 0) {
        trace.events.clear();
        int wind = std::max(0, context.rules.Table("winds").IndexOf(context.scenario.wind));
        eval::Slot args[2] = {mover, eval::Slot{.number = static_cast<double>(wind)}};
        result["wind"] = context.scenario.wind;
        result["fly_check_needed"] = machine.Call(rule, args).number != 0;
        for (auto& entry : ExplainTrace(trace, program, context.sources)) explain.push_back(std::move(entry));
      }
      const std::string maneuverability = creature->maneuverability.empty() ? "average" : creature->maneuverability;
      if (const tables::Row* row = context.rules.Table("maneuverability").Find(maneuverability)) {
        nlohmann::json cells = {{"name", maneuverability}};
        for (const auto& [column, value] : row->cells) {
          if (column == "text" || column == "note" || column == "also_called" || column == "label") continue;
          cells[column] = CellJson(value);
        }
        result["maneuverability"] = std::move(cells);
      }
    }
    if (int falls = program.FindRule("falls"); falls >= 0 && creature->speeds_ft.count("fly") != 0) {
      trace.events.clear();
      eval::Slot args[2] = {mover, eval::Slot{.number = fly}};
      result["falls"] = machine.Call(falls, args).number != 0;
      for (auto& entry : ExplainTrace(trace, program, context.sources)) explain.push_back(std::move(entry));
    }
  }
  if (nlohmann::json kinds = SpeedKindFacts(context, *creature); !kinds.empty()) result["speed_kinds"] = std::move(kinds);
  result["explain"] = std::move(explain);
}

}  // namespace rulecraft::query
