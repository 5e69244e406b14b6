#include "query/opportunity.h"

#include <array>
#include <memory>

#include <fmt/format.h>

#include "combat/threat.h"
#include "model/attitude.h"
#include "query/attack_record.h"
#include "query/cover_answer.h"
#include "query/explain.h"
#include "query/hook_runner.h"

namespace rulecraft::query {
namespace {

bool Opponents(const AnswerContext& context, const model::Creature& mover, const model::Creature& other) {
  return &mover != &other && other.valid && model::HostileTo(other, mover, context.rules);
}

nlohmann::json At(model::Square square) { return nlohmann::json::array({square.x, square.y}); }

// Whether the cover the mover has in the squares `occupied` against the opponent's melee attack allows an attack
// of opportunity (MeasureCover: the cover and concealment rows' `attack_of_opportunity`).
bool CoverAllowsAttack(const AnswerContext& context, const model::Creature& opponent,
                       const CreatureRecord& opponent_record, const model::Creature& mover,
                       const CreatureRecord& mover_record, const model::Area& occupied) {
  // The mover as it stands there, squeezed or whole (cover is measured from its squares).
  model::Creature there = mover;
  there.at = occupied.at;
  bool whole = occupied.width == mover.squares_per_side && occupied.height == mover.squares_per_side;
  there.squeezed_width = whole ? 0 : occupied.width;
  there.squeezed_height = whole ? 0 : occupied.height;
  std::array<eval::Slot, kAttackRecordSlots> attack{};
  attack[kAttackMeleeSlot].number = 1;
  attack[kAttackAttackerSlot].record = opponent_record.slots.data();
  attack[kAttackDefenderSlot].record = mover_record.slots.data();
  attack[kAttackReachWeaponSlot].number = opponent.reach_weapon ? 1 : 0;
  attack[kAttackAdjacentSlot].number =
      combat::AreasAdjacent(opponent.Occupied(), occupied) ? 1 : 0;
  nlohmann::json scratch = nlohmann::json::object();
  CoverOutcome cover = MeasureCover(context, opponent, there, attack.data(), scratch);
  return !cover.measured || (cover.attack_possible && cover.opportunity_allowed);
}

// Builds `record` for `creature`; its slots, for the constructor below.
eval::Slot* Built(const AnswerContext& context, const model::Creature& creature, CreatureRecord& record) {
  BuildCreatureRecord(creature, context.rules, record);
  return record.slots.data();
}

// An opponent as attacks of opportunity see it: its record, and where it threatens by the rules
// and its Lua `threatens` hooks (as the threatened and attack answers run them). A bystander's
// script that failed to load is reported by queries about that creature, not by this mover's.
struct OpponentThreat {
  OpponentThreat(const AnswerContext& context, const model::Creature& other)
      : threat(context.rules, Built(context, other, record), other.reach_weapon) {
    if (hooks::Runner::AnyDefines(ScriptsOf(other), hooks::HookPoint::kThreatens)) {
      hooks = RunnerFor(context, other, {hooks::HookPoint::kThreatens});
    }
    threat.SetHooks(hooks.get());
  }
  CreatureRecord record;  // before `threat`, which keeps a pointer to its slots
  combat::ThreatRules threat;
  std::unique_ptr<hooks::Runner> hooks;
};

}  // namespace

void AddProvokedAttacks(const AnswerContext& context, const model::Creature& mover,
                        const CreatureRecord& mover_record, int mode, const std::vector<model::Square>& route,
                        const std::vector<movement::Footprint>& shapes, size_t steps, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  int provokes = program.FindRule("provokes");
  if (provokes < 0 || program.FindRule("threatens") < 0) {
    return Unsupported(result, "attacks_of_opportunity",
                       fmt::format("ruleset '{}' has no rule '{}' (docs/dsl.md, hook points)",
                                   context.rules.manifest.name, provokes < 0 ? "provokes" : "threatens"));
  }
  nlohmann::json attacks = nlohmann::json::array();
  nlohmann::json explain = nlohmann::json::array();
  eval::Machine machine(program);
  int only_leaving_reach = program.FindRule("provokes_only_leaving_reach");
  bool leaving_reach = only_leaving_reach >= 0 && machine.Call(only_leaving_reach, {}).number != 0;
  for (const model::Creature& other : context.scenario.creatures) {
    if (!Opponents(context, mover, other)) continue;
    OpponentThreat opponent(context, other);
    const CreatureRecord& other_record = opponent.record;
    combat::ThreatRules& threat = opponent.threat;
    for (size_t step = 1; step <= steps && step < route.size(); ++step) {
      model::Square from = route[step - 1];
      movement::Footprint shape =
          step - 1 < shapes.size() ? shapes[step - 1] : movement::WholeSpace(mover.squares_per_side);
      model::Area occupied{from, shape.width, shape.height};
      if (!threat.ThreatensArea(other.Occupied(), occupied)) continue;
      if (leaving_reach) {  // a step to a square it still threatens stays in its reach
        movement::Footprint next =
            step < shapes.size() ? shapes[step] : movement::WholeSpace(mover.squares_per_side);
        if (threat.ThreatensArea(other.Occupied(), {route[step], next.width, next.height})) continue;
      }
      // 002 엄폐와 기회 공격: no attack of opportunity against a creature with cover from the
      // attacker (nor through total cover): the ruleset's cover rows say which allow one.
      if (!CoverAllowsAttack(context, other, other_record, mover, mover_record, occupied)) continue;
      eval::Trace trace;
      machine.SetTrace(&trace);
      eval::Slot args[3] = {eval::Slot{.record = mover_record.slots.data()},
                            eval::Slot{.record = other_record.slots.data()},
                            eval::Slot{.number = static_cast<double>(mode)}};
      bool provoked = machine.Call(provokes, args).number != 0;
      machine.SetTrace(nullptr);
      if (!machine.error().empty()) {
        result["status"] = "error";
        result["message"] = machine.error();
        return;
      }
      if (!provoked) continue;
      attacks.push_back({{"by", other.id}, {"step", step}, {"from", At(from)}});
      for (auto& entry : ExplainTrace(trace, program, context.sources)) {
        entry["step"] = step;
        entry["attack_of_opportunity_by"] = other.id;
        explain.push_back(std::move(entry));
      }
      break;  // one attack of opportunity per opponent and move
    }
    if (opponent.hooks && opponent.hooks->failed()) {  // the query reports the script's failure instead
      ReportHookFailure(*opponent.hooks, result);
      return;
    }
  }
  result["attacks_of_opportunity"] = std::move(attacks);
  if (!result.contains("explain")) result["explain"] = nlohmann::json::array();
  for (auto& entry : explain) result["explain"].push_back(std::move(entry));
}

bool AddActionProvokedAttacks(const AnswerContext& context, const model::Creature& creature, int action,
                              nlohmann::json& attacks, nlohmann::json& explain, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  int provokes = program.FindRule("action_provokes");
  if (provokes < 0 || program.FindRule("threatens") < 0) return false;
  CreatureRecord record;
  BuildCreatureRecord(creature, context.rules, record);
  eval::Machine machine(program);
  for (const model::Creature& other : context.scenario.creatures) {
    if (!Opponents(context, creature, other)) continue;
    OpponentThreat opponent(context, other);
    const CreatureRecord& other_record = opponent.record;
    bool threatened = opponent.threat.ThreatensArea(other.Occupied(), creature.Occupied());
    if (opponent.hooks && opponent.hooks->failed()) {
      ReportHookFailure(*opponent.hooks, result);
      return true;
    }
    if (!threatened || !CoverAllowsAttack(context, other, other_record, creature, record, creature.Occupied())) {
      continue;
    }
    eval::Trace trace;
    machine.SetTrace(&trace);
    eval::Slot args[3] = {eval::Slot{.record = record.slots.data()}, eval::Slot{.record = other_record.slots.data()},
                          eval::Slot{.number = static_cast<double>(action)}};
    bool provoked = machine.Call(provokes, args).number != 0;
    machine.SetTrace(nullptr);
    if (!machine.error().empty()) {
      result["status"] = "error";
      result["message"] = machine.error();
      return true;
    }
    if (!provoked) continue;
    attacks.push_back({{"by", other.id}, {"from", At(creature.at)}});
    for (auto& entry : ExplainTrace(trace, program, context.sources)) {
      entry["attack_of_opportunity_by"] = other.id;
      explain.push_back(std::move(entry));
    }
  }
  return true;
}

}  // namespace rulecraft::query
