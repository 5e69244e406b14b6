#include "query/combat_query.h"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "combat/gap.h"
#include "combat/threat.h"
#include "model/attitude.h"
#include "query/armor_class.h"
#include "query/attack_range.h"
#include "query/attack_refusal.h"
#include "query/carried_weapons.h"
#include "query/cover_answer.h"
#include "query/explain.h"
#include "query/marked_conditions.h"
#include "query/hook_runner.h"
#include "query/records.h"

namespace rulecraft::query {
namespace {

// A property of the query's `weapon` (reach, unarmed); false when not given.
bool WeaponIs(const model::Query& query, const char* property) {
  return query.params.contains("weapon") && query.params["weapon"].is_object() &&
         query.params["weapon"].value(property, false);
}

bool ReachWeapon(const model::Query& query) { return WeaponIs(query, "reach"); }

// The attacker's record for this query: an unarmed strike (`weapon: { unarmed: true }`) makes
// the condition `unarmed` hold for the rules (has(unarmed)).
void BuildAttackerRecord(const model::Creature& creature, const model::Query& query,
                         const ruleset::Ruleset& rules, CreatureRecord& record) {
  BuildCreatureRecord(creature, rules, record);
  int bit = rules.program->FlagBit("unarmed");
  if (WeaponIs(query, "unarmed") && bit >= 0) record.slots[0].bits |= uint64_t{1} << bit;
}

// Reports the first failed runner into `result`; true when one failed.
bool HookFailed(std::initializer_list<const hooks::Runner*> runners, nlohmann::json& result) {
  for (const hooks::Runner* runner : runners) {
    if (runner != nullptr && runner->failed()) {
      ReportHookFailure(*runner, result);
      return true;
    }
  }
  return false;
}

// Calls an optional one-argument rule; nullopt when the ruleset does not define it.
std::optional<bool> CallOptional(eval::Machine& machine, const compile::Program& program,
                                 const char* rule, eval::Slot argument) {
  int index = program.FindRule(rule);
  if (index < 0) return std::nullopt;
  return machine.Call(index, {&argument, 1}).number != 0;
}

// The rows of `conditions` a rule read as true since trace event `from` (any_condition), as
// ": condition helpless (cannot_act)", so a refusal names the condition behind it; empty when none.
std::string ConditionsRead(const eval::Trace& trace, const compile::Program& program, size_t from) {
  std::string named;
  for (size_t i = from; i < trace.events.size(); ++i) {
    const eval::TraceEvent& event = trace.events[i];
    if (event.kind != eval::TraceEvent::Kind::kColumn) continue;
    const compile::ColumnData& column = program.columns[static_cast<size_t>(event.index)];
    if (column.table != "conditions" || event.value == 0) continue;
    std::string entry = fmt::format("{} ({})", column.rows[static_cast<size_t>(event.row)], column.column);
    if (named.find(entry) == std::string::npos) named += (named.empty() ? ": condition " : ", ") + entry;
  }
  return named;
}

// The allies of the attacker whose threat and position flank the defender.
std::vector<std::string> Flankers(const AnswerContext& context, const model::Creature& attacker,
                                  const model::Creature& defender) {
  std::vector<std::string> flankers;
  if (attacker.side.empty()) return flankers;
  for (const model::Creature& ally : context.scenario.creatures) {
    if (&ally == &attacker || &ally == &defender || !ally.valid || ally.side != attacker.side) continue;
    CreatureRecord record;
    BuildCreatureRecord(ally, context.rules, record);
    combat::ThreatRules threat(context.rules, record.slots.data(), false);
    std::unique_ptr<hooks::Runner> hooks = RunnerFor(context, ally, {hooks::HookPoint::kThreatens});
    threat.SetHooks(hooks.get());
    // "Only a creature or character that threatens the defender can help an attacker get a flanking bonus."
    if (!threat.ThreatensArea(ally.Occupied(), defender.Occupied())) continue;
    bool flanks = false;
    model::Area from = attacker.Occupied(), to = ally.Occupied();
    for (int32_t aj = 0; aj < from.height && !flanks; ++aj) {
      for (int32_t ai = 0; ai < from.width && !flanks; ++ai) {
        for (int32_t bj = 0; bj < to.height && !flanks; ++bj) {
          for (int32_t bi = 0; bi < to.width && !flanks; ++bi) {
            flanks = combat::CrossesOppositeSides({from.at.x + ai, from.at.y + aj}, {to.at.x + bi, to.at.y + bj},
                                                  defender.Occupied());
          }
        }
      }
    }
    if (flanks) flankers.push_back(ally.id);
  }
  return flankers;
}

// Creatures hostile to the attacker (model/attitude.h) whose spaces touch its space, leaving out
// those with a condition the `conditions` table marks `incapacitates` (5e: "a hostile creature …
// who isn't incapacitated" beside a ranged attacker).
double AdjacentHostiles(const AnswerContext& context, const model::Creature& attacker) {
  double count = 0;
  for (const model::Creature& other : context.scenario.creatures) {
    if (&other == &attacker || !other.valid || !model::HostileTo(other, attacker, context.rules)) continue;
    if (!combat::AreasAdjacent(attacker.Occupied(), other.Occupied())) continue;
    if (!HasConditionMarked(context.rules, other, "incapacitates")) count += 1;
  }
  return count;
}

}  // namespace

void AnswerThreatened(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const model::Creature* creature = context.scenario.FindCreature(query.params.value("creature", ""));
  if (creature == nullptr) return (void)Fail(result, "unknown creature");
  if (!context.scenario.map) return (void)Fail(result, "threatened squares need a map");
  CreatureRecord record;
  BuildAttackerRecord(*creature, query, context.rules, record);
  combat::ThreatRules threat(context.rules, record.slots.data(), ReachWeapon(query));
  if (!threat.ok()) return (void)Fail(result, threat.error());
  std::unique_ptr<hooks::Runner> hooks = RunnerFor(context, *creature, {hooks::HookPoint::kThreatens});
  std::vector<hooks::Change> changes;
  if (hooks != nullptr) hooks->SetLog(&changes);
  threat.SetHooks(hooks.get());
  const model::GridMap& map = *context.scenario.map;
  nlohmann::json overlay = nlohmann::json::array();
  size_t count = 0;
  for (int32_t y = 0; y < map.height; ++y) {
    std::string row;
    for (int32_t x = 0; x < map.width; ++x) {
      combat::Gap gap = combat::GapTo(creature->Occupied(), {x, y});
      bool own = gap.dx == 0 && gap.dy == 0;
      bool threatened = threat.Threatens(gap);
      count += threatened ? 1 : 0;
      row += threatened ? (own ? '@' : 'T') : (own ? 'o' : '.');
    }
    overlay.push_back(std::move(row));
  }
  result["creature"] = creature->id;
  result["reach_weapon"] = ReachWeapon(query);
  result["threatened"] = count;
  result["overlay"] = std::move(overlay);
  result["overlay_legend"] = "T threatened, @ own space, o own space not threatened, . not threatened";
  if (query.params.contains("square")) {
    model::Square square{query.params["square"][0].get<int32_t>(), query.params["square"][1].get<int32_t>()};
    combat::Gap gap = combat::GapTo(creature->Occupied(), square);
    result["square"] = {square.x, square.y};
    eval::Trace trace;
    changes.clear();
    result["threatens"] = threat.Explain(gap, trace);
    result["explain"] = ExplainTrace(trace, *context.rules.program, context.sources);
    for (const hooks::Change& change : changes) result["explain"].push_back(ExplainHookChange(change));
  }
  if (HookFailed({hooks.get()}, result)) return;
  if (!threat.ok()) Fail(result, threat.error());
}

void AnswerAttack(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  const model::Creature* attacker = context.scenario.FindCreature(query.params.value("attacker", ""));
  const model::Creature* defender = context.scenario.FindCreature(query.params.value("defender", ""));
  if (attacker == nullptr || defender == nullptr) return (void)Fail(result, "unknown creature");
  // `defender_at`: the defender in the middle of a move, perhaps in a friend's square it moves through.
  model::Creature moving;
  if (query.params.contains("defender_at")) {
    moving = *defender;
    moving.at = {query.params["defender_at"][0].get<int32_t>(), query.params["defender_at"][1].get<int32_t>()};
    defender = &moving;
  }
  int attack_rule = program.FindRule("attack_bonus");
  int ac_rule = program.FindRule("ac_bonus");
  if (attack_rule < 0 || ac_rule < 0) {
    return (void)Fail(result, "the ruleset needs rules 'attack_bonus' and 'ac_bonus' (docs/dsl.md)");
  }
  bool melee = query.params.value("kind", "melee") == "melee";
  bool reach_weapon = ReachWeapon(query);
  CreatureRecord attacker_record, defender_record;
  BuildAttackerRecord(*attacker, query, context.rules, attacker_record);
  BuildCreatureRecord(*defender, context.rules, defender_record);

  std::unique_ptr<hooks::Runner> attacker_hooks =
      RunnerFor(context, *attacker, {hooks::HookPoint::kThreatens, hooks::HookPoint::kAttackBonus});
  std::unique_ptr<hooks::Runner> defender_hooks =
      RunnerFor(context, *defender, {hooks::HookPoint::kAcBonus, hooks::HookPoint::kCover});
  std::vector<hooks::Change> changes;
  for (hooks::Runner* runner : {attacker_hooks.get(), defender_hooks.get()}) {
    if (runner != nullptr) runner->SetLog(&changes);
  }
  AttackRefusal refusal;
  nlohmann::json refusal_explain = nlohmann::json::array();
  std::vector<std::string> flankers;
  if (melee) {
    // `reaches` (where a creature can attack) when the ruleset tells it apart from `threatens`.
    std::string reach_rule = program.FindRule("reaches") >= 0 ? "reaches" : "threatens";
    combat::ThreatRules threat(context.rules, attacker_record.slots.data(), reach_weapon, reach_rule);
    if (!threat.ok()) return (void)Fail(result, threat.error());
    // The attacker's Lua `threatens` hook widens or narrows where it attacks as well (docs/lua.md).
    threat.SetHooks(attacker_hooks.get());
    if (!threat.ThreatensArea(attacker->Occupied(), defender->Occupied())) {
      refusal = RefusedByRule(context, reach_rule, "the defender is not within the attacker's reach");
      eval::Trace reach_trace;
      threat.Explain(NearestGap(attacker->Occupied(), defender->Occupied()), reach_trace);
      refusal_explain = ExplainTrace(reach_trace, program, context.sources);
    }
    // Flanking helps a melee attack the attacker can make: one out of its reach has no flankers.
    if (!refusal.refused()) flankers = Flankers(context, *attacker, *defender);
  }
  std::array<eval::Slot, kAttackRecordSlots> attack{};
  uint64_t flags = 0;
  if (query.params.contains("conditions") && query.params["conditions"].is_array()) {
    for (const auto& name : query.params["conditions"]) {
      int bit = name.is_string() ? program.FlagBit(name.get<std::string>()) : -1;
      if (bit >= 0) flags |= uint64_t{1} << bit;
    }
  }
  // Conditions tied to the other creature of the attack (a scenario's `sources:`):
  // attack.has(attacker_charmed_by_defender), attack.has(defender_frightened_by_attacker).
  auto tie = [&](const model::Creature& holder, const char* holder_role, const model::Creature& other,
                 const char* other_role) {
    for (const auto& [condition, source] : holder.sources) {
      if (source != other.id) continue;
      int bit = program.FlagBit(fmt::format("{}_{}_by_{}", holder_role, condition, other_role));
      if (bit >= 0) flags |= uint64_t{1} << bit;
    }
  };
  tie(*attacker, "attacker", *defender, "defender");
  tie(*defender, "defender", *attacker, "attacker");
  attack[0].bits = flags;
  attack[1].pointer = nullptr;
  attack[kAttackMeleeSlot].number = melee ? 1 : 0;
  attack[kAttackRangedSlot].number = melee ? 0 : 1;
  attack[kAttackAttackerSlot].record = attacker_record.slots.data();
  attack[kAttackDefenderSlot].record = defender_record.slots.data();
  attack[kAttackFlankingSlot].number = melee && !flankers.empty() ? 1 : 0;
  attack[kAttackReachWeaponSlot].number = reach_weapon ? 1 : 0;
  attack[kAttackAdjacentSlot].number =
      combat::AreasAdjacent(attacker->Occupied(), defender->Occupied()) ? 1 : 0;
  attack[kAttackAdjacentHostilesSlot].number = AdjacentHostiles(context, *attacker);
  std::string weapon_error;
  std::optional<model::Weapon> weapon = NamedWeapon(context, *attacker, query, weapon_error);
  if (!weapon_error.empty()) return (void)Fail(result, weapon_error);
  double distance = FillRangeFields(context, *attacker, *defender, weapon, attack.data());

  CoverOutcome cover = MeasureCover(context, *attacker, *defender, attack.data(), result, defender_hooks.get());
  if (!cover.error.empty()) return (void)Fail(result, cover.error);
  if (!refusal.refused() && !cover.attack_possible) refusal = cover.refusal;

  eval::Machine machine(program);
  eval::Trace trace;
  machine.SetTrace(&trace);
  eval::Slot record{.record = attack.data()};
  size_t before_may_attack = trace.events.size();
  if (std::optional<bool> allowed = CallOptional(machine, program, "may_attack", record); allowed && !*allowed) {
    if (!refusal.refused()) {
      int refusing = FirstRefusingRule(trace, program, before_may_attack, program.FindRule("may_attack"));
      refusal = RefusedByRule(context, program.rules[static_cast<size_t>(refusing)].name,
                              "the attacker may not make this attack" + ConditionsRead(trace, program, before_may_attack));
    }
  }
  // A weapon's range (rule in_range: beyond the maximum, or 5e's long range, no attack).
  if (std::optional<bool> within = CallOptional(machine, program, "in_range", record); within && !*within) {
    if (!refusal.refused()) refusal = RefusedByRule(context, "in_range", "the defender is beyond the weapon's range");
  }
  // A ranged attack naming no weapon: the ranged weapons the attacker carries decide, each tried as
  // if named (d20 002 note 3: a prone attacker's only with one usable prone); one that carries none
  // (a ray, a spell) is judged without a weapon.
  if (!weapon && !melee && !refusal.refused()) {
    CarriedWeapons carried;
    std::string carried_error;
    if (!TryCarriedWeapons(context, *attacker, *defender, attack.data(), carried, carried_error)) {
      return (void)Fail(result, carried_error);
    }
    if (!carried.usable.empty()) {
      result["usable_weapons"] = carried.usable;
    } else if (!carried.refused.empty()) {
      std::string names;
      for (const std::string& name : carried.refused) names += (names.empty() ? "" : ", ") + name;
      refusal = RefusedByRule(context, carried.refusing_rule,
                              fmt::format("the attack names no weapon, and the rules allow it with none of the ranged "
                                          "weapons '{}' carries ({})",
                                          attacker->id, names));
    }
  }
  if (query.params.value("reaction", false)) {
    eval::Slot attacker_slot{.record = attacker_record.slots.data()};
    std::optional<bool> may_react = CallOptional(machine, program, "may_react", attacker_slot);
    if (!may_react) return (void)Fail(result, "a reaction needs the rule 'may_react' (docs/dsl.md, hook points)");
    result["may_react"] = *may_react;
    if (!*may_react && !refusal.refused()) {
      refusal = RefusedByRule(context, "may_react", "the attacker has no reaction to take");
    }
  }
  result["attacker"] = attacker->id;
  result["defender"] = defender->id;
  result["attack_kind"] = melee ? "melee" : "ranged";
  result["adjacent"] = attack[kAttackAdjacentSlot].number != 0;
  if (weapon) {
    result["weapon"] = weapon->name;
    result["distance_ft"] = Number(distance);
  }
  if (refusal.refused()) {
    if (!machine.error().empty()) return (void)Fail(result, machine.error());
    if (HookFailed({attacker_hooks.get(), defender_hooks.get()}, result)) return;
    WriteRefusal(refusal, result);
    nlohmann::json explain_list = std::move(refusal_explain);
    nlohmann::json refusing = ExplainTrace(trace, program, context.sources);
    explain_list.insert(explain_list.end(), refusing.begin(), refusing.end());
    explain_list.insert(explain_list.end(), cover.explain.begin(), cover.explain.end());
    for (const hooks::Change& change : changes) explain_list.push_back(ExplainHookChange(change));
    result["explain"] = std::move(explain_list);
    return;
  }
  double attack_bonus = machine.Call(attack_rule, {&record, 1}).number;
  double ac_bonus = machine.Call(ac_rule, {&record, 1}).number;
  // The defender's own armor class (rule armor_class, the creature's numbers), when the ruleset has it.
  std::optional<ArmorClass> armor_class = ComputeArmorClass(context, machine, defender_record.slots.data(), attack.data());
  std::optional<bool> advantage = CallOptional(machine, program, "advantage", record);
  std::optional<bool> disadvantage = CallOptional(machine, program, "disadvantage", record);
  std::optional<bool> critical = CallOptional(machine, program, "critical_on_hit", record);
  // The range penalty the attack bonus holds, on its own (rule range_penalty, d20).
  if (int penalty_rule = program.FindRule("range_penalty"); penalty_rule >= 0 && weapon) {
    result["range_penalty"] = Number(machine.Call(penalty_rule, {&record, 1}).number);
  }
  if (!machine.error().empty()) return (void)Fail(result, machine.error());
  // The creatures' scripts see the rules' totals and may change them (docs/lua.md).
  hooks::CreatureFacts attacker_facts = CreatureFactsOf(*attacker), defender_facts = CreatureFactsOf(*defender);
  hooks::AttackFacts facts = AttackFactsOf(attack.data(), attacker_facts, defender_facts, result.value("cover", ""),
                                           result.value("concealment", ""));
  if (attacker_hooks != nullptr) attack_bonus = attacker_hooks->AttackBonus(facts, attack_bonus);
  if (defender_hooks != nullptr) ac_bonus = defender_hooks->AcBonus(facts, ac_bonus);
  if (HookFailed({attacker_hooks.get(), defender_hooks.get()}, result)) return;
  result["possible"] = true;
  result["flanking"] = attack[kAttackFlankingSlot].number != 0;
  result["flankers"] = flankers;
  result["attack_bonus"] = Number(attack_bonus);
  result["ac_bonus"] = Number(ac_bonus);
  result["net"] = Number(attack_bonus - ac_bonus);
  const std::string& ruleset = context.rules.manifest.name;
  if (armor_class) {
    result["armor_class"] = Number(armor_class->total);
    result["defender_ac"] = Number(armor_class->total + ac_bonus);
    result["ac_parts"] = std::move(armor_class->parts);
  } else {
    Unsupported(result, "defender_ac", fmt::format("ruleset '{}' has no rule 'armor_class'", ruleset));
  }
  if (advantage) result["advantage"] = *advantage;
  else Unsupported(result, "advantage", fmt::format("ruleset '{}' has no rule 'advantage'", ruleset));
  if (disadvantage) result["disadvantage"] = *disadvantage;
  else Unsupported(result, "disadvantage", fmt::format("ruleset '{}' has no rule 'disadvantage'", ruleset));
  if (critical) result["critical_on_hit"] = *critical;
  if (!cover.measured) {
    Unsupported(result, "cover", fmt::format("ruleset '{}' has no rule 'cover_degree' or 'concealment_degree'", ruleset));
  }
  if (cover.measured) result["attack_of_opportunity"] = melee && cover.opportunity_allowed;
  nlohmann::json explain_list = ExplainTrace(trace, program, context.sources);
  explain_list.insert(explain_list.end(), cover.explain.begin(), cover.explain.end());
  for (const hooks::Change& change : changes) explain_list.push_back(ExplainHookChange(change));
  // The footnotes of the table rows that applied, as results ("loses Dex bonus to AC" …).
  nlohmann::json effects = nlohmann::json::array();
  for (const auto& entry : explain_list) {
    if (!entry.contains("effects")) continue;
    for (const auto& effect : entry["effects"]) {
      if (std::find(effects.begin(), effects.end(), effect) == effects.end()) effects.push_back(effect);
    }
  }
  result["effects"] = std::move(effects);
  result["explain"] = std::move(explain_list);
}

}  // namespace rulecraft::query
