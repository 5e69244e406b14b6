// A grid view gives each square the class of its terrain row and occupant (movement/grid_view.cc).
// A map whose kinds are its terrain rows in order has its classes filled by multiplication, any
// other map by a lookup per kind: either way, every square's class names the terrain row of the
// square's kind, and an empty square's class has no occupant, with and without creatures about.
#include <random>

#include <gtest/gtest.h>

#include "search_test_world.h"

namespace rulecraft {
namespace {

TEST(GridViewClasses, EverySquaresClassNamesItsTerrainRow) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  const tables::Table& terrain = rules->Table("terrain");
  // In the rows' order (a class is kind × classes per terrain); out of order, with two kinds of
  // one row (a lookup per kind).
  const std::vector<std::vector<std::string>> kind_lists = {{"open", "difficult", "wall"},
                                                            {"wall", "open", "difficult", "open"}};
  std::mt19937 random(77);
  for (const auto& kinds : kind_lists) {
    for (int creatures = 0; creatures <= 3; creatures += 3) {
      int width = 37, height = 23;  // rows longer than a vector, not a multiple of one
      std::vector<int> cells(static_cast<size_t>(width * height));
      for (int& cell : cells) cell = static_cast<int>(random() % kinds.size());
      auto world = testing_world::MakeWorld(*rules, testing_world::MakeMap(width, height, cells, kinds), "medium", 1);
      for (int k = 0; k < creatures; ++k) {
        model::Creature other;
        other.id = "other" + std::to_string(k);
        other.race = "human";
        other.side = k % 2 == 0 ? "friends" : "foes";
        other.at = {5 + 7 * k, 3 + 5 * k};
        world->scenario.creatures.push_back(other);
      }
      movement::GridView view(world->scenario, *rules, world->scenario.creatures[0]);
      for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
          uint16_t cls = view.ClassAt(x, y);
          const std::string& kind = kinds[static_cast<size_t>(cells[static_cast<size_t>(y * width + x)])];
          ASSERT_EQ(view.TerrainOf(cls), static_cast<size_t>(terrain.IndexOf(kind)))
              << kind << " at " << x << "," << y << ", " << creatures << " creatures";
          bool stood_on = false;
          for (int k = 0; k < creatures; ++k) stood_on = stood_on || (x == 5 + 7 * k && y == 3 + 5 * k);
          ASSERT_EQ(view.OccupantOf(cls) != nullptr, stood_on) << x << "," << y;
        }
      }
      // The padding around the map is Outside().
      ASSERT_EQ(view.PaddedNarrow()[0], view.Outside());
      ASSERT_EQ(view.PaddedNarrow()[static_cast<size_t>(view.Stride() * (height + 2) - 1)], view.Outside());
    }
  }
}

}  // namespace
}  // namespace rulecraft
