// The fast path fills its cost array as it goes (movement/search.cc, FillCells): a search writes
// the states near those it reaches and no others, and reads the rest as not reached. On maps of
// many fill blocks, searches one after another in one thread (each taking the last one's arrays,
// filled elsewhere) give every square the cost the richer search gives, and their routes run
// from the start to the target; a short search on a tall map leaves most of the array unwritten.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "movement/rich_search.h"
#include "search_test_world.h"

namespace rulecraft {
namespace {

const std::vector<std::string> kKinds = {"open", "difficult", "wall", "hampering", "pit"};

std::optional<ruleset::Ruleset> LoadDnd35(SourceSet& sources, Diagnostics& diagnostics) {
  return ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
}

TEST(MovementSearchFill, SearchesOneAfterAnotherAgreeWithTheRicherSearch) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = LoadDnd35(sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  std::mt19937 random(2026);
  const int width = 40, height = 260;  // 42 × 262 padded cells: several fill blocks of 2,048
  const int rounds = 26;
  std::vector<int> cells = testing_world::RandomCells(random, width, height, {70, 85, 92, 96}, 1);
  // Each start 10 rows above the last, within budgets of at most 33 squares or toward a target
  // below it: the filled states grow a little each round, until the last rounds reach everything.
  std::vector<model::Square> starts;
  for (int round = 0; round < rounds; ++round) {
    starts.push_back({static_cast<int32_t>(random() % width), height - 1 - round * 10});
    cells[static_cast<size_t>(starts.back().y * width + starts.back().x)] = 0;  // open
  }
  auto world = testing_world::MakeWorld(*rules, testing_world::MakeMap(width, height, cells, kKinds), "medium", 1);
  int mode = rules->Table("movement_modes").IndexOf("move");
  movement::StepRules rich_rules(*rules, *world->view, world->record.slots.data(), mode);
  int partial = 0, routes = 0;
  for (int round = 0; round < rounds; ++round) {
    model::Square start = starts[static_cast<size_t>(round)];
    float budget = round >= rounds - 2 ? testing_world::kInf : static_cast<float>(4 + random() % 30);
    std::optional<model::Square> target;
    if (round % 2 == 1) {
      target = model::Square{static_cast<int32_t>(random() % width),
                             std::min(height - 1, start.y + static_cast<int32_t>(random() % 40))};
      budget = testing_world::kInf;
    }
    movement::Reach reach = movement::Search(*world->view, *world->rules, start, 1, budget, target);
    movement::RichReach rich = movement::RichSearch(*world->view, {{&rich_rules, budget}}, start, 1, 0, false, target);
    ASSERT_TRUE(reach.listed) << "round " << round;
    partial += reach.filled_end - reach.filled_first < static_cast<int32_t>(reach.cost.size()) ? 1 : 0;
    if (target) {
      ASSERT_EQ(reach.Cost(target->x, target->y), rich.Cost(target->x, target->y)) << "round " << round;
      int32_t state = reach.BestState(target->x, target->y);
      if (state < 0) continue;
      std::vector<model::Square> route = movement::RouteTo(reach, state);
      ASSERT_EQ(route.front(), start) << "round " << round;
      ASSERT_EQ(route.back(), *target) << "round " << round;
      ++routes;
      continue;
    }
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        ASSERT_EQ(reach.Cost(x, y), rich.Cost(x, y)) << "round " << round << " square " << x << "," << y;
        ASSERT_EQ(reach.BestState(x, y) < 0, std::isinf(rich.Cost(x, y))) << "round " << round;
      }
    }
  }
  EXPECT_GT(partial, 4);  // the blocks were filled as needed, not all at once
  EXPECT_GT(routes, 4);
}

TEST(MovementSearchFill, AShortSearchOnATallMapLeavesMostOfItUnwritten) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = LoadDnd35(sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  const int width = 20, height = 1000;
  auto world = testing_world::MakeWorld(
      *rules, testing_world::MakeMap(width, height, std::vector<int>(size_t{width} * height, 0), kKinds), "medium", 1);
  // 000_2c756f53c47e0c58.txt: "첫 번째 대각선은 1칸으로 계산됩니다. 두 번째 대각선은 2칸으로
  // 계산됩니다." (the first diagonal counts 1 square, the second 2.) (3, 990) to (9, 996) is six
  // diagonals: 1+2+1+2+1+2 = 9 squares.
  movement::Reach reach = movement::Search(*world->view, *world->rules, {3, 990}, 1, testing_world::kInf, model::Square{9, 996});
  ASSERT_TRUE(reach.listed);
  EXPECT_EQ(reach.Cost(9, 996), 9);
  EXPECT_TRUE(std::isinf(reach.Cost(3, 10)));
  EXPECT_EQ(reach.BestState(3, 10), -1);
  EXPECT_GT(reach.filled_first, 0);
  EXPECT_LT(reach.filled_end - reach.filled_first, static_cast<int32_t>(reach.cost.size()) / 4);
  EXPECT_EQ(movement::RouteTo(reach, reach.BestState(9, 996)).size(), 7u);
}

}  // namespace
}  // namespace rulecraft
