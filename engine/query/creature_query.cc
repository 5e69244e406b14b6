#include "query/creature_query.h"

#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "dsl/eval/machine.h"
#include "query/armor_class.h"
#include "query/attack_record.h"
#include "query/explain.h"
#include "query/records.h"
#include "query/speed_query.h"
#include "tables/brought_conditions.h"

namespace rulecraft::query {

namespace {

// One condition of the creature with its row of `conditions` (its columns, where it is written),
// or `known: false` when the table has no such row.
nlohmann::json ConditionEntry(const AnswerContext& context, const std::string& name) {
  nlohmann::json entry = {{"name", name}};
  const tables::Table* table = context.rules.tables.Find("conditions");
  const tables::Row* row = table != nullptr ? table->Find(name) : nullptr;
  if (row == nullptr) {
    entry["known"] = false;
    return entry;
  }
  entry["label"] = row->label;
  nlohmann::json columns = nlohmann::json::object();
  for (const auto& [column, value] : row->cells) {
    if (column == "also_called") continue;
    columns[column] = CellJson(value);
  }
  entry["columns"] = std::move(columns);
  entry["at"] = Where(row->span, context.sources);
  return entry;
}

// Whether a condition row gives a modifier in `column` (read by `condition_bonuses`): not 0, or
// a footnote of the row holds for the column.
bool GivesModifier(const tables::Table& conditions, const tables::Row& row, const std::string& column) {
  const tables::Value* cell = row.Get(column);
  if (cell != nullptr && cell->IsNumber() && cell->number != 0) return true;
  return !conditions.FootnoteEffects(row, column).empty();
}

// The `<kind>_melee` and `<kind>_ranged` cells of a condition's row in `conditions` (kind attack
// or ac), when the table declares them and the row gives a modifier in either.
std::optional<nlohmann::json> ConditionModifiers(const AnswerContext& context, const std::string& kind,
                                                 const std::string& name) {
  const tables::Table* conditions = context.rules.tables.Find("conditions");
  const tables::Row* row = conditions != nullptr ? conditions->Find(name) : nullptr;
  if (row == nullptr) return std::nullopt;
  std::string melee = kind + "_melee", ranged = kind + "_ranged";
  if (conditions->Column(melee) == nullptr || conditions->Column(ranged) == nullptr) return std::nullopt;
  if (!GivesModifier(*conditions, *row, melee) && !GivesModifier(*conditions, *row, ranged)) return std::nullopt;
  nlohmann::json cells = nlohmann::json::object();
  for (const auto& [answer, column] : {std::pair{"melee", melee}, std::pair{"ranged", ranged}}) {
    const tables::Value* cell = row->Get(column);
    cells[answer] = cell != nullptr ? CellJson(*cell) : nullptr;
  }
  cells["at"] = Where(row->span, context.sources);
  return cells;
}

// The melee and ranged modifiers of the creature's conditions, by condition: the conditions
// table's `attack_melee` … `ac_ranged` columns (d20), else the rows named after them in a
// modifier table (`attack_modifiers`, `ac_modifiers`).
nlohmann::json ModifierRows(const AnswerContext& context, const char* table_name, const std::vector<std::string>& held) {
  nlohmann::json rows = nlohmann::json::object();
  std::string kind = std::string(table_name) == "attack_modifiers" ? "attack" : "ac";
  const tables::Table* table = context.rules.tables.Find(table_name);
  for (const std::string& name : held) {
    if (std::optional<nlohmann::json> cells = ConditionModifiers(context, kind, name)) {
      rows[name] = std::move(*cells);
      continue;
    }
    const tables::Row* row = table != nullptr ? table->Find(name) : nullptr;
    if (row == nullptr) continue;
    nlohmann::json cells = nlohmann::json::object();
    for (const char* column : {"melee", "ranged"}) {
      const tables::Value* cell = row->Get(column);
      cells[column] = cell != nullptr ? CellJson(*cell) : nullptr;
    }
    cells["at"] = Where(row->span, context.sources);
    rows[name] = std::move(cells);
  }
  return rows;
}

}  // namespace

// Its ability scores (with rule ability_modifier's modifiers), class levels, load, and its armor
// class against a plain melee attack with each part (rule armor_class); false when a rule failed.
bool AnswerNumbers(const AnswerContext& context, const model::Creature& creature, const CreatureRecord& record,
                   nlohmann::json& result, nlohmann::json& explain) {
  const compile::Program& program = *context.rules.program;
  eval::Machine machine(program);
  eval::Trace trace;
  machine.SetTrace(&trace);
  int modifier_rule = program.FindRule("ability_modifier");
  nlohmann::json abilities = nlohmann::json::object();
  for (size_t i = 0; i < 6; ++i) {
    nlohmann::json entry = {{"score", Number(creature.abilities[i])}};
    if (modifier_rule >= 0) {
      eval::Slot score{.number = creature.abilities[i]};
      entry["modifier"] = Number(machine.Call(modifier_rule, {&score, 1}).number);
    }
    abilities[model::kAbilityNames[i]] = std::move(entry);
  }
  result["abilities"] = std::move(abilities);
  result["levels"] = creature.levels;
  if (context.rules.tables.Find("loads") != nullptr) result["load"] = creature.load;
  // A plain melee attack by no one else: no situational conditions, no cover.
  std::array<eval::Slot, kAttackRecordSlots> attack{};
  attack[kAttackMeleeSlot].number = 1;
  attack[kAttackAttackerSlot].record = record.slots.data();
  attack[kAttackDefenderSlot].record = record.slots.data();
  std::optional<ArmorClass> armor_class = ComputeArmorClass(context, machine, record.slots.data(), attack.data());
  if (!machine.error().empty()) {
    Fail(result, machine.error());
    return false;
  }
  if (armor_class) {
    result["armor_class"] = {{"total", Number(armor_class->total)}, {"parts", std::move(armor_class->parts)}};
  } else {
    Unsupported(result, "armor_class", fmt::format("ruleset '{}' has no rule 'armor_class'", context.rules.manifest.name));
  }
  for (auto& entry : ExplainTrace(trace, program, context.sources)) explain.push_back(std::move(entry));
  return true;
}

void AnswerCreature(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  const model::Creature* creature = context.scenario.FindCreature(query.params.value("creature", ""));
  if (creature == nullptr) return (void)Fail(result, "unknown creature");
  result["creature"] = creature->id;

  // Conditions: those given, then those they bring, each saying what brought it.
  nlohmann::json conditions = nlohmann::json::array();
  for (const std::string& name : creature->conditions) {
    nlohmann::json entry = ConditionEntry(context, name);
    entry["given"] = true;
    if (auto source = creature->sources.find(name); source != creature->sources.end()) entry["source"] = source->second;
    conditions.push_back(std::move(entry));
  }
  for (const tables::BroughtCondition& brought : creature->brought) {
    nlohmann::json entry = ConditionEntry(context, brought.name);
    entry["given"] = false;
    entry["brought_by"] = brought.by;
    entry["chain"] = brought.chain;
    if (auto source = creature->sources.find(brought.name); source != creature->sources.end()) {
      entry["source"] = source->second;
    }
    conditions.push_back(std::move(entry));
  }
  result["conditions"] = std::move(conditions);

  // What the rules say it may still do: each optional rule the ruleset has, explained.
  CreatureRecord record;
  BuildCreatureRecord(*creature, context.rules, record);
  eval::Machine machine(program);
  eval::Trace trace;
  machine.SetTrace(&trace);
  eval::Slot argument{.record = record.slots.data()};
  nlohmann::json may = nlohmann::json::object();
  nlohmann::json explain = nlohmann::json::array();
  for (const char* rule : {"may_act", "threatens_at_all", "makes_attacks_of_opportunity", "may_react"}) {
    int index = program.FindRule(rule);
    if (index < 0) continue;
    trace.events.clear();
    may[rule] = machine.Call(index, {&argument, 1}).number != 0;
    for (auto& entry : ExplainTrace(trace, program, context.sources)) explain.push_back(std::move(entry));
  }
  if (!machine.error().empty()) return (void)Fail(result, machine.error());
  result["may"] = std::move(may);

  // Its speeds and movement modes, as the speed query answers them (conditions that halve speed,
  // or forbid running or charging, show there).
  nlohmann::json speed = nlohmann::json::object();
  AnswerSpeed(context, query, speed);
  if (speed.value("status", "ok") == "error") {
    result["speed"] = {{"status", "error"}, {"message", speed.value("message", "")}};
  } else {
    nlohmann::json part = nlohmann::json::object();
    for (const char* key : {"land_ft", "land_squares", "modes_ft", "speeds_ft"}) {
      if (speed.contains(key)) part[key] = speed[key];
    }
    result["speed"] = std::move(part);
    if (speed.contains("explain")) {
      for (auto& entry : speed["explain"]) explain.push_back(std::move(entry));
    }
  }
  // A forbidding condition stops every move whatever the speed (docs/tables.md, forbids_movement),
  // and a creature that may not act moves not at all on its turn.
  std::vector<std::string> held = creature->AllConditions();
  bool immobile = false;
  if (const tables::Table* table = context.rules.tables.Find("conditions")) {
    for (const std::string& name : held) {
      const tables::Row* row = table->Find(name);
      const tables::Value* cell = row != nullptr ? row->Get("forbids_movement") : nullptr;
      if (cell != nullptr && cell->AsBool()) immobile = true;
    }
  }
  // It moves when no condition forbids it and, where the ruleset says, it may act at all.
  result["may"]["move"] = !immobile && result["may"].value("may_act", true);
  result["attack_modifiers"] = ModifierRows(context, "attack_modifiers", held);
  result["ac_modifiers"] = ModifierRows(context, "ac_modifiers", held);
  if (!AnswerNumbers(context, *creature, record, result, explain)) return;
  result["explain"] = std::move(explain);
}

}  // namespace rulecraft::query
