// Sight between creatures (query/sight.h MaySee) on dnd5e's rules: walls, darkness, opaque fog,
// darkvision and blindness by the rule square_concealment and the concealment table, checked on
// small maps with known answers, and against the `attack` query's own line_of_sight
// (query/cover_answer.h MeasureCover) on many random maps, so a frightened creature sees its
// source exactly when an attack would see its target.
#include "query/sight.h"

#include <array>
#include <random>

#include <gtest/gtest.h>

#include "query/attack_record.h"
#include "query/cover_answer.h"
#include "query/records.h"
#include "ruleset/ruleset.h"

namespace rulecraft::query {
namespace {

const std::vector<std::string> kKinds = {"open", "wall", "darkness", "fog", "opaque_fog"};

class Sight : public ::testing::Test {
 protected:
  void SetUp() override {
    Diagnostics diagnostics;
    rules_ = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd5e", sources_, diagnostics);
    ASSERT_TRUE(rules_) << Render(diagnostics, sources_);
  }

  // A map from rows of characters: '.' open, '#' wall, 'D' darkness, 'f' fog, 'F' opaque fog.
  static model::GridMap MapOf(const std::vector<std::string>& rows) {
    model::GridMap map;
    map.width = static_cast<int32_t>(rows[0].size());
    map.height = static_cast<int32_t>(rows.size());
    map.terrain_kinds = kKinds;
    const std::string legend = ".#DfF";
    for (const std::string& row : rows) {
      for (char cell : row) map.cells.push_back(static_cast<uint16_t>(legend.find(cell)));
    }
    return map;
  }

  static model::Creature At(const std::string& id, int32_t x, int32_t y, std::vector<std::string> traits = {},
                            std::vector<std::string> conditions = {}) {
    model::Creature creature;
    creature.id = id;
    creature.at = {x, y};
    creature.traits = std::move(traits);
    creature.conditions = std::move(conditions);
    return creature;
  }

  bool Sees(const model::Scenario& scenario, const model::Creature& viewer, const model::Creature& seen) {
    AnswerContext context{scenario, *rules_, sources_};
    SightAnswer answer = MaySee(context, viewer, seen);
    EXPECT_EQ(answer.error, "");
    return answer.sees;
  }

  // The `attack` query's line_of_sight for a ranged attack by `viewer` on `seen`.
  bool AttackSees(const model::Scenario& scenario, const model::Creature& viewer, const model::Creature& seen) {
    AnswerContext context{scenario, *rules_, sources_};
    CreatureRecord viewer_record, seen_record;
    BuildCreatureRecord(viewer, *rules_, viewer_record);
    BuildCreatureRecord(seen, *rules_, seen_record);
    std::array<eval::Slot, kAttackRecordSlots> attack{};
    attack[kAttackRangedSlot].number = 1;
    attack[kAttackAttackerSlot].record = viewer_record.slots.data();
    attack[kAttackDefenderSlot].record = seen_record.slots.data();
    nlohmann::json result = nlohmann::json::object();
    CoverOutcome outcome = MeasureCover(context, viewer, seen, attack.data(), result);
    EXPECT_EQ(outcome.error, "");
    return result.value("line_of_sight", true);
  }

  SourceSet sources_;
  std::optional<ruleset::Ruleset> rules_;
};

TEST_F(Sight, WallsDarknessDarkvisionAndBlindness) {
  model::Scenario scenario;
  scenario.map = MapOf({
      "......",  // y0: open ground
      "....DD",  // y1: darkness at x 4-5
      "......",  // y2
      "....FF",  // y3: opaque fog at x 4-5
  });
  EXPECT_TRUE(Sees(scenario, At("a", 0, 0), At("b", 5, 0)));
  EXPECT_FALSE(Sees(scenario, At("a", 0, 1), At("b", 5, 1)));                 // in darkness
  EXPECT_TRUE(Sees(scenario, At("a", 0, 1, {"darkvision"}), At("b", 5, 1)));  // "as if … dim light"
  EXPECT_FALSE(Sees(scenario, At("a", 0, 3, {"darkvision"}), At("b", 5, 3))); // opaque fog
  EXPECT_FALSE(Sees(scenario, At("a", 0, 0, {}, {"blinded"}), At("b", 5, 0)));  // "can't see"
  // Out of the darkness, a creature in the light is seen.
  EXPECT_TRUE(Sees(scenario, At("a", 5, 1), At("b", 1, 0)));
}

TEST_F(Sight, AWallAcrossTheMapHides) {
  model::Scenario scenario;
  scenario.map = MapOf({".#.", ".#.", ".#."});
  EXPECT_FALSE(Sees(scenario, At("a", 0, 1), At("b", 2, 1)));
  scenario.map = MapOf({".#.", "...", ".#."});  // a gap in it
  EXPECT_TRUE(Sees(scenario, At("a", 0, 1), At("b", 2, 1)));
}

TEST_F(Sight, WithoutAMapEveryoneIsSeen) {
  model::Scenario scenario;
  EXPECT_TRUE(Sees(scenario, At("a", 0, 0, {}, {"blinded"}), At("b", 9, 9)));
}

TEST_F(Sight, AgreesWithTheAttackQueryOnRandomMaps) {
  std::mt19937 random(2111);
  int seen_count = 0, hidden_count = 0;
  for (int round = 0; round < 150; ++round) {
    int32_t width = 3 + static_cast<int32_t>(random() % 6), height = 3 + static_cast<int32_t>(random() % 6);
    model::Scenario scenario;
    model::GridMap map;
    map.width = width;
    map.height = height;
    map.terrain_kinds = kKinds;
    for (int32_t i = 0; i < width * height; ++i) {
      unsigned roll = static_cast<unsigned>(random() % 100);
      map.cells.push_back(static_cast<uint16_t>(roll < 60 ? 0 : roll < 72 ? 1 : roll < 84 ? 2 : roll < 92 ? 3 : 4));
    }
    scenario.map = map;
    auto place = [&](const std::string& id) {
      std::vector<std::string> traits, conditions;
      if (random() % 3 == 0) traits.push_back("darkvision");
      if (random() % 8 == 0) conditions.push_back("blinded");
      return At(id, static_cast<int32_t>(random() % static_cast<unsigned>(width)),
                static_cast<int32_t>(random() % static_cast<unsigned>(height)), traits, conditions);
    };
    model::Creature viewer = place("viewer"), seen = place("seen");
    if (viewer.at.x == seen.at.x && viewer.at.y == seen.at.y) continue;
    bool sees = Sees(scenario, viewer, seen);
    ASSERT_EQ(sees, AttackSees(scenario, viewer, seen)) << "round " << round;
    (sees ? seen_count : hidden_count)++;
  }
  // The maps are mixed enough for both answers to occur often.
  EXPECT_GT(seen_count, 20);
  EXPECT_GT(hidden_count, 20);
}

}  // namespace
}  // namespace rulecraft::query
