// The one JSON document of `--format json` (docs/scenarios.md, "Diagnostics").
#include "cli/json_document.h"

#include <sstream>

#include <gtest/gtest.h>

namespace rulecraft::cli {
namespace {

nlohmann::json Written(nlohmann::json document, const Diagnostics& diagnostics) {
  SourceSet sources;
  sources.Add("s.yaml", "rows:\n  - \"....\"\n");
  std::ostringstream out;
  WriteJsonDocument(out, std::move(document), diagnostics, sources);
  return nlohmann::json::parse(out.str());
}

TEST(JsonDocument, KeepsTheAnswerAndAddsSchemaVersionAndDiagnostics) {
  Diagnostics diagnostics;
  diagnostics.Error("ragged-map", {"s.yaml", 10, 16}, "expected a row as wide as the map");

  nlohmann::json document = Written({{"scenario", "s.yaml"}, {"results", nlohmann::json::array()}}, diagnostics);

  EXPECT_EQ(document["scenario"], "s.yaml");
  EXPECT_EQ(document["results"], nlohmann::json::array());
  EXPECT_EQ(document["schema_version"], kSchemaVersion);
  ASSERT_EQ(document["diagnostics"].size(), 1u);
  EXPECT_EQ(document["diagnostics"][0]["code"], "ragged-map");
  EXPECT_EQ(document["diagnostics"][0]["line"], 2);
  EXPECT_EQ(document["diagnostics"][0]["col"], 5);
  EXPECT_FALSE(document.contains("diagnostics_not_shown"));
}

TEST(JsonDocument, CountsTheDiagnosticsPastTheLimit) {
  Diagnostics diagnostics;
  for (int i = 0; i < 203; ++i) diagnostics.Error("e", {}, "error");

  nlohmann::json document = Written(nlohmann::json::object(), diagnostics);

  EXPECT_EQ(document["diagnostics"].size(), 200u);
  EXPECT_EQ(document["diagnostics_not_shown"], 3);
}

}  // namespace
}  // namespace rulecraft::cli
