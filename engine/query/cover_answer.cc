#include "query/cover_answer.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "combat/cover.h"
#include "combat/gap.h"
#include "query/explain.h"
#include "query/sight.h"

namespace rulecraft::query {
namespace {

// The four lines of a choice: `{to: [x, y], meets: [wall, low, creature, friend, concealing]}`,
// `meets` empty when the line passes nothing.
nlohmann::json LinesToJson(const combat::CoverCandidate& candidate) {
  nlohmann::json lines = nlohmann::json::array();
  for (const combat::LineMeets& line : candidate.lines) {
    nlohmann::json meets = nlohmann::json::array();
    if (line.wall) meets.push_back("wall");
    if (line.low) meets.push_back("low");
    if (line.creature) meets.push_back("creature");
    if (line.friend_passed) meets.push_back("friend");
    if (line.concealing) meets.push_back("concealing");
    lines.push_back({{"to", {line.to.x, line.to.y}}, {"meets", std::move(meets)}});
  }
  return lines;
}

// The cover fields of the attack record, in environment.cc order from kAttackCoverSlot.
enum Field : size_t {
  kCover,
  kConcealment,
  kLineOfEffect,
  kLineOfSight,
  kWallLines,
  kLowLines,
  kCreatureLines,
  kFriendLines,
  kConcealingLines,
  kBlockedLines,
  kThroughWallLines,
  kLowObstacle,
  kLowObstacleDistance,
  kLowObstacleAttackerDistance,
  kSpaceConcealed,
  kSpaceHidden,
  kWallBetween,
  kAttackerSpaceHidden,
  kLeastCover,
  kFieldCount,
};
static_assert(kAttackCoverSlot + kFieldCount == kAttackRecordSlots);

int32_t Passing(const combat::CoverCandidate& candidate, bool concealment) {
  return concealment ? candidate.concealing_lines
                     : candidate.wall_lines + candidate.low_lines + candidate.creature_lines + candidate.friend_lines;
}

// Rule results that are table rows read as the row's name ("cover"), not its index.
void NameRowResults(const compile::Program& program, const tables::TableSet& tables, nlohmann::json& explain) {
  for (auto& entry : explain) {
    if (!entry.contains("rule") || !entry["value"].is_string()) continue;
    int rule = program.FindRule(entry["rule"].get<std::string>());
    if (rule < 0) continue;
    const ast::Type& type = program.rules[static_cast<size_t>(rule)].result;
    const tables::Table* table = type.kind == ast::TypeKind::kRow ? tables.Find(type.name) : nullptr;
    if (table == nullptr) continue;
    size_t index = static_cast<size_t>(std::atoi(entry["value"].get<std::string>().c_str()));
    if (index < table->rows.size()) entry["value"] = table->name + "." + table->rows[index].name;
  }
}

// Measures lines and evaluates the rules over them for one query.
class CoverMeasure {
 public:
  CoverMeasure(const AnswerContext& context, const model::Creature& attacker, const model::Creature& defender,
               eval::Slot* attack, hooks::Runner* defender_hooks)
      : defender_hooks_(defender_hooks),
        context_(context),
        program_(*context.rules.program),
        attacker_(attacker),
        defender_(defender),
        attack_(attack),
        machine_(program_),
        sight_(context, machine_, attack) {
    cover_rule_ = program_.FindRule("cover_degree");
    concealment_rule_ = program_.FindRule("concealment_degree");
    square_rule_ = program_.FindRule("square_concealment");
    gap_rule_ = program_.FindRule("gap_distance");
    cover_table_ = context.rules.tables.Find("cover");
    concealment_table_ = context.rules.tables.Find("concealment");
  }

  CoverOutcome Run(nlohmann::json& result);

 private:
  // The defender's `cover` scripts on the rules' row (docs/lua.md); the row they leave.
  int CoverHook(int cover_row);

  hooks::Runner* defender_hooks_ = nullptr;
  eval::Slot& Slot(Field field) { return attack_[kAttackCoverSlot + field]; }
  combat::SquareOnLine FactsAt(model::Square square);
  // The row of `cover` a terrain's `least_cover` names (0 without one; an error when unknown).
  int LeastCover(const tables::Row& terrain_row);
  // Whether every square of the attacker's space blocks sight as the defender sees it: the rule
  // square_concealment asked with attacker and defender exchanged.
  bool AttackerHidden();
  bool Fill(const combat::CoverCandidate& candidate);
  double GapDistance(const model::Area& area, model::Square square);
  // Evaluates `rule` over every candidate; the index of the first with the earliest row.
  size_t Choose(int rule, const std::vector<combat::CoverCandidate>& candidates, int& row);
  void ExplainRow(const tables::Table& table, int row, const char* column, nlohmann::json& explain);
  // Evaluates square_concealment once more (the machine tracing) for each terrain met whose
  // answer or whose `concealment` cell is not the first row / none.
  void ExplainSquareConcealment();

  const AnswerContext& context_;
  const compile::Program& program_;
  const model::Creature& attacker_;
  const model::Creature& defender_;
  eval::Slot* attack_;
  eval::Machine machine_;
  SquareSight sight_;  // what the squares conceal from the attacker
  int cover_rule_ = -1, concealment_rule_ = -1, square_rule_ = -1, gap_rule_ = -1;
  const tables::Table* cover_table_ = nullptr;
  const tables::Table* concealment_table_ = nullptr;
  std::unordered_map<int64_t, combat::SquareOnLine> squares_;  // facts of the squares met so far
  combat::CoverSurvey survey_;
  bool attacker_hidden_ = false;
  std::string error_;
};

int CoverMeasure::LeastCover(const tables::Row& terrain_row) {
  const tables::Value* least = terrain_row.Get("least_cover");
  if (least == nullptr) return 0;
  int row = cover_table_ != nullptr ? cover_table_->IndexOf(least->text) : -1;
  if (row < 0 && error_.empty()) {
    error_ = fmt::format("{}: the terrain '{}' gives least_cover '{}', which is not a row of table 'cover'",
                         Where(least->span, context_.sources), terrain_row.name, least->text);
  }
  return std::max(row, 0);
}

bool CoverMeasure::AttackerHidden() {
  model::Area space = attacker_.Occupied();
  if (!sight_.measured() || !context_.scenario.map || space.width <= 0 || space.height <= 0) return false;
  std::array<eval::Slot, kAttackRecordSlots> seen_by_defender{};
  std::copy(attack_, attack_ + kAttackRecordSlots, seen_by_defender.begin());
  std::swap(seen_by_defender[kAttackAttackerSlot], seen_by_defender[kAttackDefenderSlot]);
  SquareSight defender_sight(context_, machine_, seen_by_defender.data());
  for (int32_t j = 0; j < space.height; ++j) {
    for (int32_t i = 0; i < space.width; ++i) {
      model::Square square{space.at.x + i, space.at.y + j};
      if (!defender_sight.BlocksSight(defender_sight.RowAt(square))) return false;
    }
  }
  return true;
}

combat::SquareOnLine CoverMeasure::FactsAt(model::Square square) {
  const model::GridMap& map = *context_.scenario.map;
  int64_t key = int64_t{square.y} * map.width + square.x;
  if (auto known = squares_.find(key); known != squares_.end()) return known->second;
  combat::SquareOnLine& on = squares_[key];
  const std::string& kind = map.TerrainAt(square);
  const tables::Table& terrain = context_.rules.Table("terrain");
  int terrain_row = terrain.IndexOf(kind);
  if (terrain_row >= 0) {
    const tables::Value* cover = terrain.rows[static_cast<size_t>(terrain_row)].Get("cover");
    on.wall = cover != nullptr && cover->text == "full";
    on.low = cover != nullptr && cover->text == "low";
    on.least_cover = LeastCover(terrain.rows[static_cast<size_t>(terrain_row)]);
  }
  int concealment = sight_.RowAt(square);
  on.concealing = concealment > 0;
  on.blocks_sight = sight_.BlocksSight(concealment);
  // 000 아군: "아군 캐릭터가 점유한 구역을 통과하여 이동할 때, 해당 캐릭터가 엄폐를 제공하지는 않습니다"
  // — measured apart (friend_lines) so the rules decide.
  for (const model::Creature& other : context_.scenario.creatures) {
    if (other.id == attacker_.id || other.id == defender_.id || !other.valid || !other.Occupied().Contains(square)) continue;
    bool passed = !defender_.side.empty() && other.side == defender_.side && other.Occupied().Overlaps(defender_.Occupied());
    if (passed) on.friend_passed = true;
    else on.creature = true;
  }
  return on;
}

double CoverMeasure::GapDistance(const model::Area& area, model::Square square) {
  combat::Gap gap = combat::GapTo(area, square);
  if (gap_rule_ < 0) {
    if (error_.empty()) error_ = "a low obstacle lies between the creatures: the ruleset needs rule 'gap_distance' (docs/dsl.md)";
    return 0;
  }
  eval::Slot args[2];
  args[0].number = gap.dx;
  args[1].number = gap.dy;
  return machine_.Call(gap_rule_, args).number;
}

bool CoverMeasure::Fill(const combat::CoverCandidate& candidate) {
  Slot(kLineOfEffect).number = survey_.line_of_effect ? 1 : 0;
  Slot(kLineOfSight).number = survey_.line_of_sight ? 1 : 0;
  Slot(kWallLines).number = candidate.wall_lines;
  Slot(kBlockedLines).number = candidate.blocked_lines;
  Slot(kThroughWallLines).number = candidate.through_wall_lines;
  Slot(kLowLines).number = candidate.low_lines;
  Slot(kCreatureLines).number = candidate.creature_lines;
  Slot(kFriendLines).number = candidate.friend_lines;
  Slot(kConcealingLines).number = candidate.concealing_lines;
  Slot(kLowObstacle).number = candidate.has_low_obstacle ? 1 : 0;
  // A barrier between squares is as far as the nearer of the two squares beside it.
  auto distance = [&](const model::Creature& creature) {
    model::Area area = creature.Occupied();
    return std::min(GapDistance(area, candidate.low_obstacle), GapDistance(area, candidate.low_obstacle_beside));
  };
  Slot(kLowObstacleDistance).number = candidate.has_low_obstacle ? distance(defender_) : 0;
  Slot(kLowObstacleAttackerDistance).number = candidate.has_low_obstacle ? distance(attacker_) : 0;
  Slot(kSpaceConcealed).number = survey_.space_concealed ? 1 : 0;
  Slot(kSpaceHidden).number = survey_.space_hidden ? 1 : 0;
  Slot(kWallBetween).number = survey_.wall_between ? 1 : 0;
  Slot(kAttackerSpaceHidden).number = attacker_hidden_ ? 1 : 0;
  Slot(kLeastCover).number = candidate.least_cover;
  return error_.empty();
}

size_t CoverMeasure::Choose(int rule, const std::vector<combat::CoverCandidate>& candidates, int& row) {
  size_t best = 0;
  row = 0;
  if (rule < 0) return best;
  eval::Slot record{.record = attack_};
  for (size_t i = 0; i < candidates.size() && error_.empty(); ++i) {
    if (!Fill(candidates[i])) break;
    int candidate_row = static_cast<int>(machine_.Call(rule, {&record, 1}).number);
    if (!machine_.error().empty()) error_ = machine_.error();
    // Between equal answers, the choice with the fewest lines passing anything explains best.
    int32_t lines = Passing(candidates[i], rule == concealment_rule_);
    if (i == 0 || candidate_row < row || (candidate_row == row && lines < Passing(candidates[best], rule == concealment_rule_))) {
      row = candidate_row;
      best = i;
    }
  }
  return best;
}

void CoverMeasure::ExplainRow(const tables::Table& table, int row, const char* column, nlohmann::json& explain) {
  const tables::Row& entry = table.rows[static_cast<size_t>(row)];
  const tables::Value* value = entry.Get(column);
  if (value == nullptr) return;
  std::string written = value->text;
  if (written.empty()) written = value->kind == tables::Value::Kind::kBool ? (value->AsBool() ? "true" : "false")
                                 : value->kind == tables::Value::Kind::kNotApplicable ? "n/a"
                                                                                       : fmt::format("{:g}", value->number);
  explain.push_back({{"table", table.name}, {"row", entry.name}, {"column", column}, {"value", written},
                     {"at", Where(value->span, context_.sources)}});
}

void CoverMeasure::ExplainSquareConcealment() {
  if (square_rule_ < 0 || !context_.scenario.map) return;
  const tables::Table& terrain = context_.rules.Table("terrain");
  const model::GridMap& map = *context_.scenario.map;
  const std::vector<int>& asked = sight_.rows_by_kind();
  for (size_t kind = 0; kind < asked.size(); ++kind) {
    int row = terrain.IndexOf(map.terrain_kinds[kind]);
    if (asked[kind] == SquareSight::kNotAsked || row < 0) continue;
    const tables::Value* cell = terrain.rows[static_cast<size_t>(row)].Get("concealment");
    bool concealing_kind = cell != nullptr && !cell->text.empty() && cell->text != "none";
    if (asked[kind] == 0 && !concealing_kind) continue;
    eval::Slot args[2];
    args[0].record = attack_;
    args[1].number = row;
    machine_.Call(square_rule_, args);
  }
}

int CoverMeasure::CoverHook(int cover_row) {
  if (defender_hooks_ == nullptr || cover_rule_ < 0 || cover_table_ == nullptr || cover_row < 0 ||
      cover_row >= static_cast<int>(cover_table_->rows.size())) {
    return cover_row;
  }
  hooks::CreatureFacts attacker = model::CreatureFactsOf(attacker_), defender = model::CreatureFactsOf(defender_);
  hooks::AttackFacts facts = AttackFactsOf(attack_, attacker, defender);
  std::string name = defender_hooks_->Cover(facts, cover_table_->rows[static_cast<size_t>(cover_row)].name);
  int row = cover_table_->IndexOf(name);
  return row >= 0 ? row : cover_row;
}

CoverOutcome CoverMeasure::Run(nlohmann::json& result) {
  CoverOutcome outcome;
  for (size_t field = 0; field < kFieldCount; ++field) Slot(static_cast<Field>(field)).number = 0;
  if (cover_rule_ < 0 && concealment_rule_ < 0) return outcome;
  outcome.measured = true;
  if (context_.scenario.map) {
    survey_ = combat::SurveyLines(*context_.scenario.map, attacker_.Occupied(), defender_.Occupied(),
                                  [this](model::Square square) { return FactsAt(square); }, MapBarriers(context_));
  } else {
    survey_.line_of_effect = survey_.line_of_sight = true;
    survey_.candidates.push_back({});
  }
  attacker_hidden_ = AttackerHidden();
  if (!machine_.error().empty()) error_ = machine_.error();
  int cover_row = 0, concealment_row = 0;
  size_t cover_choice = Choose(cover_rule_, survey_.candidates, cover_row);
  size_t concealment_choice = Choose(concealment_rule_, survey_.candidates, concealment_row);
  if (!error_.empty()) {
    outcome.error = error_;
    return outcome;
  }
  // Explain the rules once more with a trace, on the choices made; leave the record holding
  // the cover choice's facts and both rows for attack_bonus and ac_bonus.
  eval::Trace trace;
  machine_.SetTrace(&trace);
  eval::Slot record{.record = attack_};
  ExplainSquareConcealment();
  if (concealment_rule_ >= 0) {
    Fill(survey_.candidates[concealment_choice]);
    machine_.Call(concealment_rule_, {&record, 1});
  }
  Fill(survey_.candidates[cover_choice]);
  if (cover_rule_ >= 0) machine_.Call(cover_rule_, {&record, 1});
  machine_.SetTrace(nullptr);
  cover_row = CoverHook(cover_row);
  Slot(kCover).number = cover_row;
  Slot(kConcealment).number = concealment_row;
  outcome.explain = ExplainTrace(trace, program_, context_.sources);
  NameRowResults(program_, context_.rules.tables, outcome.explain);

  const combat::CoverCandidate& chosen = survey_.candidates[cover_choice];
  result["line_of_effect"] = survey_.line_of_effect;
  result["line_of_sight"] = survey_.line_of_sight;
  if (context_.scenario.map) {
    result["cover_lines"] = {{"corner", {chosen.corner.x, chosen.corner.y}},
                             {"target_square", {chosen.target.x, chosen.target.y}},
                             {"wall_lines", chosen.wall_lines},
                             {"low_lines", chosen.low_lines},
                             {"creature_lines", chosen.creature_lines},
                             {"friend_lines", chosen.friend_lines},
                             {"blocked_lines", chosen.blocked_lines},
                             {"through_wall_lines", chosen.through_wall_lines},
                             {"concealing_lines", survey_.candidates[concealment_choice].concealing_lines},
                             {"lines", LinesToJson(chosen)}};
    if (chosen.least_cover > 0 && cover_table_ != nullptr) {
      result["cover_lines"]["least_cover"] = cover_table_->rows[static_cast<size_t>(chosen.least_cover)].name;
    }
  }
  bool hiding = false;
  if (cover_rule_ >= 0 && cover_table_ != nullptr && cover_row >= 0 &&
      cover_row < static_cast<int>(cover_table_->rows.size())) {
    const tables::Row& row = cover_table_->rows[static_cast<size_t>(cover_row)];
    result["cover"] = row.name;
    result["reflex_bonus"] = Number(row.Number("reflex"));
    result["hide_bonus"] = Number(row.Number("hide"));
    hiding |= row.Get("allows_hide") != nullptr && row.Get("allows_hide")->AsBool();
    outcome.attack_possible = row.Get("attack_possible") == nullptr || row.Get("attack_possible")->AsBool();
    outcome.opportunity_allowed &=
        row.Get("attacks_of_opportunity") == nullptr || row.Get("attacks_of_opportunity")->AsBool();
    for (const char* column : {"reflex", "hide", "allows_hide", "attack_possible", "attacks_of_opportunity"}) {
      ExplainRow(*cover_table_, cover_row, column, outcome.explain);
    }
    if (!outcome.attack_possible) {
      outcome.refusal = RefusedByRow(context_, "cover", row, "attack_possible",
                                     fmt::format("the defender has {} cover: no attack is possible", row.name));
    }
  }
  if (concealment_rule_ >= 0 && concealment_table_ != nullptr && concealment_row >= 0 &&
      concealment_row < static_cast<int>(concealment_table_->rows.size())) {
    const tables::Row& row = concealment_table_->rows[static_cast<size_t>(concealment_row)];
    result["concealment"] = row.name;
    result["miss_chance"] = Number(row.Number("miss_chance"));
    hiding |= row.Get("allows_hide") != nullptr && row.Get("allows_hide")->AsBool();
    outcome.opportunity_allowed &=
        row.Get("attacks_of_opportunity") == nullptr || row.Get("attacks_of_opportunity")->AsBool();
    for (const char* column : {"miss_chance", "allows_hide", "attacks_of_opportunity"}) {
      ExplainRow(*concealment_table_, concealment_row, column, outcome.explain);
    }
  }
  result["hiding_allowed"] = hiding;
  return outcome;
}

}  // namespace

CoverOutcome MeasureCover(const AnswerContext& context, const model::Creature& attacker,
                          const model::Creature& defender, eval::Slot* attack, nlohmann::json& result,
                          hooks::Runner* defender_hooks) {
  CoverMeasure measure(context, attacker, defender, attack, defender_hooks);
  return measure.Run(result);
}

}  // namespace rulecraft::query
