#include "query/attack_from.h"

#include <algorithm>
#include <cstdlib>

#include "dsl/eval/machine.h"
#include "query/combat_query.h"

namespace rulecraft::query {
namespace {

// How far beyond the defender's space, in squares, the search looks: the longest reach the
// bundled rules give a creature (20 ft, a Huge creature's; a reach weapon adds to it) and then some.
constexpr int32_t kSearchSquares = 6;

}  // namespace

double SquaresApartFt(const AnswerContext& context, eval::Machine& machine, model::Square from, model::Square to) {
  int rule = context.rules.program->FindRule("gap_distance");
  if (rule < 0) return 0;
  eval::Slot args[2] = {eval::Slot{.number = static_cast<double>(std::abs(to.x - from.x))},
                        eval::Slot{.number = static_cast<double>(std::abs(to.y - from.y))}};
  return machine.Call(rule, args).number;
}

std::optional<double> ClosestAttackFt(const AnswerContext& context, model::Creature& attacker, model::Square start,
                                      const nlohmann::json& attack, nlohmann::json& result) {
  const model::Creature* defender = context.scenario.FindCreature(attack.value("defender", ""));
  if (defender == nullptr || !context.scenario.map || context.rules.program->FindRule("gap_distance") < 0) {
    return std::nullopt;
  }
  model::Square was = attacker.at;
  model::Area target = defender->Occupied();
  int32_t reach = kSearchSquares + attacker.squares_per_side;
  std::optional<double> closest;
  eval::Machine machine(*context.rules.program);  // one for every square's distance
  for (int32_t y = target.at.y - reach; y <= target.at.y + target.height + reach; ++y) {
    for (int32_t x = target.at.x - reach; x <= target.at.x + target.width + reach; ++x) {
      model::Area space{{x, y}, attacker.squares_per_side, attacker.squares_per_side};
      if (!context.scenario.map->Contains({x, y}) || space.Overlaps(target)) continue;
      double ft = SquaresApartFt(context, machine, start, {x, y});
      if (closest && ft >= *closest) continue;
      attacker.at = {x, y};
      model::Query query;
      query.id = "closest_attack_square";
      query.kind = model::QueryKind::kAttack;
      query.kind_name = "attack";
      query.params = attack;
      nlohmann::json sub = {{"id", query.id}, {"kind", "attack"}, {"status", "ok"}};
      AnswerAttack(context, query, sub);
      if (sub.value("status", "ok") == "error") {
        attacker.at = was;
        Fail(result, sub.value("message", "the attack failed"));
        return std::nullopt;
      }
      if (sub.value("possible", false)) closest = ft;
    }
  }
  attacker.at = was;
  return closest;
}

}  // namespace rulecraft::query
