// The route search and the dnd35 step rules against a deliberately simple reference: the d20
// rule written out in plain C++ from the text, and Bellman-Ford relaxation until nothing
// changes, on many random maps, for a Medium and a Large mover.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <gtest/gtest.h>

#include "hooks/runner.h"
#include "movement/rich_search.h"
#include "search_test_world.h"
#include "temp_folder.h"

namespace rulecraft {
namespace {

using testing_world::kInf;
namespace fs = std::filesystem;

struct Terrain {
  bool blocking, corner, hindering;
};
// open, difficult, wall, hampering, pit — as 000 describes them.
const Terrain kTerrain[] = {{false, false, false}, {false, false, true}, {true, true, false},
                            {false, false, true},  {true, false, false}};

// 000: 1-2-1-2 diagonals; difficult terrain and hampering obstacles double; a diagonal into
// hindering terrain counts 3; walls block corners, pits do not; blocked squares are never entered.
float ReferenceStep(const std::vector<int>& map, int width, int height, int x, int y, int dx, int dy,
                    int counter, int side) {
  float worst = 0;
  for (int j = 0; j < side; ++j) {
    for (int i = 0; i < side; ++i) {
      int tx = x + i + dx, ty = y + j + dy;
      if (tx < 0 || ty < 0 || tx >= width || ty >= height) return -1;
      const Terrain& to = kTerrain[map[static_cast<size_t>(ty * width + tx)]];
      if (to.blocking) return -1;
      bool diagonal = dx != 0 && dy != 0;
      if (diagonal && (kTerrain[map[static_cast<size_t>((y + j) * width + tx)]].corner ||
                       kTerrain[map[static_cast<size_t>(ty * width + x + i)]].corner)) {
        return -1;
      }
      float cost = to.hindering ? (diagonal ? 3.0f : 2.0f) : (diagonal ? (counter % 2 == 0 ? 1.0f : 2.0f) : 1.0f);
      worst = std::max(worst, cost);
    }
  }
  return worst;
}

class MovementSearch : public ::testing::TestWithParam<int> {};

TEST_P(MovementSearch, DijkstraAgreesWithBellmanFordOnRandomMaps) {
  int side = GetParam();
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  std::mt19937 random(1000 + static_cast<unsigned>(side));
  for (int round = 0; round < 60; ++round) {
    int width = 4 + static_cast<int>(random() % 7), height = 4 + static_cast<int>(random() % 7);
    std::vector<int> map = testing_world::RandomCells(random, width, height, {55, 75, 87, 94}, side);
    auto world = testing_world::MakeWorld(
        *rules, testing_world::MakeMap(width, height, map, {"open", "difficult", "wall", "hampering", "pit"}),
        side == 1 ? "medium" : "large", side);
    ASSERT_TRUE(world->rules->ok()) << world->rules->error();
    movement::Reach reach = movement::Search(*world->view, *world->rules, {0, 0}, side, kInf);
    std::vector<float> expected = testing_world::BellmanFordReach(
        width, height,
        [&](int x, int y, int dx, int dy, int counter) { return ReferenceStep(map, width, height, x, y, dx, dy, counter, side); });
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        float want = testing_world::CheapestAt(expected, width, x, y);
        ASSERT_EQ(reach.Cost(x, y), want) << "round " << round << " square " << x << "," << y;
        // A* toward one square finds the same cost as the full search.
        if ((x + y + round) % 7 == 0) {
          movement::Reach toward = movement::Search(*world->view, *world->rules, {0, 0}, side, kInf, model::Square{x, y});
          ASSERT_EQ(toward.Cost(x, y), want) << "A*: round " << round << " square " << x << "," << y;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(MediumAndLarge, MovementSearch, ::testing::Values(1, 2));

// A reach within a budget says which box of squares it reached (Reach::ReachedBox), and it is
// exactly the rows and columns of the squares it reached, so an answer may walk only those.
TEST(MovementSearchBox, AReachsBoxIsTheBoxOfTheSquaresItReached) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  std::mt19937 random(77);
  int tried = 0;
  for (int round = 0; round < 80; ++round) {
    int width = 6 + static_cast<int>(random() % 20), height = 6 + static_cast<int>(random() % 20);
    std::vector<int> map = testing_world::RandomCells(random, width, height, {55, 75, 87, 94}, 1);
    auto world = testing_world::MakeWorld(
        *rules, testing_world::MakeMap(width, height, map, {"open", "difficult", "wall", "hampering", "pit"}),
        "medium", 1);
    model::Square start{static_cast<int32_t>(random() % static_cast<unsigned>(width)),
                        static_cast<int32_t>(random() % static_cast<unsigned>(height))};
    float budget = static_cast<float>(random() % 9);
    movement::Reach reach = movement::Search(*world->view, *world->rules, start, 1, budget);
    int32_t first = height, last = -1, left = width, right = -1;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        if (std::isinf(reach.Cost(x, y))) continue;
        first = std::min(first, y), last = std::max(last, y);
        left = std::min(left, x), right = std::max(right, x);
      }
    }
    model::Area box = reach.ReachedBox();
    if (last < 0) {  // the start is a wall or pit: an empty box
      EXPECT_EQ(box.width, 0) << "round " << round;
      EXPECT_EQ(box.height, 0) << "round " << round;
      continue;
    }
    ++tried;
    EXPECT_EQ(box.at.y, first) << "round " << round;
    EXPECT_EQ(box.at.y + box.height - 1, last) << "round " << round;
    EXPECT_EQ(box.at.x, left) << "round " << round;
    EXPECT_EQ(box.at.x + box.width - 1, right) << "round " << round;
  }
  EXPECT_GT(tried, 40);
}

// With a Lua hook the fast search reads the steps from tables filled as it meets them (through
// the rules' memo, so the script sees each step once): its costs are the richer search's, which
// asks the same rules and script step by step, also when the script's costs are fractional or
// too large for the bucket queue.
TEST(MovementSearchHooks, AHookedReachAgreesWithTheRicherSearch) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  std::ifstream in(std::string(RULECRAFT_SOURCE_DIR) + "/scripts/incorporeal.lua");
  std::stringstream text;
  text << in.rdbuf();
  // incorporeal.lua; costs of half squares (the search starts again with a heap at the first);
  // costs the buckets cannot hold (150 squares a step, 300 in difficult terrain); costs that
  // widen the bucket queue's ring while it holds states (40 and more squares a step once the
  // search meets difficult terrain, 1 or 2 before).
  std::vector<std::shared_ptr<const hooks::Script>> scripts = {
      hooks::ScriptFromText("scripts/incorporeal.lua", text.str()),
      hooks::ScriptFromText("halves.lua", "function step_cost(mover, step, mode, cost) return cost + 0.5 end\n"),
      hooks::ScriptFromText("steep.lua", "function step_cost(mover, step, mode, cost) return cost * 150 end\n"),
      hooks::ScriptFromText("mire.lua", "function step_cost(mover, step, mode, cost)\n"
                                        "  if step.to.terrain.difficult then return cost * 20 + step.diagonal_number end\n"
                                        "end\n")};
  for (const auto& script : scripts) ASSERT_FALSE(script->error) << script->error_text;
  std::mt19937 random(4242);
  int mode = rules->Table("movement_modes").IndexOf("move");
  int64_t calls = 0;
  int halves = 0;  // squares reached at a fractional cost
  for (int round = 0; round < 80; ++round) {
    const auto& script = scripts[static_cast<size_t>(round) % scripts.size()];
    int width = 4 + static_cast<int>(random() % 9), height = 4 + static_cast<int>(random() % 9);
    std::vector<int> map = testing_world::RandomCells(random, width, height, {55, 75, 87, 94}, 1);
    auto world = testing_world::MakeWorld(
        *rules, testing_world::MakeMap(width, height, map, {"open", "difficult", "wall", "hampering", "pit"}),
        "medium", 1, {"incorporeal"});
    const model::Creature& mover = world->scenario.creatures[0];
    float budget = round % 2 == 0 ? testing_world::kInf : static_cast<float>(2 + random() % 8) * (round % 3 == 2 ? 150 : 1);
    auto hooked = [&](std::unique_ptr<hooks::Runner>& runner) {
      runner = std::make_unique<hooks::Runner>(*rules, hooks::LimitsOf(*rules));
      runner->SetMover(query::CreatureFactsOf(mover), {script.get()});
      runner->SetMode(mode);
      return std::make_unique<movement::StepRules>(*rules, *world->view, world->record.slots.data(), mode,
                                                   runner.get());
    };
    std::unique_ptr<hooks::Runner> fast_hooks, rich_hooks;
    auto fast_rules = hooked(fast_hooks);
    auto rich_rules = hooked(rich_hooks);
    ASSERT_TRUE(fast_rules->hooked());
    movement::Reach reach = movement::Search(*world->view, *fast_rules, {0, 0}, 1, budget);
    movement::RichReach rich = movement::RichSearch(*world->view, {{rich_rules.get(), budget}}, {0, 0}, 1, 0, false);
    ASSERT_FALSE(fast_hooks->failed()) << fast_hooks->failure_text();
    ASSERT_TRUE(fast_rules->ok()) << fast_rules->error();
    int reached = 0;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        ASSERT_EQ(reach.Cost(x, y), rich.Cost(x, y)) << "round " << round << " square " << x << "," << y;
        reached += std::isinf(reach.Cost(x, y)) ? 0 : 1;
      }
    }
    EXPECT_GT(reached, 0);
    calls += fast_hooks->calls();
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) halves += reach.Cost(x, y) != std::floor(reach.Cost(x, y)) ? 1 : 0;
    }
  }
  EXPECT_GT(calls, 100);  // the scripts were asked
  EXPECT_GT(halves, 20);  // and halves.lua's costs were searched with a heap
}

// The hooked search reads its steps from tables filled as it meets them and starts its bucket
// ring small, widening it as dearer steps turn up (BucketQueue::Fit); the plain search has every
// step in its tables and sizes its ring before it starts. With a hook that keeps every cost the
// rules give, both find the same cost and the same route (of routes that cost alike, the first
// found) toward each target: on dnd35, and on a ruleset whose hindered steps cost 20 squares and
// more (the ring widened from 4 to 128 mid-search). (A ring left too small still finds these
// costs and routes here, by taking some states more than once: this checks the routes, not Fit.)
TEST(MovementSearchHooks, AHookThatKeepsEveryCostFindsTheRoutesTheSearchWithoutFinds) {
  testing_files::TempFolder temp("search_fit");
  fs::create_directories(temp.path() / "mire");
  testing_files::WriteFile(temp.path() / "mire" / "ruleset.rules",
                           "ruleset mire \"Dear hindrances\" extends \"" + std::string(RULECRAFT_SOURCE_DIR) +
                               "/rulesets/dnd35\" { square = 5 ft }\n"
                               "override rule hindered_cost(step: step, hindrances: number): number =\n"
                               "  if hindrances == 0 then (if step.diagonal then diagonal_cost(step) else 1)\n"
                               "  else 20 * hindrances + (if step.diagonal then diagonal_cost(step) else 0)\n");
  auto keep = hooks::ScriptFromText("keep.lua", "function step_cost(mover, step, mode, cost) return nil end\n");
  ASSERT_FALSE(keep->error) << keep->error_text;
  std::mt19937 random(2718);
  int compared = 0;
  for (const std::string& folder : {std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", (temp.path() / "mire").string()}) {
    SourceSet sources;
    Diagnostics diagnostics;
    auto rules = ruleset::LoadRuleset(folder, sources, diagnostics);
    ASSERT_TRUE(rules) << Render(diagnostics, sources);
    int mode = rules->Table("movement_modes").IndexOf("move");
    for (int round = 0; round < 30; ++round) {
      int width = 10 + static_cast<int>(random() % 20), height = 10 + static_cast<int>(random() % 20);
      std::vector<int> map = testing_world::RandomCells(random, width, height, {70, 90, 93, 97}, 1);
      map[0] = 0;
      auto world = testing_world::MakeWorld(
          *rules, testing_world::MakeMap(width, height, map, {"open", "difficult", "wall", "hampering", "pit"}),
          "medium", 1, {"incorporeal"});
      const model::Creature& mover = world->scenario.creatures[0];
      hooks::Runner runner(*rules, hooks::LimitsOf(*rules));
      runner.SetMover(query::CreatureFactsOf(mover), {keep.get()});
      runner.SetMode(mode);
      movement::StepRules hooked_rules(*rules, *world->view, world->record.slots.data(), mode, &runner);
      movement::StepRules plain_rules(*rules, *world->view, world->record.slots.data(), mode);
      ASSERT_TRUE(hooked_rules.hooked());
      // Routes are kept by searches toward a target: one toward each of a few squares.
      for (int k = 0; k < 12; ++k) {
        model::Square target{static_cast<int32_t>(random() % static_cast<unsigned>(width)),
                             static_cast<int32_t>(random() % static_cast<unsigned>(height))};
        movement::Reach hooked = movement::Search(*world->view, hooked_rules, {0, 0}, 1, kInf, target);
        movement::Reach plain = movement::Search(*world->view, plain_rules, {0, 0}, 1, kInf, target);
        ASSERT_FALSE(runner.failed()) << runner.failure_text();
        ASSERT_TRUE(hooked.listed && plain.listed) << "round " << round;  // both took the fast path
        ASSERT_EQ(hooked.Cost(target.x, target.y), plain.Cost(target.x, target.y)) << folder << " round " << round;
        int32_t state = plain.BestState(target.x, target.y);
        if (state < 0) continue;
        std::vector<model::Square> route = movement::RouteTo(plain, state);
        ASSERT_EQ(movement::RouteTo(hooked, hooked.BestState(target.x, target.y)), route)
            << folder << " round " << round << " toward " << target.x << "," << target.y;
        compared += route.size() > 3 ? 1 : 0;
      }
    }
  }
  EXPECT_GT(compared, 200);
}

}  // namespace
}  // namespace rulecraft

namespace rulecraft {
namespace {

// A view of more classes than a byte holds keeps them two bytes each (GridView::Narrow false),
// and the fast search, reading them through PaddedWide, agrees with the richer search, which
// reads them square by square; a view of few classes keeps them a byte each, and agrees too.
TEST(MovementSearchClasses, WideAndNarrowViewsAgreeWithTheRicherSearch) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  const std::vector<std::string> sizes = {"fine", "diminutive", "tiny", "small", "medium", "large", "huge",
                                          "gargantuan", "colossal"};
  const std::vector<std::vector<std::string>> conditions = {{}, {"prone"}, {"helpless"}};
  std::mt19937 random(2026);
  for (int round = 0; round < 6; ++round) {
    bool many = round % 2 == 0;
    int width = 20, height = 20;
    std::vector<int> map = testing_world::RandomCells(random, width, height, {55, 75, 87, 94}, 1);
    map[0] = 0;  // the mover's square is open
    auto world = testing_world::MakeWorld(
        *rules, testing_world::MakeMap(width, height, map, {"open", "difficult", "wall", "hampering", "pit"}),
        "medium", 1);
    world->scenario.creatures[0].side = "a";
    // 9 sizes × 2 sides × 3 conditions: 54 kinds of occupant, so 5 × 55 classes; or 3 creatures.
    int placed = 0;
    for (size_t size = 0; size < sizes.size(); ++size) {
      for (const char* side : {"a", "b"}) {
        for (const auto& has : conditions) {
          if (!many && placed == 3) continue;
          model::Creature other;
          other.id = "c" + std::to_string(placed);
          other.race = "human";
          other.size = sizes[size];
          other.side = side;
          other.conditions = has;
          int cell = 1 + placed * 7;
          other.at = {cell % width, cell / width};
          world->scenario.creatures.push_back(other);
          ++placed;
        }
      }
    }
    movement::GridView view(world->scenario, *rules, world->scenario.creatures[0]);
    ASSERT_EQ(view.Narrow(), !many) << view.ClassCount() << " classes";
    int mode = rules->Table("movement_modes").IndexOf("move");
    movement::StepRules fast_rules(*rules, view, world->record.slots.data(), mode);
    movement::StepRules rich_rules(*rules, view, world->record.slots.data(), mode);
    float budget = round < 2 ? testing_world::kInf : static_cast<float>(4 + random() % 10);
    movement::Reach reach = movement::Search(view, fast_rules, {0, 0}, 1, budget);
    movement::RichReach rich = movement::RichSearch(view, {{&rich_rules, budget}}, {0, 0}, 1, 0, false);
    int reached = 0;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        ASSERT_EQ(reach.Cost(x, y), rich.Cost(x, y)) << "round " << round << " square " << x << "," << y;
        reached += std::isinf(reach.Cost(x, y)) ? 0 : 1;
      }
    }
    EXPECT_GT(reached, 5) << "round " << round;
  }
}

}  // namespace
}  // namespace rulecraft
