// rulecraft: a rules engine for d20-family tactical games, driven by ruleset data.
//
// Usage:
//   rulecraft::Session session;
//   rulecraft::Diagnostics diagnostics;
//   auto results = session.RunScenario("examples/quickstart.yaml", diagnostics);
//   std::cerr << rulecraft::Render(diagnostics, session.sources());
//   if (results) std::cout << results->dump(2);
//
// A Session keeps every source file it read (so diagnostics can show their lines) and
// every ruleset it loaded (so many scenarios share one load). No call throws: problems in
// the input come back as diagnostics.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft {

// The outcome of one scenario test case (a query with `expect:`).
struct TestCase {
  std::string file;
  int line = 0;  // where the case is written in `file` (1-based; 0 unknown)
  std::string id;
  std::string rule;  // the rules text the case rests on
  bool passed = false;
  std::vector<std::string> differences;  // "field: expected X, got Y"
};

// The outcome of a test run.
struct TestReport {
  std::vector<TestCase> cases;
  size_t passed = 0;
  size_t failed = 0;
  size_t broken_files = 0;  // scenario files that could not be read at all
};

// One run of rulecraft over rulesets, scenarios and tests.
class Session {
 public:
  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Loads and checks a ruleset given by bundled name or directory; true when it has no errors.
  bool CheckRuleset(const std::string& name_or_directory, Diagnostics& diagnostics);

  // Compiles a ruleset and returns its rules' IR as printed after the compiler pass `pass`
  // (parse, resolve, types, units, fold, lower); nullopt when compilation stops earlier.
  std::optional<std::string> DumpRuleset(const std::string& name_or_directory, const std::string& pass,
                                         Diagnostics& diagnostics);

  // The compiler's pass names, in order.
  static std::vector<std::string> PassNames();

  // Answers every query of a scenario file: `{"scenario", "ruleset", "results": […]}`.
  // nullopt when the file or its ruleset cannot be used; per-query problems are diagnostics.
  std::optional<nlohmann::json> RunScenario(const std::string& path, Diagnostics& diagnostics);

  // Draws a scenario's map and creatures and, when `query_id` is not empty, that query's answer,
  // as an SVG document (docs/render.md). nullopt when the scenario has any error (reported as
  // RunScenario reports it), has no map or a map too large to draw, or the query is unknown, has
  // nothing to draw or fails.
  std::optional<std::string> RenderScenario(const std::string& path, const std::string& query_id,
                                            Diagnostics& diagnostics);

  // Runs the test cases of scenario files; a ruleset directory means its tests/*.yaml.
  TestReport RunTests(const std::vector<std::string>& paths, Diagnostics& diagnostics);

  // Every source file read so far, for rendering diagnostics.
  const SourceSet& sources() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace rulecraft
