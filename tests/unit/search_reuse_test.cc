// What a query keeps for the thread's next one is given back clean: the search's cost and route
// arrays (movement/search.cc), the step rules' memo (movement/step_rules.cc) and the map's
// terrain classes (movement/grid_view.cc). On maps of one size, each new world and search after
// the others gives exactly what the same world and search give in a fresh thread, which has
// nothing kept.
#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "fresh_thread.h"
#include "search_test_world.h"

namespace rulecraft {
namespace {

const std::vector<std::string> kKinds = {"open", "difficult", "wall", "hampering", "pit"};

struct Question {
  int width = 0, height = 0;
  std::vector<int> cells;
  model::Square start;
  float budget = 0;
  std::optional<model::Square> target;
};

movement::Reach Ask(const ruleset::Ruleset& rules, const Question& question) {
  auto world = testing_world::MakeWorld(rules, testing_world::MakeMap(question.width, question.height, question.cells, kKinds),
                                        "medium", 1);
  EXPECT_TRUE(world->rules->ok()) << world->rules->error();
  return movement::Search(*world->view, *world->rules, question.start, 1, question.budget, question.target);
}

// The question asked with a new view and step rules of `world`'s map object, which the
// question's cells made: views of the same map object, one after another, keep and reuse its
// terrain classes.
movement::Reach AskAgain(testing_world::World& world, const ruleset::Ruleset& rules, const Question& question) {
  world.view = std::make_unique<movement::GridView>(world.scenario, rules, world.scenario.creatures[0]);
  world.rules = std::make_unique<movement::StepRules>(rules, *world.view, world.record.slots.data(),
                                                      rules.Table("movement_modes").IndexOf("move"));
  EXPECT_TRUE(world.rules->ok()) << world.rules->error();
  return movement::Search(*world.view, *world.rules, question.start, 1, question.budget, question.target);
}

// The same question in a thread of its own, so nothing this thread kept is reused.
movement::Reach AskInFreshThread(const ruleset::Ruleset& rules, const Question& question) {
  return testing::OnFreshThread([&] { return Ask(rules, question); });
}

TEST(MovementSearchReuse, ASearchAfterOthersGivesWhatAFreshOneGives) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  std::mt19937 random(4242);
  Question question;
  question.width = 23, question.height = 17;
  int compared = 0;
  std::unique_ptr<testing_world::World> world;  // the map of this round and the two after
  for (int round = 0; round < 120; ++round) {
    // A new map every third round: the two rounds after ask the same map object again from
    // other squares (the second view keeps a copy of its terrain classes, the third reads it).
    if (round % 3 == 0) {
      question.cells = testing_world::RandomCells(random, question.width, question.height, {60, 80, 90, 95}, 1);
      world.reset();
    }
    question.start = {static_cast<int32_t>(random() % static_cast<unsigned>(question.width)),
                      static_cast<int32_t>(random() % static_cast<unsigned>(question.height))};
    question.cells[static_cast<size_t>(question.start.y * question.width + question.start.x)] = 0;  // open
    if (world) {
      world->scenario.map->cells[static_cast<size_t>(question.start.y * question.width + question.start.x)] = 0;
    } else {
      world = testing_world::MakeWorld(*rules, testing_world::MakeMap(question.width, question.height, question.cells, kKinds),
                                       "medium", 1);
    }
    question.budget = round % 5 == 0 ? testing_world::kInf : static_cast<float>(random() % 14);
    question.target.reset();
    if (round % 3 == 0) {
      question.target = model::Square{static_cast<int32_t>(random() % static_cast<unsigned>(question.width)),
                                      static_cast<int32_t>(random() % static_cast<unsigned>(question.height))};
    }
    movement::Reach reused = AskAgain(*world, *rules, question);
    movement::Reach fresh = AskInFreshThread(*rules, question);
    ASSERT_TRUE(reused.listed);
    // Every state has the same cost, and every state reached the same parent (the others' are
    // not read); every state given a cost lies in [first_given, last_given], and both ends were
    // given one.
    ASSERT_EQ(reused.cost.size(), fresh.cost.size()) << "round " << round;
    std::vector<int32_t> given;
    for (size_t at = 0; at < reused.cost.size(); ++at) {
      auto state = static_cast<int32_t>(at);
      ASSERT_EQ(reused.CostOf(state), fresh.CostOf(state)) << "round " << round << " state " << state;
      if (std::isinf(reused.CostOf(state))) continue;
      given.push_back(state);
      if (question.target) {
        ASSERT_EQ(reused.parent[at], fresh.parent[at]) << "round " << round << " state " << state;
      }
    }
    if (given.empty()) {
      ASSERT_GT(reused.first_given, reused.last_given) << "round " << round;
    } else {
      ASSERT_EQ(reused.first_given, given.front()) << "round " << round;
      ASSERT_EQ(reused.last_given, given.back()) << "round " << round;
    }
    compared += given.size() > 5 ? 1 : 0;
  }
  EXPECT_GT(compared, 60);
}

}  // namespace
}  // namespace rulecraft
