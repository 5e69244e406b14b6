#include <algorithm>

#include <fmt/format.h>

#include "api/session_state.h"
#include "base/suggest.h"
#include "model/placement_check.h"
#include "model/query_reader.h"
#include "query/answer.h"
#include "query/placement.h"
#include "query/shared_squares.h"
#include "tables/yaml_file.h"

namespace rulecraft {
namespace {

// The creature with this id among `creatures`, or nullptr with an unknown-name error.
model::Creature* FindCreature(std::vector<model::Creature>& creatures, const std::string& id,
                              Diagnostics& diagnostics) {
  for (model::Creature& creature : creatures) {
    if (creature.id == id) return &creature;
  }
  std::vector<std::string> ids;
  for (const model::Creature& creature : creatures) ids.push_back(creature.id);
  Diagnostic& error = diagnostics.Error("unknown-name", {}, fmt::format("unknown creature '{}'", id));
  SuggestName(error, id, ids);
  return nullptr;
}

// Places `as_placed` on the scenario as loading does (model::CheckPlacement, then
// query::SettlePlacements); keeps it and returns true when nothing is refused, else leaves the
// scenario's creatures as they were.
bool Place(OpenScenario::Impl& open, std::vector<model::Creature> as_placed, Diagnostics& diagnostics) {
  model::Scenario& scenario = open.loaded.scenario;
  std::vector<model::Creature> settled = std::move(scenario.creatures);
  scenario.creatures = as_placed;
  size_t errors = diagnostics.ErrorCount();
  model::CheckPlacement(scenario, diagnostics);
  bool placed = diagnostics.ErrorCount() == errors &&
                query::SettlePlacements(scenario, *open.loaded.ruleset, diagnostics);
  if (!placed) {
    scenario.creatures = std::move(settled);
    return false;
  }
  open.as_placed = std::move(as_placed);
  return true;
}

// Places again the one creature `open.as_placed[changed]` that differs from where the scenario
// has it, as Place would: its placement is checked and settled alone (settling looks at the
// terrain under a creature and at the creature alone, query/placement.cc's space check holds no
// other creature, and the others were placed on this map before), then overlaps and shared
// squares are checked for all. False, with the scenario's creatures as they were, when refused;
// the caller then puts `as_placed[changed]` back. No creature but that one is copied.
bool PlaceChanged(OpenScenario::Impl& open, size_t changed, Diagnostics& diagnostics) {
  model::Scenario& scenario = open.loaded.scenario;
  const ruleset::Ruleset& rules = *open.loaded.ruleset;
  if (scenario.creatures.size() != open.as_placed.size() || changed >= open.as_placed.size()) {
    return Place(open, open.as_placed, diagnostics);
  }
  std::vector<model::Creature> settled = std::move(scenario.creatures);
  scenario.creatures = {open.as_placed[changed]};
  size_t errors = diagnostics.ErrorCount();
  model::CheckPlacement(scenario, diagnostics);
  bool placed = diagnostics.ErrorCount() == errors && query::SettlePlacements(scenario, rules, diagnostics);
  model::Creature moved = std::move(scenario.creatures[0]);
  scenario.creatures = std::move(settled);
  if (!placed) return false;
  std::swap(scenario.creatures[changed], moved);  // `moved` now holds where it stood before
  if (query::CheckSharedSquares(scenario, rules, diagnostics)) return true;
  scenario.creatures[changed] = std::move(moved);
  return false;
}

}  // namespace

OpenScenario::OpenScenario(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
OpenScenario::~OpenScenario() = default;

nlohmann::json OpenScenario::Run() { return api::AnswerAll(impl_->loaded, impl_->state.sources); }

std::string OpenScenario::RulesetName() const { return impl_->loaded.ruleset->manifest.name; }

std::optional<nlohmann::json> OpenScenario::Answer(const std::string& query_id, Diagnostics& diagnostics) {
  const model::Scenario& scenario = impl_->loaded.scenario;
  std::vector<std::string> ids;
  for (const model::Query& query : scenario.queries) {
    if (query.id == query_id) {
      query::AnswerContext context{scenario, *impl_->loaded.ruleset, impl_->state.sources, nullptr, &impl_->step_memos};
      return query::Answer(context, query);
    }
    ids.push_back(query.id);
  }
  Diagnostic& error = diagnostics.Error("unknown-name", {}, fmt::format("unknown query '{}'", query_id));
  SuggestName(error, query_id, ids);
  return std::nullopt;
}

std::optional<ReachAnswer> OpenScenario::Reach(const std::string& query_id, Diagnostics& diagnostics) {
  const model::Scenario& scenario = impl_->loaded.scenario;
  std::vector<std::string> ids;
  for (const model::Query& query : scenario.queries) {
    if (query.id != query_id) {
      ids.push_back(query.id);
      continue;
    }
    if (query.kind != model::QueryKind::kReach) {
      diagnostics.Error("not-a-reach", query.span, fmt::format("query '{}' is a {} query, not a reach", query_id, query.kind_name));
      return std::nullopt;
    }
    query::AnswerContext context{scenario, *impl_->loaded.ruleset, impl_->state.sources, nullptr, &impl_->step_memos};
    ReachAnswer answer;
    nlohmann::json result;
    if (query::AnswerReachValues(context, query, answer, result)) return answer;
    // As the JSON answer says it: its message, or why it does not move (standing up refused).
    std::string why = result.value("message", result.value("why", std::string("it has no answer")));
    diagnostics.Error("query-failed", query.span, fmt::format("query '{}': {}", query_id, why));
    return std::nullopt;
  }
  Diagnostic& error = diagnostics.Error("unknown-name", {}, fmt::format("unknown query '{}'", query_id));
  SuggestName(error, query_id, ids);
  return std::nullopt;
}

std::optional<nlohmann::json> OpenScenario::Ask(const std::string& query_text, Diagnostics& diagnostics) {
  model::Scenario& scenario = impl_->loaded.scenario;
  const SourceFile* file = impl_->state.sources.AddText(scenario.file + " (query)", query_text, diagnostics);
  if (file == nullptr) return std::nullopt;
  try {
    auto node = yaml::Parse(*file, diagnostics);
    if (!node) return std::nullopt;
    size_t errors = diagnostics.ErrorCount();
    auto query = model::ReadQuery(*file, *node, scenario.queries.size(), *impl_->loaded.ruleset, scenario,
                                  diagnostics);
    if (!query || diagnostics.ErrorCount() != errors) return std::nullopt;
    query::AnswerContext context{scenario, *impl_->loaded.ruleset, impl_->state.sources, nullptr, &impl_->step_memos};
    return query::Answer(context, *query);
  } catch (const YAML::Exception& error) {
    yaml::ReportException(*file, error, diagnostics);
    return std::nullopt;
  }
}

bool OpenScenario::MoveCreature(const std::string& creature_id, int x, int y, Diagnostics& diagnostics) {
  model::Creature* creature = FindCreature(impl_->as_placed, creature_id, diagnostics);
  if (creature == nullptr) return false;
  model::Square before = creature->at;
  creature->at = {x, y};
  if (PlaceChanged(*impl_, static_cast<size_t>(creature - impl_->as_placed.data()), diagnostics)) return true;
  creature->at = before;
  return false;
}

bool OpenScenario::SetConditions(const std::string& creature_id, std::vector<std::string> conditions,
                                 Diagnostics& diagnostics) {
  model::Creature* creature = FindCreature(impl_->as_placed, creature_id, diagnostics);
  if (creature == nullptr) return false;
  std::swap(creature->conditions, conditions);  // `conditions` now holds the ones before
  if (PlaceChanged(*impl_, static_cast<size_t>(creature - impl_->as_placed.data()), diagnostics)) return true;
  creature->conditions = std::move(conditions);
  return false;
}

bool OpenScenario::PaintSquare(int x, int y, const std::string& terrain, Diagnostics& diagnostics) {
  model::Scenario& scenario = impl_->loaded.scenario;
  if (!scenario.map || !scenario.map->Contains({x, y})) {
    diagnostics.Error("outside-map", {}, fmt::format("square [{}, {}] is not on the scenario's map", x, y));
    return false;
  }
  const tables::Table& kinds = impl_->loaded.ruleset->Table("terrain");
  if (kinds.Find(terrain) == nullptr) {
    Diagnostic& error = diagnostics.Error("unknown-terrain", {}, fmt::format("unknown terrain kind '{}'", terrain));
    SuggestName(error, terrain, kinds.RowNames());
    return false;
  }
  model::GridMap& map = *scenario.map;
  uint16_t& cell = map.CellAt({x, y});
  uint16_t before = cell;
  cell = map.KindIndex(terrain);
  // A creature standing there may no longer be allowed to: every creature is placed again.
  if (Place(*impl_, impl_->as_placed, diagnostics)) return true;
  cell = before;
  return false;
}

}  // namespace rulecraft
