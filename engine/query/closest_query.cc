#include "query/closest_query.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "combat/threat.h"
#include "query/explain.h"
#include "query/seeded_roll.h"

namespace rulecraft::query {
namespace {

// The candidates: the query's `among`, or every other creature on the map.
std::vector<const model::Creature*> Candidates(const AnswerContext& context, const model::Query& query,
                                               const model::Creature& from) {
  std::vector<const model::Creature*> candidates;
  if (query.params.contains("among")) {
    for (const auto& id : query.params["among"]) {
      const model::Creature* creature = context.scenario.FindCreature(id.get<std::string>());
      if (creature != nullptr && creature != &from) candidates.push_back(creature);
    }
    return candidates;
  }
  for (const model::Creature& creature : context.scenario.creatures) {
    if (&creature != &from && creature.valid) candidates.push_back(&creature);
  }
  return candidates;
}

}  // namespace

void AnswerClosest(const AnswerContext& context, const model::Query& query, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  const model::Creature* from = context.scenario.FindCreature(query.params.value("from", ""));
  if (from == nullptr) return (void)Fail(result, "unknown creature");
  int distance_rule = program.FindRule("gap_distance");
  int ties_rule = program.FindRule("closest_ties_rolled");
  if (distance_rule < 0 || ties_rule < 0) {
    return (void)Fail(result, "the ruleset needs rules 'gap_distance' and 'closest_ties_rolled' (docs/dsl.md)");
  }
  std::vector<const model::Creature*> candidates = Candidates(context, query, *from);
  if (candidates.empty()) return (void)Fail(result, "there is no other creature to be closest");

  eval::Machine machine(program);
  nlohmann::json distances = nlohmann::json::object();
  double best = std::numeric_limits<double>::infinity();
  std::vector<const model::Creature*> tied;
  for (const model::Creature* candidate : candidates) {
    double nearest = std::numeric_limits<double>::infinity();
    model::Area area = candidate->Occupied();
    for (int32_t j = 0; j < area.height; ++j) {
      for (int32_t i = 0; i < area.width; ++i) {
        combat::Gap gap = combat::GapTo(from->Occupied(), {area.at.x + i, area.at.y + j});
        eval::Slot args[2] = {eval::Slot{.number = static_cast<double>(gap.dx)},
                              eval::Slot{.number = static_cast<double>(gap.dy)}};
        nearest = std::min(nearest, machine.Call(distance_rule, args).number);
      }
    }
    distances[candidate->id] = Number(nearest);
    if (nearest < best) {
      best = nearest;
      tied.clear();
    }
    if (nearest == best) tied.push_back(candidate);
  }
  eval::Trace trace;
  machine.SetTrace(&trace);
  bool rolled = machine.Call(ties_rule, {}).number != 0;
  if (!machine.error().empty()) return (void)Fail(result, machine.error());

  nlohmann::json tied_ids = nlohmann::json::array();
  for (const model::Creature* creature : tied) tied_ids.push_back(creature->id);
  result["from"] = from->id;
  result["distance_ft"] = Number(best);
  result["distances_ft"] = std::move(distances);
  result["tied"] = tied_ids;
  std::string choice = query.params.value("choice", "");
  if (tied.size() == 1) {
    result["closest"] = tied[0]->id;
  } else if (rolled) {
    if (!choice.empty()) return (void)Fail(result, "this ruleset rolls for equally close creatures: no 'choice'");
    uint64_t sides = tied.size();
    uint64_t face = SeededRoll(context.scenario.seed, query.id, sides);
    result["closest"] = tied[face]->id;
    result["roll"] = {{"sides", sides}, {"result", face + 1}, {"seed", context.scenario.seed}};
  } else if (choice.empty()) {
    result["closest"] = nullptr;
    result["chosen_by"] = from->id;
  } else {
    auto chosen = std::find_if(tied.begin(), tied.end(), [&](const model::Creature* c) { return c->id == choice; });
    if (chosen == tied.end()) {
      return (void)Fail(result, fmt::format("'{}' is not among the closest ({})", choice, tied_ids.dump()));
    }
    result["closest"] = choice;
    result["chosen_by"] = from->id;
  }
  result["explain"] = ExplainTrace(trace, program, context.sources);
}

}  // namespace rulecraft::query
