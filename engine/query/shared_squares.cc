#include "query/shared_squares.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "movement/grid_view.h"
#include "query/records.h"

namespace rulecraft::query {
namespace {

// How much of one square a creature takes: 1 for a square or more, 1/N when N fit in one.
double ShareOfSquare(const model::Creature& creature, const ruleset::Ruleset& rules) {
  const tables::Row* size = rules.Table("sizes").Find(creature.size);
  double fits = size != nullptr ? size->Number("fits_per_square", 1) : 1;
  return fits > 1 ? 1.0 / fits : 1.0;
}

// Asks the rule may_share whether `mover` may stand in a square of terrain `terrain` where
// `other` stands; false without the rule or when it fails.
class ShareRule {
 public:
  explicit ShareRule(const ruleset::Ruleset& rules)
      : rules_(rules), rule_(rules.program->FindRule("may_share")), machine_(*rules.program) {}

  bool Allows(const model::Creature& mover, const model::Creature& other, size_t terrain) {
    if (rule_ < 0) return false;
    CreatureRecord record;
    BuildCreatureRecord(mover, rules_, record);
    movement::Occupant occupant = movement::SeenAsOccupant(other, mover, rules_, false);
    movement::SquareRecord square{};
    movement::FillSquareRecord(&occupant, terrain, square);
    eval::Slot args[2] = {eval::Slot{.record = record.slots.data()}, eval::Slot{.record = square.data()}};
    bool allowed = machine_.Call(rule_, args).number != 0;
    if (!machine_.error().empty()) {
      error_ = machine_.error();
      return false;
    }
    return allowed;
  }

  int rule() const { return rule_; }
  const std::string& error() const { return error_; }

 private:
  const ruleset::Ruleset& rules_;
  int rule_;
  eval::Machine machine_;
  std::string error_;
};

}  // namespace

bool CheckSharedSquares(const model::Scenario& scenario, const ruleset::Ruleset& rules, Diagnostics& diagnostics) {
  if (!scenario.map) return true;
  const model::GridMap& map = *scenario.map;
  const tables::Table& terrain = rules.Table("terrain");
  // Each square some creature stands on with the creature, ordered by square then scenario
  // order: the creatures of one square stand together, no allocation per square.
  std::vector<std::pair<size_t, size_t>> standing;  // (cell, creature index)
  standing.reserve(scenario.creatures.size());
  for (size_t index = 0; index < scenario.creatures.size(); ++index) {
    const model::Creature& creature = scenario.creatures[index];
    if (!creature.valid) continue;
    model::Area occupied = creature.Occupied();
    for (int32_t dy = 0; dy < occupied.height; ++dy) {
      for (int32_t dx = 0; dx < occupied.width; ++dx) {
        model::Square square{occupied.at.x + dx, occupied.at.y + dy};
        if (!map.Contains(square)) continue;
        standing.emplace_back(
            static_cast<size_t>(square.y) * static_cast<size_t>(map.width) + static_cast<size_t>(square.x), index);
      }
    }
  }
  std::sort(standing.begin(), standing.end());
  // Shares and the rule are needed only where two creatures stand in one square.
  std::vector<double> shares(scenario.creatures.size(), -1.0);
  auto share = [&](size_t index) {
    if (shares[index] < 0) shares[index] = ShareOfSquare(scenario.creatures[index], rules);
    return shares[index];
  };
  std::optional<ShareRule> share_rule;
  std::vector<bool> reported(scenario.creatures.size(), false);
  auto report = [&](size_t later, size_t earlier, model::Square square, const std::string& why, bool by_rule) {
    if (reported[later]) return;
    reported[later] = true;
    const model::Creature& creature = scenario.creatures[later];
    const model::Creature& other = scenario.creatures[earlier];
    Diagnostic& error = diagnostics.Error(
        "overlap", creature.at_span.file.empty() ? creature.span : creature.at_span,
        fmt::format("creature '{}' overlaps '{}' at [{}, {}]: {}", creature.id, other.id, square.x, square.y, why));
    error.notes.push_back({other.span, "the other creature is placed here"});
    if (by_rule && share_rule->rule() >= 0) {
      error.notes.push_back(
          {rules.program->rules[static_cast<size_t>(share_rule->rule())].span, "rule may_share is defined here"});
    }
  };
  std::vector<size_t> here;  // the creatures of one square, in scenario order
  for (size_t begin = 0, end = 0; begin < standing.size(); begin = end) {
    size_t cell = standing[begin].first;
    for (end = begin + 1; end < standing.size() && standing[end].first == cell;) ++end;
    if (end - begin < 2) continue;
    here.clear();
    for (size_t i = begin; i < end; ++i) here.push_back(standing[i].second);
    if (!share_rule) share_rule.emplace(rules);
    model::Square square{static_cast<int32_t>(cell % static_cast<size_t>(map.width)),
                         static_cast<int32_t>(cell / static_cast<size_t>(map.width))};
    size_t row = std::max(0, terrain.IndexOf(map.TerrainAt(square)));
    // Creatures smaller than a square fill it up to what fits.
    double small = 0;
    for (size_t index : here) small += share(index) < 1 ? share(index) : 0;
    if (small > 1 + 1e-9) {
      size_t last = here.back();
      report(last, here.front(), square,
             fmt::format("more creatures smaller than a square stand here than fit in one (table sizes, "
                         "fits_per_square)"),
             false);
    }
    // Two that do not fit together need the rule, one way or the other.
    for (size_t a = 0; a < here.size(); ++a) {
      for (size_t b = a + 1; b < here.size(); ++b) {
        size_t earlier = here[a], later = here[b];
        if (share(earlier) + share(later) <= 1 + 1e-9) continue;
        const model::Creature& first = scenario.creatures[earlier];
        const model::Creature& second = scenario.creatures[later];
        if (share_rule->Allows(second, first, row) || share_rule->Allows(first, second, row)) continue;
        report(later, earlier, square,
               share_rule->error().empty()
                   ? (share_rule->rule() >= 0 ? "the rules let neither stand in the other's square (rule may_share)"
                                              : "the ruleset lets no creatures share a square (it has no rule may_share)")
                   : "rule may_share failed: " + share_rule->error(),
               true);
      }
    }
  }
  return std::none_of(reported.begin(), reported.end(), [](bool r) { return r; });
}

}  // namespace rulecraft::query
