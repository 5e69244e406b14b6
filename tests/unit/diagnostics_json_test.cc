// Diagnostics as JSON (`--format json`, docs/scenarios.md "Diagnostics"): every field a tool reads.
#include "cli/diagnostics_json.h"

#include <gtest/gtest.h>

namespace rulecraft::cli {
namespace {

TEST(DiagnosticsJson, GivesSeverityCodeOneBasedLineAndColumnMessageAndNotes) {
  SourceSet sources;
  sources.Add("maps/ragged.yaml", "map:\n  rows:\n    - \".....\"\n    - \"....\"\n");
  Diagnostics diagnostics;
  // The second row's opening quote: byte 33 is line 4, column 7.
  Diagnostic& error = diagnostics.Error("ragged-map", {"maps/ragged.yaml", 33, 39}, "expected a row as wide as the map");
  error.notes.push_back({{"maps/ragged.yaml", 19, 26}, "the first row is here"});
  error.notes.push_back({{}, "did you mean 'row'?"});

  nlohmann::json json = DiagnosticsToJson(diagnostics, sources);

  ASSERT_EQ(json.size(), 1u);
  const nlohmann::json& first = json[0];
  EXPECT_EQ(first["severity"], "error");
  EXPECT_EQ(first["code"], "ragged-map");
  EXPECT_EQ(first["file"], "maps/ragged.yaml");
  EXPECT_EQ(first["line"], 4);
  EXPECT_EQ(first["col"], 7);
  EXPECT_EQ(first["end"], (nlohmann::json{{"line", 4}, {"col", 13}}));
  EXPECT_EQ(first["message"], "expected a row as wide as the map");
  ASSERT_EQ(first["notes"].size(), 2u);
  EXPECT_EQ(first["notes"][0], (nlohmann::json{{"file", "maps/ragged.yaml"}, {"line", 3}, {"col", 7},
                                               {"message", "the first row is here"}}));
  EXPECT_EQ(first["notes"][1], (nlohmann::json{{"file", nullptr}, {"line", nullptr}, {"col", nullptr},
                                               {"message", "did you mean 'row'?"}}));
  EXPECT_EQ(first["rendered"], Render(diagnostics.items()[0], sources));
  EXPECT_NE(first["rendered"].get<std::string>().find("maps/ragged.yaml:4:7: error[ragged-map]"), std::string::npos);
}

TEST(DiagnosticsJson, ADiagnosticWithNoFileHasNullPlaceAndEmptyNotes) {
  SourceSet sources;
  Diagnostics diagnostics;
  diagnostics.Warning("unknown-option", {}, "unknown option '--explian'");

  nlohmann::json json = DiagnosticsToJson(diagnostics, sources);

  nlohmann::json expected = nlohmann::json::parse(R"([{"severity": "warning", "code": "unknown-option", "file": null,
      "line": null, "col": null, "end": null, "message": "unknown option '--explian'", "notes": []}])");
  expected[0]["rendered"] = Render(diagnostics.items()[0], sources);
  EXPECT_EQ(json, expected);
}

TEST(DiagnosticsJson, AFileNeverReadKeepsItsNameWithoutLineOrColumn) {
  SourceSet sources;
  Diagnostics diagnostics;
  diagnostics.Error("unreadable-file", {"missing.yaml", 0, 0}, "cannot read the file");

  nlohmann::json entry = DiagnosticsToJson(diagnostics, sources)[0];

  EXPECT_EQ(entry["file"], "missing.yaml");
  EXPECT_TRUE(entry["line"].is_null());
  EXPECT_TRUE(entry["col"].is_null());
  EXPECT_TRUE(entry["end"].is_null());
}

TEST(DiagnosticsJson, KeepsTheListsOrderAndIsAnEmptyArrayForNone) {
  SourceSet sources;
  sources.Add("a.yaml", "x: 1\ny: 2\n");
  Diagnostics diagnostics;
  EXPECT_EQ(DiagnosticsToJson(diagnostics, sources), nlohmann::json::array());
  diagnostics.Error("second", {"a.yaml", 5, 6}, "on line 2");
  diagnostics.Error("first", {"a.yaml", 0, 1}, "on line 1");

  nlohmann::json json = DiagnosticsToJson(diagnostics, sources);

  ASSERT_EQ(json.size(), 2u);
  EXPECT_EQ(json[0]["code"], "second");
  EXPECT_EQ(json[0]["line"], 2);
  EXPECT_EQ(json[1]["code"], "first");
  EXPECT_EQ(json[1]["line"], 1);
}

}  // namespace
}  // namespace rulecraft::cli
