#include "query/accidental_end.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "dsl/eval/machine.h"
#include "query/seeded_roll.h"

namespace rulecraft::query {

model::Square AccidentalEnd(const AnswerContext& context, const model::Query& query, model::Square stopped,
                            model::Square last_legal, const std::function<bool(int32_t, int32_t)>& may_end,
                            nlohmann::json& result) {
  result["ends_at_why"] = "the last square of the route it could end on";
  const compile::Program& program = *context.rules.program;
  int closer_rule = program.FindRule("closer_legal_end");
  int distance_rule = program.FindRule("gap_distance");
  if (closer_rule < 0 || distance_rule < 0 || !context.scenario.map) return last_legal;
  eval::Machine machine(program);
  if (machine.Call(closer_rule, {}).number == 0 || !machine.error().empty()) {
    if (!machine.error().empty()) Fail(result, machine.error());
    return last_legal;
  }
  auto distance = [&](model::Square square) {
    eval::Slot args[2] = {eval::Slot{.number = static_cast<double>(std::abs(square.x - stopped.x))},
                          eval::Slot{.number = static_cast<double>(std::abs(square.y - stopped.y))}};
    return machine.Call(distance_rule, args).number;
  };
  double best = distance(last_legal);
  int32_t radius = std::max(std::abs(last_legal.x - stopped.x), std::abs(last_legal.y - stopped.y));
  std::vector<model::Square> closest;
  for (int32_t y = stopped.y - radius; y <= stopped.y + radius; ++y) {
    for (int32_t x = stopped.x - radius; x <= stopped.x + radius; ++x) {
      if (!context.scenario.map->Contains({x, y}) || !may_end(x, y)) continue;
      double d = distance({x, y});
      if (d > best || (d == best && closest.empty())) continue;  // only strictly closer than the last legal
      if (d < best) closest.clear();
      best = d;
      closest.push_back({x, y});
    }
  }
  // A rule that failed (gap_distance dividing by zero) fails the query: never a silent fallback.
  if (!machine.error().empty()) {
    Fail(result, machine.error());
    return last_legal;
  }
  if (closest.empty()) return last_legal;
  result["ends_at_why"] = "the closest square it may end on, closer than the last one of its route";
  if (closest.size() == 1) return closest[0];
  uint64_t face = SeededRoll(context.scenario.seed, query.id, closest.size());
  result["ends_at_roll"] = {{"sides", closest.size()}, {"result", face + 1}};
  return closest[face];
}

}  // namespace rulecraft::query
