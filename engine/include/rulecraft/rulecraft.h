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
// the input come back as diagnostics. A Session, and the scenarios it opened, are for one
// thread at a time; threads that work at once each use their own Session (docs/api.md).
//
// A scenario may also come as text (YAML or JSON), and stay open for further questions:
//   auto battle = session.Open(rulecraft::ScenarioText{"battle.yaml", text, "."}, diagnostics);
//   battle->MoveCreature("valeros", 3, 2, diagnostics);
//   auto reach = battle->Answer("valeros-reach", diagnostics);   // JSON
//   auto squares = battle->Reach("valeros-reach", diagnostics);  // the same answer as values
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft {

// The version of rulecraft, "major.minor.patch".
const char* Version();

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

// A scenario given as text rather than as a file path.
struct ScenarioText {
  std::string name;         // how diagnostics and the answer's "scenario" name it, e.g. "<stdin>"
  std::string text;         // YAML, or JSON (which YAML reads too)
  std::string base_folder;  // a relative `ruleset:` path starts here; empty: the working folder
};

// Where a Session may find the rulesets scenarios name.
struct SessionOptions {
  // Folders of ruleset directories (or ruleset directories), named by folder name after the
  // bundled rulesets.
  std::vector<std::string> ruleset_folders;
  // For untrusted scenarios (the service): a `ruleset:` may name only bundled rulesets and those
  // in ruleset_folders, or a relative path that stays inside them; nothing else is read.
  bool confine_rulesets = false;
  // A folder to keep compiled rulesets in between processes: a later load of an unchanged
  // ruleset reads its compiled form instead of compiling it again (docs/cache.md). Created
  // when missing; nothing but `*.rulecraft-compiled` files is written there. Empty: none kept.
  std::string compiled_folder;
};

// A row of a ruleset's `terrain` table, as a map editor offers it.
struct TerrainKind {
  std::string name;    // what a scenario's legend and `edges:` name
  std::string label;   // the row's label, for people; may be empty
  std::string colour;  // "#rrggbb": the row's `colour`, else what render paints it (docs/render.md)
};

// What GET /v1/rulesets and tools show of a ruleset.
struct RulesetSummary {
  std::string name;
  std::string title;
  std::vector<std::string> lineage;  // the rulesets it extends, the base first, itself last
  std::vector<std::string> tables;   // the names of its tables: what it covers
  std::vector<TerrainKind> terrain;  // the rows of its `terrain` table, in table order
  std::vector<std::string> sizes;       // the row names of its `sizes` table
  std::vector<double> size_squares;     // for each of `sizes`, its space in squares (below 1: shares a square)
  std::vector<std::string> conditions;  // the row names of its `conditions` table
  std::vector<std::string> movement_modes;  // the row names of its `movement_modes` table
};

// One square a reach answer reaches (the top-left square of the mover's space there).
struct ReachedSquare {
  int x = 0;
  int y = 0;
  double cost = 0;          // the movement to get there, in squares (the query's used_ft left out)
  double cost_ft = 0;       // the same in feet (cost × the ruleset's square size)
  bool may_end = false;     // the move may end there; false: it may only pass through
  int squeezed_width = 0;   // squares across the space there when it must squeeze; 0 when whole
  int squeezed_height = 0;  // squares down the squeezed space there; 0 when whole
};

// A `reach` query's answer as values: the numbers its JSON answer carries (docs/scenarios.md,
// "Reach grids"), computed once and written as JSON from this same struct.
struct ReachAnswer {
  std::string creature;         // the mover's id
  std::string mode;             // the movement mode (`move`, `double`, …)
  double speed_ft = 0;          // the first speed kind's speed
  double budget_ft = 0;         // the mode's movement by that speed
  double budget_squares = 0;    // the movement this query may use, in squares (budget_ft less used_ft)
  std::string immobile;         // why it may not move at all, or empty
  size_t reachable_count = 0;   // squares reached, the start included
  size_t may_end_count = 0;     // of those, squares the move may end on
  int origin_x = 0;             // the smallest rectangle holding every reached square: its top-left square,
  int origin_y = 0;
  int width = 0;                // and its size (0 when none is reached)
  int height = 0;
  std::vector<ReachedSquare> squares;  // every reached square, row by row (by y, then x)

  // The reached square at [x, y], or nullptr when the move does not reach it.
  const ReachedSquare* Find(int x, int y) const;
};

class OpenScenario;

// Receives a scenario's answers one by one as they are given (Session::RunScenario with a
// sink), so a caller can write each out and let it go rather than hold them all at once.
class AnswerSink {
 public:
  virtual ~AnswerSink() = default;
  // The scenario is loaded: its name, as the answer's "scenario" gives it, and its ruleset's.
  // Called once, before any result; the diagnostics are final from here on.
  virtual void Loaded(const std::string& scenario, const std::string& ruleset) = 0;
  // One query's result, in the scenario's order of queries.
  virtual void Result(nlohmann::json result) = 0;
};

// One run of rulecraft over rulesets, scenarios and tests.
class Session {
 public:
  // A session that finds rulesets as `options` says (by default: bundled names and any path).
  explicit Session(SessionOptions options = {});
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

  // Answers every query of a scenario given as text, as RunScenario does for a file.
  std::optional<nlohmann::json> RunScenario(const ScenarioText& scenario, Diagnostics& diagnostics);

  // Answers every query of a scenario file as RunScenario does, handing `sink` each result as it
  // is answered instead of gathering them; false, nothing handed, when it cannot be used.
  bool RunScenario(const std::string& path, Diagnostics& diagnostics, AnswerSink& sink);

  // Answers every query of a scenario given as text, handing `sink` each result (as above).
  bool RunScenario(const ScenarioText& scenario, Diagnostics& diagnostics, AnswerSink& sink);

  // Loads a scenario file and keeps it open for changes and further queries; nullptr when the
  // file or its ruleset cannot be used. The result must not outlive this Session.
  std::unique_ptr<OpenScenario> Open(const std::string& path, Diagnostics& diagnostics);

  // Loads a scenario given as text and keeps it open; nullptr when it cannot be used.
  std::unique_ptr<OpenScenario> Open(const ScenarioText& scenario, Diagnostics& diagnostics);

  // Every ruleset scenarios may name, loading each; one that fails to load is left out and its
  // errors reported.
  std::vector<RulesetSummary> Rulesets(Diagnostics& diagnostics);

  // Draws a scenario's map and creatures and, when `query_id` is not empty, that query's answer,
  // as an SVG document (docs/render.md). nullopt when the scenario has any error (reported as
  // RunScenario reports it), has no map or a map too large to draw, or the query is unknown, has
  // nothing to draw or fails.
  std::optional<std::string> RenderScenario(const std::string& path, const std::string& query_id,
                                            Diagnostics& diagnostics);

  // Draws a scenario given as text, as RenderScenario does for a file; errors name it by its name.
  std::optional<std::string> RenderScenario(const ScenarioText& scenario, const std::string& query_id,
                                            Diagnostics& diagnostics);

  // Runs the test cases of scenario files; a ruleset directory means its tests/*.yaml.
  TestReport RunTests(const std::vector<std::string>& paths, Diagnostics& diagnostics);

  // Every source file read so far, for rendering diagnostics.
  const SourceSet& sources() const;

  struct State;  // what the session keeps; opaque outside the engine

 private:
  std::unique_ptr<State> state_;
};

// A scenario loaded once and kept in memory: move creatures, change their conditions, paint
// squares and ask again, without reading the file or loading the ruleset again. Each change is
// checked as loading checks the scenario (inside the map, no overlap, a square the creature may
// stand on, squeezing); a refused change leaves the scenario as it was.
class OpenScenario {
 public:
  ~OpenScenario();
  OpenScenario(const OpenScenario&) = delete;
  OpenScenario& operator=(const OpenScenario&) = delete;

  // Answers every query, as Session::RunScenario does: `{"scenario", "ruleset", "results"}`.
  nlohmann::json Run();

  // Answers the scenario's query with this id; nullopt, with an error, when there is none.
  std::optional<nlohmann::json> Answer(const std::string& query_id, Diagnostics& diagnostics);

  // Answers the scenario's `reach` query with this id as values, without building its JSON (a
  // tool dragging a token); nullopt, with an error, when there is none, it is not a reach, or
  // it fails (the error says why, as the JSON answer's message does).
  std::optional<ReachAnswer> Reach(const std::string& query_id, Diagnostics& diagnostics);

  // Answers a query written as YAML or JSON text, a mapping like one entry of `queries:`
  // (`{id: r, kind: reach, creature: valeros}`); nullopt when the text is not one query.
  std::optional<nlohmann::json> Ask(const std::string& query_text, Diagnostics& diagnostics);

  // Moves a creature so its top-left square is [x, y]; false, the scenario unchanged, when the
  // creature is unknown or may not stand there (errors say why).
  bool MoveCreature(const std::string& creature_id, int x, int y, Diagnostics& diagnostics);

  // Replaces a creature's conditions; false, unchanged, when the creature is unknown or its
  // place is not valid with them (a helpless creature may share a square, others may not).
  bool SetConditions(const std::string& creature_id, std::vector<std::string> conditions,
                     Diagnostics& diagnostics);

  // Paints the square [x, y] with a terrain kind (a row of the ruleset's `terrain` table);
  // false, unchanged, when the square or the kind is unknown or a creature may no longer stand
  // where it is.
  bool PaintSquare(int x, int y, const std::string& terrain, Diagnostics& diagnostics);

  // The name of the ruleset the scenario uses.
  std::string RulesetName() const;

  struct Impl;  // the loaded scenario; opaque outside the engine
  // Made by Session::Open only.
  explicit OpenScenario(std::unique_ptr<Impl> impl);

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace rulecraft
