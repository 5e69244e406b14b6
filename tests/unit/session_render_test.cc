// Session::RenderScenario on a scenario given as text (what POST /v1/render calls): the same
// picture as from the file, and the same refusals, named by the text's name.
#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "rulecraft/rulecraft.h"

namespace rulecraft {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The picture without its <title>, which names the scenario's file.
std::string Untitled(const std::string& svg) { return std::regex_replace(svg, std::regex("<title>[^<]*</title>"), ""); }

constexpr const char* kYard = R"yaml(
ruleset: dnd35
map:
  legend: { ".": open, "#": wall }
  rows: ["....", ".#..", "...."]
creatures:
  - { id: kyra, side: party, at: [0, 0] }
queries:
  - { id: walk, path: { creature: kyra, to: [3, 1] } }
  - { id: tall, size: { category: large } }
)yaml";

TEST(RenderScenarioText, DrawsAsTheFileDoes) {
  std::string folder = std::string(RULECRAFT_SOURCE_DIR) + "/examples";
  std::string path = folder + "/quickstart.yaml";
  Session session;
  for (const char* query : {"", "to_the_ogre"}) {
    Diagnostics from_file, from_text;
    auto expected = session.RenderScenario(path, query, from_file);
    auto drawn = session.RenderScenario(ScenarioText{"text.yaml", ReadFile(path), folder}, query, from_text);
    ASSERT_TRUE(expected.has_value()) << Render(from_file, session.sources());
    ASSERT_TRUE(drawn.has_value()) << Render(from_text, session.sources());
    EXPECT_EQ(Untitled(*drawn), Untitled(*expected)) << query;
    EXPECT_NE(drawn->find("<title>rulecraft: text.yaml"), std::string::npos);
  }
}

TEST(RenderScenarioText, RefusesWhatCannotBeDrawnByName) {
  Session session;
  struct Case {
    std::string text;
    std::string query;
    std::string code;
  };
  for (const Case& refused : {Case{kYard, "walks", "unknown-query"}, Case{kYard, "tall", "nothing-to-draw"},
                              Case{"ruleset: dnd35\nqueries: []\n", "", "no-map"},
                              Case{"ruleset: dnd35\nmap: { rows: ['x'] }\nqueries: []\n", "", "missing-key"}}) {
    Diagnostics diagnostics;
    EXPECT_FALSE(session.RenderScenario(ScenarioText{"yard.yaml", refused.text, ""}, refused.query, diagnostics));
    ASSERT_TRUE(diagnostics.HasErrors()) << refused.code;
    EXPECT_EQ(diagnostics.items()[0].code, refused.code) << Render(diagnostics, session.sources());
  }
  Diagnostics diagnostics;
  session.RenderScenario(ScenarioText{"yard.yaml", kYard, ""}, "walks", diagnostics);
  EXPECT_NE(Render(diagnostics, session.sources()).find("'yard.yaml' has no query 'walks'"), std::string::npos);
}

TEST(RulesetSummaries, GiveTerrainRowsWithColoursAndSizeAndConditionNames) {
  Session session;
  Diagnostics diagnostics;
  for (const RulesetSummary& summary : session.Rulesets(diagnostics)) {
    ASSERT_FALSE(summary.terrain.empty()) << summary.name;
    for (const TerrainKind& kind : summary.terrain) {
      EXPECT_TRUE(std::regex_match(kind.colour, std::regex("#[0-9a-fA-F]{6}"))) << summary.name << " " << kind.name;
    }
    EXPECT_NE(std::find(summary.sizes.begin(), summary.sizes.end(), "medium"), summary.sizes.end()) << summary.name;
    if (summary.name == "dnd35") {
      EXPECT_EQ(summary.terrain[0].name, "open");
      EXPECT_EQ(summary.terrain[0].colour, "#f2efe6");
      EXPECT_FALSE(summary.conditions.empty());
    }
  }
  EXPECT_FALSE(diagnostics.HasErrors()) << Render(diagnostics, session.sources());
}

}  // namespace
}  // namespace rulecraft
