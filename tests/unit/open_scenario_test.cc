// The library API (docs/api.md, "Library API"): scenarios given as text, and open scenarios that
// change and answer again, each change checked as loading checks the scenario.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rulecraft/rulecraft.h"

namespace rulecraft {
namespace {

// A large creature beside a passage one square wide: it squeezes to stand in it.
constexpr const char* kHall = R"yaml(
ruleset: dnd35
map:
  legend: { ".": open, "#": wall }
  rows:
    - "#######"
    - "#.....#"
    - "#.....#"
    - "###.###"
    - "###.###"
    - "#######"
creatures:
  - { id: fighter, side: party, at: [1, 1] }
  - { id: ogre, side: monsters, size: large, at: [4, 1] }
queries:
  - { id: fighter_move, reach: { creature: fighter } }
)yaml";

class OpenScenarioTest : public ::testing::Test {
 protected:
  void SetUp() override {
    hall_ = session_.Open(ScenarioText{"hall.yaml", kHall, RULECRAFT_SOURCE_DIR}, diagnostics_);
    ASSERT_NE(hall_, nullptr) << Render(diagnostics_, session_.sources());
  }

  int Reachable() { return hall_->Answer("fighter_move", diagnostics_).value()["reachable_count"].get<int>(); }
  nlohmann::json Grid() { return hall_->Answer("fighter_move", diagnostics_).value()["grid"]; }

  Session session_;
  Diagnostics diagnostics_;
  std::unique_ptr<OpenScenario> hall_;
};

TEST_F(OpenScenarioTest, RunAnswersAsRunScenarioDoes) {
  Session other;
  Diagnostics diagnostics;
  auto expected = other.RunScenario(ScenarioText{"hall.yaml", kHall, RULECRAFT_SOURCE_DIR}, diagnostics);
  ASSERT_TRUE(expected.has_value());
  EXPECT_EQ(hall_->Run(), *expected);
  EXPECT_EQ(hall_->RulesetName(), "dnd35");
}

TEST_F(OpenScenarioTest, AMovedCreatureAnswersFromItsNewSquare) {
  nlohmann::json before = Grid();
  ASSERT_TRUE(hall_->MoveCreature("fighter", 3, 4, diagnostics_));
  EXPECT_NE(Grid(), before);
  EXPECT_FALSE(diagnostics_.HasErrors());
}

TEST_F(OpenScenarioTest, RefusedMovesLeaveTheScenarioAsItWas) {
  nlohmann::json before = hall_->Run();
  Diagnostics refused;
  EXPECT_FALSE(hall_->MoveCreature("fighter", 0, 0, refused));    // a wall
  EXPECT_FALSE(hall_->MoveCreature("fighter", 4, 2, refused));    // the ogre's space
  EXPECT_FALSE(hall_->MoveCreature("fighter", 40, 2, refused));   // off the map
  EXPECT_FALSE(hall_->MoveCreature("fightr", 2, 2, refused));     // no such creature
  EXPECT_EQ(refused.ErrorCount(), 4u);
  EXPECT_EQ(refused.items()[3].notes.at(0).message, "did you mean 'fighter'?");
  EXPECT_EQ(hall_->Run(), before);
}

TEST_F(OpenScenarioTest, AMovedLargeCreatureSqueezesAsLoadingWould) {
  // The ogre's 2×2 space at [3, 3] covers walls; squeezed, it stands in the passage's band.
  ASSERT_TRUE(hall_->MoveCreature("ogre", 3, 3, diagnostics_)) << Render(diagnostics_, session_.sources());
  nlohmann::json answer = hall_->Ask("{ id: ogre_size, size: { category: large } }", diagnostics_).value();
  EXPECT_EQ(answer["status"], "ok");
  // Moved back, it is whole again: the fighter cannot pass through its space.
  ASSERT_TRUE(hall_->MoveCreature("ogre", 4, 1, diagnostics_));
}

TEST_F(OpenScenarioTest, AMoveKeepsWhereTheOthersSettledAsLoadingWould) {
  // A move settles only the moved creature again; the ogre, squeezed into the passage by its own
  // move, stays where loading the scenario with both creatures there would put it.
  ASSERT_TRUE(hall_->MoveCreature("ogre", 3, 3, diagnostics_)) << Render(diagnostics_, session_.sources());
  ASSERT_TRUE(hall_->MoveCreature("fighter", 2, 1, diagnostics_)) << Render(diagnostics_, session_.sources());
  std::string text = kHall;
  text.replace(text.find("at: [1, 1]"), 10, "at: [2, 1]");
  text.replace(text.find("at: [4, 1]"), 10, "at: [3, 3]");
  Session other;
  Diagnostics diagnostics;
  auto expected = other.RunScenario(ScenarioText{"hall.yaml", text, RULECRAFT_SOURCE_DIR}, diagnostics);
  ASSERT_TRUE(expected.has_value()) << Render(diagnostics, other.sources());
  EXPECT_EQ(hall_->Run(), *expected);
  EXPECT_GT((*expected)["results"][0]["reachable_count"].get<int>(), 0);
  EXPECT_FALSE(diagnostics_.HasErrors());
}

TEST_F(OpenScenarioTest, PaintingASquareChangesTheAnswerUnlessSomeoneStandsThere) {
  int before = Reachable();
  ASSERT_TRUE(hall_->PaintSquare(2, 1, "wall", diagnostics_));
  EXPECT_LT(Reachable(), before);
  Diagnostics refused;
  EXPECT_FALSE(hall_->PaintSquare(1, 1, "wall", refused));  // the fighter stands there
  EXPECT_FALSE(hall_->PaintSquare(1, 1, "wal", refused));   // not a terrain kind
  EXPECT_FALSE(hall_->PaintSquare(-1, 1, "open", refused)); // off the map
  EXPECT_EQ(refused.ErrorCount(), 3u);
  ASSERT_TRUE(hall_->PaintSquare(2, 1, "open", diagnostics_));
  EXPECT_EQ(Reachable(), before);
}

TEST_F(OpenScenarioTest, AHelplessCreatureMayShareASquare) {
  Diagnostics refused;
  EXPECT_FALSE(hall_->MoveCreature("ogre", 1, 1, refused));  // onto the fighter
  ASSERT_TRUE(hall_->SetConditions("fighter", {"helpless"}, diagnostics_));
  ASSERT_TRUE(hall_->MoveCreature("ogre", 1, 1, diagnostics_)) << Render(diagnostics_, session_.sources());
  EXPECT_FALSE(hall_->SetConditions("fighter", {}, refused));  // standing up under the ogre
  EXPECT_EQ(refused.ErrorCount(), 2u);
  EXPECT_FALSE(diagnostics_.HasErrors());
}

TEST_F(OpenScenarioTest, AskReportsAQueryWithErrorsWhereItIs) {
  Diagnostics errors;
  EXPECT_FALSE(hall_->Ask("{ id: q, reach: { creature: troll } }", errors).has_value());
  ASSERT_TRUE(errors.HasErrors());
  EXPECT_EQ(errors.items()[0].span.file, "hall.yaml (query)");
  EXPECT_FALSE(hall_->Answer("no_such_query", errors).has_value());
}

// What a sink was handed, in order: "loaded scenario ruleset", then each result's id.
class RecordedAnswers : public AnswerSink {
 public:
  void Loaded(const std::string& scenario, const std::string& ruleset) override {
    calls.push_back("loaded " + scenario + " " + ruleset);
  }
  void Result(nlohmann::json result) override {
    calls.push_back(result.value("id", ""));
    results.push_back(std::move(result));
  }
  std::vector<std::string> calls;
  nlohmann::json results = nlohmann::json::array();
};

TEST(ScenarioTextTest, ASinkIsHandedTheNamesThenEachResultAsTheDocumentHoldsThem) {
  std::string text = std::string(kHall) + "  - { id: ogre_move, reach: { creature: ogre } }\n";
  Session session;
  Diagnostics diagnostics;
  auto expected = session.RunScenario(ScenarioText{"hall.yaml", text, RULECRAFT_SOURCE_DIR}, diagnostics);
  ASSERT_TRUE(expected.has_value()) << Render(diagnostics, session.sources());
  RecordedAnswers recorded;
  ASSERT_TRUE(session.RunScenario(ScenarioText{"hall.yaml", text, RULECRAFT_SOURCE_DIR}, diagnostics, recorded));
  EXPECT_EQ(recorded.calls, (std::vector<std::string>{"loaded hall.yaml dnd35", "fighter_move", "ogre_move"}));
  EXPECT_EQ(recorded.results, (*expected)["results"]);

  RecordedAnswers nothing;
  std::string broken = std::string("ruleset: ") + RULECRAFT_SOURCE_DIR + "/tests/golden/broken_rules\nqueries: []\n";
  EXPECT_FALSE(session.RunScenario(ScenarioText{"s.yaml", broken, ""}, diagnostics, nothing));
  EXPECT_TRUE(nothing.calls.empty());
}

TEST(ScenarioTextTest, ARelativeRulesetPathStartsAtTheBaseFolder) {
  Session session;
  Diagnostics diagnostics;
  auto answer = session.RunScenario(
      ScenarioText{"mine.yaml", "ruleset: examples/homebrew\nqueries: []\n", RULECRAFT_SOURCE_DIR}, diagnostics);
  ASSERT_TRUE(answer.has_value()) << Render(diagnostics, session.sources());
  EXPECT_EQ((*answer)["scenario"], "mine.yaml");
}

TEST(ScenarioTextTest, AConfinedSessionRefusesPathsOutsideItsFolders) {
  Session session(SessionOptions{{std::string(RULECRAFT_SOURCE_DIR) + "/examples"}, true});
  for (const char* ruleset : {"../../etc", "/etc", "homebrew/../../..", "./../tests/fixtures/mini"}) {
    Diagnostics diagnostics;
    std::string text = std::string("ruleset: ") + ruleset + "\nqueries: []\n";
    EXPECT_FALSE(session.RunScenario(ScenarioText{"request.yaml", text, ""}, diagnostics).has_value()) << ruleset;
    ASSERT_TRUE(diagnostics.HasErrors());
    EXPECT_EQ(diagnostics.items()[0].code, "ruleset-path-refused") << ruleset;
  }
  Diagnostics diagnostics;
  EXPECT_TRUE(session.RunScenario(ScenarioText{"request.yaml", "ruleset: homebrew\nqueries: []\n", ""}, diagnostics));
  EXPECT_TRUE(session.RunScenario(ScenarioText{"request.yaml", "ruleset: ./homebrew\nqueries: []\n", ""}, diagnostics));
}

TEST(ScenarioTextTest, ABrokenRulesetIsReportedOnEveryCall) {
  Session session;
  for (int call = 0; call < 2; ++call) {
    Diagnostics diagnostics;
    std::string text = std::string("ruleset: ") + RULECRAFT_SOURCE_DIR + "/tests/golden/broken_rules\nqueries: []\n";
    EXPECT_FALSE(session.RunScenario(ScenarioText{"s.yaml", text, ""}, diagnostics).has_value());
    EXPECT_TRUE(diagnostics.HasErrors()) << "call " << call;
  }
}

}  // namespace
}  // namespace rulecraft
