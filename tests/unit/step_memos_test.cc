// The step rules' memos kept across queries (movement::StepMemos): a StepRules takes the memo an
// earlier one left only when everything its answers depend on is the same, and a taken memo
// answers every step as a fresh one does.
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "movement/grid_view.h"
#include "movement/step_rules.h"
#include "query/records.h"
#include "ruleset/ruleset.h"

namespace rulecraft {
namespace {

// A scenario on a small map of every kind: a human mover at (0, 0) and one other creature.
model::Scenario Field(const std::string& other_side, model::Square other_at, const std::string& painted = "open") {
  model::Scenario scenario;
  model::GridMap map;
  map.width = 6, map.height = 4;
  map.terrain_kinds = {"open", "difficult", "wall", painted};
  for (int i = 0; i < map.width * map.height; ++i) map.cells.push_back(static_cast<uint16_t>(i % 7 == 3 ? 1 : i % 11 == 5 ? 2 : 0));
  map.cells[static_cast<size_t>(2 * map.width + 1)] = 3;
  scenario.map = std::move(map);
  model::Creature mover;
  mover.id = "mover", mover.side = "party", mover.race = "human", mover.size = "medium";
  model::Creature other = mover;
  other.id = "other", other.side = other_side, other.at = other_at;
  scenario.creatures = {mover, other};
  return scenario;
}

// Every step between classes of the view, and whether the mover may end on each class.
std::vector<float> AllAnswers(movement::StepRules& rules, const movement::GridView& view) {
  std::vector<float> answers;
  auto classes = static_cast<uint16_t>(view.ClassCount());
  for (uint16_t to = 0; to < classes; ++to) {
    answers.push_back(rules.Cost(to, to, to, 0));
    answers.push_back(rules.MayEnd(to) ? 1 : 0);
    for (uint16_t a = 0; a < classes; ++a) {
      for (uint16_t b = 0; b < classes; ++b) {
        for (int number = 1; number <= rules.cycle(); ++number) answers.push_back(rules.Cost(to, a, b, number));
      }
    }
  }
  return answers;
}

class StepMemosTest : public ::testing::Test {
 protected:
  void SetUp() override {
    rules_ = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources_, diagnostics_);
    ASSERT_TRUE(rules_) << Render(diagnostics_, sources_);
    mode_ = rules_->Table("movement_modes").IndexOf("move");
  }

  // Asks every step of the scenario's mover, through `memos` (or none): its answers, and
  // whether the StepRules took a kept memo.
  std::vector<float> Ask(const model::Scenario& scenario, movement::StepMemos* memos, bool* took = nullptr) {
    query::CreatureRecord record;
    query::BuildCreatureRecord(scenario.creatures[0], *rules_, record);
    movement::GridView view(scenario, *rules_, scenario.creatures[0]);
    size_t kept = memos != nullptr ? memos->size() : 0;
    movement::StepRules rules(*rules_, view, record.slots.data(), mode_, nullptr, memos,
                              memos != nullptr ? query::RecordKey(record) : std::vector<uint64_t>{});
    if (took != nullptr) *took = memos != nullptr && memos->size() < kept;
    EXPECT_TRUE(rules.ok()) << rules.error();
    return AllAnswers(rules, view);
  }

  SourceSet sources_;
  Diagnostics diagnostics_;
  std::optional<ruleset::Ruleset> rules_;
  int mode_ = 0;
};

TEST_F(StepMemosTest, AMemoIsTakenUnderItsKeyAndAnswersAsAFreshOne) {
  movement::StepMemos memos;
  model::Scenario field = Field("monsters", {3, 2});
  std::vector<float> fresh = Ask(field, nullptr);
  bool took = true;
  EXPECT_EQ(Ask(field, &memos, &took), fresh);
  EXPECT_FALSE(took);
  EXPECT_EQ(memos.size(), 1u);
  EXPECT_EQ(Ask(field, &memos, &took), fresh);  // every answer read from the kept memo
  EXPECT_TRUE(took);
  EXPECT_EQ(memos.size(), 1u);
  // The other creature elsewhere: the same classes, so the same memo.
  EXPECT_EQ(Ask(Field("monsters", {4, 0}), &memos, &took), fresh);
  EXPECT_TRUE(took);
}

TEST_F(StepMemosTest, AChangedMoverOccupantOrTerrainTakesNoKeptMemo) {
  movement::StepMemos memos;
  model::Scenario field = Field("monsters", {3, 2});
  Ask(field, &memos);
  std::vector<float> before = Ask(field, nullptr);
  model::Scenario ally = Field("party", {3, 2});               // the occupant a friend
  model::Scenario pit = Field("monsters", {3, 2}, "pit");       // a square of another terrain
  model::Scenario tumbling = field;                                // the mover's record changed
  tumbling.creatures[0].conditions = {"tumbling_fast"};  // it passes enemies
  size_t differed = 0;
  for (const model::Scenario* changed : {&ally, &pit, &tumbling}) {
    bool took = true;
    std::vector<float> fresh = Ask(*changed, nullptr);
    EXPECT_EQ(Ask(*changed, &memos, &took), fresh);
    EXPECT_FALSE(took);
    differed += fresh != before ? 1 : 0;
    if (fresh == before) ADD_FAILURE() << "a change changed nothing";
  }
  EXPECT_EQ(differed, 3u);  // each change changes some answer: a stale memo would show
  EXPECT_EQ(memos.size(), 4u);
}

}  // namespace
}  // namespace rulecraft
