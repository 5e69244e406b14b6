// A map of few classes is searched with whole-number step tables, its costs added and compared
// as integers (movement/search.cc, WholeSteps): within fractional, huge and zero budgets, and
// toward targets, it reaches every square at the cost the richer search (floats, square by
// square) gives, and its route to a target costs what the target's cost says.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "movement/rich_search.h"
#include "search_test_world.h"

namespace rulecraft {
namespace {

TEST(MovementSearchWhole, IntegerCostsAgreeWithTheRicherSearch) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  const std::vector<float> budgets = {testing_world::kInf, 0, 0.5f, 3.5f, 6.25f, 7.99f, 12, 2.5e9f};
  std::mt19937 random(31337);
  int reached = 0, routes = 0;
  for (int round = 0; round < 48; ++round) {
    int width = 6 + static_cast<int>(random() % 18), height = 6 + static_cast<int>(random() % 18);
    std::vector<int> map = testing_world::RandomCells(random, width, height, {55, 75, 87, 94}, 1);
    map[0] = 0;  // the mover's square is open
    auto world = testing_world::MakeWorld(
        *rules, testing_world::MakeMap(width, height, map, {"open", "difficult", "wall", "hampering", "pit"}), "medium",
        1);
    movement::GridView& view = *world->view;
    ASSERT_LE(view.ClassCount(), 15u) << "round " << round;  // the flat tables' path
    int mode = rules->Table("movement_modes").IndexOf("move");
    movement::StepRules rich_rules(*rules, view, world->record.slots.data(), mode);
    float budget = budgets[static_cast<size_t>(round) % budgets.size()];
    std::optional<model::Square> target;
    if (round % 3 == 1) {
      budget = round % 2 == 0 ? testing_world::kInf : 2.5e9f;  // far enough to reach most targets
      target = model::Square{static_cast<int32_t>(random() % static_cast<unsigned>(width)),
                             static_cast<int32_t>(random() % static_cast<unsigned>(height))};
    }
    movement::Reach reach = movement::Search(view, *world->rules, {0, 0}, 1, budget, target);
    movement::RichReach rich = movement::RichSearch(view, {{&rich_rules, budget}}, {0, 0}, 1, 0, false, target);
    ASSERT_TRUE(reach.listed) << "round " << round;  // the fast path ran
    if (target) {
      ASSERT_EQ(reach.Cost(target->x, target->y), rich.Cost(target->x, target->y)) << "round " << round;
      int32_t state = reach.BestState(target->x, target->y);
      if (state < 0) continue;
      // The route runs from the start to the target square by square, dearer at every step, and
      // each square on it costs what the richer search says it costs at least.
      std::vector<int32_t> states = movement::StatesTo(reach, state);
      ASSERT_EQ(reach.SquareOf(states.front()), (model::Square{0, 0})) << "round " << round;
      ASSERT_EQ(reach.SquareOf(states.back()), *target) << "round " << round;
      for (size_t k = 1; k < states.size(); ++k) {
        model::Square from = reach.SquareOf(states[k - 1]), to = reach.SquareOf(states[k]);
        ASSERT_LE(std::max(std::abs(to.x - from.x), std::abs(to.y - from.y)), 1) << "round " << round;
        float at = reach.cost[static_cast<size_t>(states[k])];
        ASSERT_GT(at, reach.cost[static_cast<size_t>(states[k - 1])]) << "round " << round;
        ASSERT_GE(at, rich.Cost(to.x, to.y)) << "round " << round;
      }
      ++routes;
      continue;
    }
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        ASSERT_EQ(reach.Cost(x, y), rich.Cost(x, y)) << "round " << round << " square " << x << "," << y
                                                     << " budget " << budget;
        reached += std::isinf(reach.Cost(x, y)) ? 0 : 1;
      }
    }
  }
  EXPECT_GT(reached, 500);
  EXPECT_GT(routes, 5);
}

}  // namespace
}  // namespace rulecraft
