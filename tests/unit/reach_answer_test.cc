// The typed reach answer (rulecraft.h, OpenScenario::Reach) against the JSON answer of the same
// query, on every scenario of the repository that asks a reach; and the step rules' memos an
// open scenario keeps across queries (movement::StepMemos), against fresh ones after each kind
// of change.
#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rulecraft/rulecraft.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;

// The scenario files of the repository: the rulesets' tests, the goldens, the examples.
std::vector<std::string> ScenarioFiles() {
  std::vector<std::string> files;
  fs::path root = RULECRAFT_SOURCE_DIR;
  for (const fs::path& folder : {root / "tests" / "golden", root / "examples"}) {
    for (const auto& entry : fs::directory_iterator(folder)) {
      if (entry.path().extension() == ".yaml") files.push_back(entry.path().string());
    }
  }
  for (const auto& ruleset : fs::directory_iterator(root / "rulesets")) {
    if (!fs::is_directory(ruleset.path() / "tests")) continue;
    for (const auto& entry : fs::directory_iterator(ruleset.path() / "tests")) {
      if (entry.path().extension() == ".yaml") files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Checks the typed answer says what the JSON answer says; adds the squares compared.
void ExpectSame(const ReachAnswer& typed, const nlohmann::json& json, const std::string& where, size_t& squares) {
  SCOPED_TRACE(where);
  EXPECT_EQ(typed.creature, json["creature"].get<std::string>());
  EXPECT_EQ(typed.mode, json["mode"].get<std::string>());
  EXPECT_EQ(typed.speed_ft, json["speed_ft"].get<double>());
  EXPECT_EQ(typed.budget_ft, json["budget_ft"].get<double>());
  EXPECT_EQ(typed.budget_squares, json["budget_squares"].get<double>());
  EXPECT_EQ(typed.immobile, json.value("immobile", std::string()));
  EXPECT_EQ(typed.reachable_count, json["reachable_count"].get<size_t>());
  EXPECT_EQ(typed.may_end_count, json["may_end_count"].get<size_t>());
  const nlohmann::json& grid = json["grid"];
  EXPECT_EQ(typed.origin_x, grid["origin"][0].get<int>());
  EXPECT_EQ(typed.origin_y, grid["origin"][1].get<int>());
  ASSERT_EQ(typed.width, grid["width"].get<int>());
  ASSERT_EQ(typed.height, grid["height"].get<int>());
  ASSERT_EQ(typed.squares.size(), typed.reachable_count);
  // Every square of the grid: reached or not, its cost and whether the move may end there.
  for (int j = 0; j < typed.height; ++j) {
    for (int i = 0; i < typed.width; ++i) {
      const nlohmann::json& cost = grid["cost"][static_cast<size_t>(j)][static_cast<size_t>(i)];
      char may_end = grid["may_end"][static_cast<size_t>(j)].get<std::string>()[static_cast<size_t>(i)];
      const ReachedSquare* square = typed.Find(typed.origin_x + i, typed.origin_y + j);
      if (cost.is_null()) {
        EXPECT_EQ(square, nullptr);
        EXPECT_EQ(may_end, '.');
        continue;
      }
      ASSERT_NE(square, nullptr) << i << ", " << j;
      EXPECT_EQ(square->cost, cost.get<double>());
      EXPECT_EQ(may_end, square->may_end ? '1' : '0');
    }
  }
  if (!json.contains("squares")) return;
  const nlohmann::json& listed = json["squares"];
  ASSERT_EQ(listed.size(), typed.squares.size());
  for (size_t k = 0; k < listed.size(); ++k) {
    const ReachedSquare& square = typed.squares[k];
    EXPECT_EQ(listed[k]["at"], nlohmann::json::array({square.x, square.y}));
    EXPECT_EQ(listed[k]["cost"].get<double>(), square.cost);
    EXPECT_EQ(listed[k]["cost_ft"].get<double>(), square.cost_ft);
    EXPECT_EQ(listed[k]["may_end"].get<bool>(), square.may_end);
    size_t squeezed = static_cast<size_t>(square.squeezed_width * square.squeezed_height);
    EXPECT_EQ(listed[k].contains("squeezed") ? listed[k]["squeezed"].size() : 0, squeezed);
    if (squeezed > 0) {
      EXPECT_EQ(listed[k]["squeezed"][0], nlohmann::json::array({square.x, square.y}));
    }
  }
  squares += listed.size();
}

TEST(ReachAnswer, TheTypedAnswerIsTheJsonAnswerOnEveryRepositoryScenario) {
  size_t queries = 0, failures = 0, squares = 0, squeezed = 0;
  for (const std::string& file : ScenarioFiles()) {
    Session session;
    Diagnostics diagnostics;
    auto scenario = session.Open(file, diagnostics);
    if (!scenario) continue;  // the goldens' broken scenarios
    nlohmann::json all = scenario->Run();
    for (const nlohmann::json& answer : all["results"]) {
      if (answer["kind"] != "reach") continue;
      std::string id = answer["id"].get<std::string>();
      Diagnostics asked;
      std::optional<ReachAnswer> typed = scenario->Reach(id, asked);
      bool answered = answer["status"] == "ok" && answer.contains("reachable_count");
      ASSERT_EQ(typed.has_value(), answered) << file << ": " << id << "\n" << Render(asked, session.sources());
      if (!typed) {
        EXPECT_EQ(asked.ErrorCount(), 1u) << file << ": " << id;
        ++failures;
        continue;
      }
      EXPECT_FALSE(asked.HasErrors());
      ExpectSame(*typed, answer, file + ": " + id, squares);
      for (const ReachedSquare& square : typed->squares) squeezed += square.squeezed_width > 0 ? 1 : 0;
      ++queries;
    }
  }
  EXPECT_GE(queries, 30u);
  EXPECT_GE(failures, 1u);
  EXPECT_GE(squares, 300u);
  EXPECT_GE(squeezed, 1u);
}

constexpr const char* kField = R"yaml(
ruleset: dnd35
map:
  legend: { ".": open, "~": difficult, "#": wall }
  rows:
    - "............"
    - "..~~~...#..."
    - "..~~~...#..."
    - "........#..."
    - "............"
    - "......~~...."
creatures:
  - { id: fighter, side: party, race: human, at: [1, 1] }
  - { id: cleric, side: party, race: human, at: [10, 4] }
  - { id: goblin, side: monsters, race: human, at: [10, 0] }
  - { id: twin, side: party, race: human, at: [11, 5] }
queries:
  - { id: fighter_reach, reach: { creature: fighter } }
  - { id: fighter_run, reach: { creature: fighter, mode: double } }
  - { id: twin_reach, reach: { creature: twin } }
  - { id: goblin_reach, reach: { creature: goblin } }
)yaml";

// One change of an open scenario, applied alike to the kept one and to fresh ones.
using Change = std::function<bool(OpenScenario&, Diagnostics&)>;

TEST(ReachAnswer, KeptStepMemosAnswerAsFreshOnesAfterEveryChange) {
  std::vector<Change> changes = {
      [](OpenScenario& s, Diagnostics& d) { return s.MoveCreature("goblin", 2, 0, d); },   // a hostile beside the fighter
      [](OpenScenario& s, Diagnostics& d) { return s.MoveCreature("cleric", 1, 2, d); },   // an ally beside it
      [](OpenScenario& s, Diagnostics& d) { return s.SetConditions("fighter", {"tumbling_fast"}, d); },  // passes enemies
      [](OpenScenario& s, Diagnostics& d) { return s.SetConditions("fighter", {}, d); },
      [](OpenScenario& s, Diagnostics& d) { return s.SetConditions("goblin", {"helpless"}, d); },
      [](OpenScenario& s, Diagnostics& d) { return s.PaintSquare(0, 1, "difficult", d); },
      [](OpenScenario& s, Diagnostics& d) { return s.PaintSquare(1, 0, "wall", d); },
      [](OpenScenario& s, Diagnostics& d) { return s.MoveCreature("fighter", 5, 3, d); },
      [](OpenScenario& s, Diagnostics& d) { return s.MoveCreature("twin", 5, 0, d); },
  };
  const std::vector<std::string> queries = {"fighter_reach", "fighter_run", "twin_reach", "goblin_reach"};
  Session session;
  Diagnostics diagnostics;
  auto kept = session.Open(ScenarioText{"field.yaml", kField, RULECRAFT_SOURCE_DIR}, diagnostics);
  ASSERT_NE(kept, nullptr) << Render(diagnostics, session.sources());
  size_t differed = 0;
  nlohmann::json before;
  for (size_t applied = 0; applied <= changes.size(); ++applied) {
    if (applied > 0) {
      ASSERT_TRUE(changes[applied - 1](*kept, diagnostics)) << Render(diagnostics, session.sources());
    }
    nlohmann::json now = nlohmann::json::array();
    for (const std::string& id : queries) {
      // A fresh scenario with the same changes, asked this query first: nothing kept.
      Session fresh_session;
      Diagnostics fresh_diagnostics;
      auto fresh = fresh_session.Open(ScenarioText{"field.yaml", kField, RULECRAFT_SOURCE_DIR}, fresh_diagnostics);
      ASSERT_NE(fresh, nullptr);
      for (size_t k = 0; k < applied; ++k) ASSERT_TRUE(changes[k](*fresh, fresh_diagnostics));
      nlohmann::json expected = fresh->Answer(id, fresh_diagnostics).value();
      nlohmann::json answer = kept->Answer(id, diagnostics).value();
      EXPECT_EQ(answer, expected) << "after " << applied << " changes, " << id;
      EXPECT_EQ(answer["status"], "ok") << answer.dump();
      std::optional<ReachAnswer> typed = kept->Reach(id, diagnostics);
      ASSERT_TRUE(typed.has_value());
      EXPECT_EQ(typed->reachable_count, expected["reachable_count"].get<size_t>());
      EXPECT_EQ(typed->may_end_count, expected["may_end_count"].get<size_t>());
      now.push_back(std::move(answer));
    }
    if (applied > 0 && now != before) ++differed;
    if (applied > 0 && now == before) ADD_FAILURE() << "change " << applied << " changed no answer";
    before = std::move(now);
  }
  // Every change but none changed some answer: the memos had something to go stale.
  EXPECT_EQ(differed, changes.size());
  EXPECT_FALSE(diagnostics.HasErrors()) << Render(diagnostics, session.sources());
}

TEST(ReachAnswer, ReachRefusesQueriesThatAreNotReaches) {
  Session session;
  Diagnostics diagnostics;
  std::string text = std::string(kField) + "  - { id: to_corner, path: { creature: fighter, to: [11, 0] } }\n";
  auto field = session.Open(ScenarioText{"field.yaml", text, RULECRAFT_SOURCE_DIR}, diagnostics);
  ASSERT_NE(field, nullptr) << Render(diagnostics, session.sources());
  Diagnostics refused;
  EXPECT_FALSE(field->Reach("to_corner", refused).has_value());
  EXPECT_FALSE(field->Reach("fighter_reech", refused).has_value());
  ASSERT_EQ(refused.ErrorCount(), 2u);
  EXPECT_EQ(refused.items()[0].code, "not-a-reach");
  EXPECT_EQ(refused.items()[0].message, "query 'to_corner' is a path query, not a reach");
  EXPECT_EQ(refused.items()[1].notes.at(0).message, "did you mean 'fighter_reach'?");
  std::optional<ReachAnswer> reach = field->Reach("fighter_reach", diagnostics);
  ASSERT_TRUE(reach.has_value());
  const ReachedSquare* start = reach->Find(1, 1);
  ASSERT_NE(start, nullptr);
  EXPECT_EQ(start->cost, 0);
  EXPECT_TRUE(start->may_end);
  EXPECT_EQ(reach->Find(8, 1), nullptr);  // a wall
}

}  // namespace
}  // namespace rulecraft
