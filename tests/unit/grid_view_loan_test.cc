// Views of one map made one after another borrow the terrain classes the thread keeps and give
// them back when they end (movement/grid_view.cc, TerrainClasses). Each such view, made in turn,
// nested in another, or after the map changed, must hold exactly the classes of a view made
// from nothing: one made on a thread of its own, which keeps nothing yet.
#include <random>

#include <gtest/gtest.h>

#include "fresh_thread.h"
#include "search_test_world.h"

namespace rulecraft {
namespace {

// What a view holds that a search reads: its padded classes, classes used and occupants.
struct ViewContents {
  bool narrow = false;
  std::vector<uint16_t> classes;
  std::vector<uint16_t> used;
  std::vector<movement::Occupant> occupants;  // of each class; zone: no one

  bool operator==(const ViewContents&) const = default;
};

ViewContents ContentsOf(const movement::GridView& view) {
  ViewContents contents;
  contents.narrow = view.Narrow();
  size_t padded = static_cast<size_t>(view.Stride()) * static_cast<size_t>(view.height() + 2);
  for (size_t at = 0; at < padded; ++at) {
    contents.classes.push_back(view.Narrow() ? view.PaddedNarrow()[at] : view.PaddedWide()[at]);
  }
  contents.used = view.ClassesUsed();
  movement::Occupant none;  // a class with no occupant, told apart from every occupant
  none.zone = true;
  for (size_t cls = 0; cls < view.ClassCount(); ++cls) {
    const movement::Occupant* occupant = view.OccupantOf(static_cast<uint16_t>(cls));
    contents.occupants.push_back(occupant != nullptr ? *occupant : none);
  }
  return contents;
}

// The contents of a view of `scenario` for mover `index`, made on a thread of its own.
ViewContents FreshContents(const model::Scenario& scenario, const ruleset::Ruleset& rules, size_t index) {
  return testing::OnFreshThread([&] {
    movement::GridView view(scenario, rules, scenario.creatures[index]);
    return ContentsOf(view);
  });
}

TEST(GridViewLoan, BorrowedViewsHoldTheClassesOfFreshOnes) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  const std::vector<std::string> kinds = {"open", "difficult", "wall"};
  std::mt19937 random(15);
  int width = 29, height = 19;
  std::vector<int> cells(static_cast<size_t>(width * height));
  for (int& cell : cells) cell = static_cast<int>(random() % kinds.size());
  auto world = testing_world::MakeWorld(*rules, testing_world::MakeMap(width, height, cells, kinds), "medium", 1);
  world->view.reset();
  model::Scenario& scenario = world->scenario;
  // Creatures of two sides and two sizes, two of them sharing a square.
  for (int k = 0; k < 6; ++k) {
    model::Creature other;
    other.id = "other" + std::to_string(k);
    other.race = "human";
    other.side = k % 2 == 0 ? "friends" : "foes";
    other.size = k % 3 == 0 ? "small" : "medium";
    other.at = k == 5 ? model::Square{3, 4} : model::Square{3 + 4 * k, 4 + 2 * k};
    scenario.creatures.push_back(other);
  }
  for (int round = 0; round < 3; ++round) {
    // One after another: from the third on, each borrows.
    for (size_t mover = 0; mover < scenario.creatures.size(); ++mover) {
      movement::GridView view(scenario, *rules, scenario.creatures[mover]);
      ASSERT_EQ(ContentsOf(view), FreshContents(scenario, *rules, mover)) << "round " << round << ", mover " << mover;
    }
    // Nested: the inner view cannot borrow what the outer one holds.
    {
      movement::GridView outer(scenario, *rules, scenario.creatures[1]);
      {
        movement::GridView inner(scenario, *rules, scenario.creatures[2]);
        ASSERT_EQ(ContentsOf(inner), FreshContents(scenario, *rules, 2)) << "round " << round;
      }
      ASSERT_EQ(ContentsOf(outer), FreshContents(scenario, *rules, 1)) << "round " << round;
    }
    movement::GridView after(scenario, *rules, scenario.creatures[3]);
    ASSERT_EQ(ContentsOf(after), FreshContents(scenario, *rules, 3)) << "round " << round;
    // The map changes under the kept classes, and a creature moves.
    scenario.map->cells[static_cast<size_t>(round * 7 + 1)] = static_cast<uint16_t>((round + 1) % 3);
    scenario.creatures[4].at.x += 1;
  }
}

}  // namespace
}  // namespace rulecraft
