#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "api/gathered_answers.h"
#include "api/session_state.h"
#include "base/folder_files.h"
#include "base/limits.h"
#include "base/suggest.h"
#include "model/scenario_reader.h"
#include "dsl/compile/pipeline.h"
#include "query/answer.h"
#include "query/expect.h"
#include "query/expect_keys.h"
#include "query/placement.h"
#include "render/palette.h"
#include "render/picture.h"
#include "render/query_layer.h"
#include "rulecraft/rulecraft.h"
#include "ruleset/ruleset.h"
#include "ruleset/ruleset_with.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;

bool IsRulesetFolder(const fs::path& path) {
  std::error_code error;  // a symlink loop is no folder, not an exception
  return fs::exists(path / ruleset::kManifestFile, error);
}

// The ruleset a test file belongs to: `<ruleset>/tests/file.yaml` → `<ruleset>`.
// Found from the file's real location, so `cd rulesets/dnd35 && rulecraft test tests/x.yaml`
// works as well as the same file named from elsewhere.
std::string EnclosingRuleset(const fs::path& file) {
  std::error_code error;
  fs::path absolute = fs::absolute(file, error);
  fs::path folder = (error ? file : absolute).parent_path();
  if (folder.filename() == "tests" && IsRulesetFolder(folder.parent_path())) {
    fs::path ruleset = folder.parent_path();
    // Shown as the user wrote it when the file was named relative to the working folder.
    fs::path given = file.parent_path().parent_path();
    return given.empty() || given == "." ? fs::proximate(ruleset, error).string() : given.string();
  }
  return {};
}

// The 1-based line of a span in its file, or 0 when the file is not known.
int LineOf(const SourceSpan& span, const SourceSet& sources) {
  const SourceFile* file = sources.Find(span.file);
  return file == nullptr ? 0 : static_cast<int>(file->Locate(span.begin).line);
}

std::vector<std::string> YamlFilesIn(const fs::path& folder) {
  std::vector<std::string> files;
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    if (it->path().extension() == ".yaml" || it->path().extension() == ".yml") {
      files.push_back(it->path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

Session::Session(SessionOptions options) : state_(std::make_unique<State>(options)) {}
Session::~Session() = default;

const SourceSet& Session::sources() const { return state_->sources; }

namespace {

// Finds a ruleset by name or directory, reporting when it is neither; a confined session finds
// only the rulesets it serves.
std::optional<std::string> FindRuleset(const std::string& name_or_directory, const ruleset::RulesetFinder& finder,
                                       Diagnostics& diagnostics) {
  if (finder.confined()) return finder.Find(name_or_directory, "", {}, diagnostics);
  Diagnostics not_found;
  auto directory = finder.Find(name_or_directory, "", {}, not_found);
  // A folder without a manifest is still checked, so that the missing manifest is what is reported.
  if (!directory && PathMayBeFolder(name_or_directory)) directory = name_or_directory;
  if (!directory) {
    Diagnostic& error = diagnostics.Error(
        "unknown-ruleset", {},
        fmt::format("'{}' is neither a bundled ruleset nor a ruleset directory", name_or_directory));
    SuggestName(error, name_or_directory, ruleset::BundledRulesetNames());
  }
  return directory;
}

}  // namespace

std::vector<std::string> Session::PassNames() { return compile::PassNames(); }

std::optional<std::string> Session::DumpRuleset(const std::string& name_or_directory,
                                                const std::string& pass, Diagnostics& diagnostics) {
  auto directory = FindRuleset(name_or_directory, state_->finder, diagnostics);
  if (!directory) return std::nullopt;
  std::string dump;
  compile::CompileOptions options{pass, &dump};
  ruleset::LoadRuleset(*directory, state_->sources, diagnostics, options);
  if (dump.empty()) return std::nullopt;
  return dump;
}

bool Session::CheckRuleset(const std::string& name_or_directory, Diagnostics& diagnostics) {
  state_->rulesets.NewCall();
  auto directory = FindRuleset(name_or_directory, state_->finder, diagnostics);
  if (!directory) return false;
  size_t errors = diagnostics.ErrorCount();
  const ruleset::Ruleset* rules = state_->rulesets.Get(*directory, state_->sources, diagnostics);
  // The ruleset's own Lua hooks compile and run their top level (docs/lua.md).
  std::error_code error;
  std::vector<fs::path> scripts;
  for (fs::directory_iterator it(fs::path(*directory) / "hooks", error), end; rules && !error && it != end;
       it.increment(error)) {
    if (it->path().extension() == ".lua") scripts.push_back(it->path());
  }
  std::sort(scripts.begin(), scripts.end());
  for (const fs::path& script : scripts) {
    state_->rulesets.scripts().Find(*rules, script.stem().string(), state_->sources, diagnostics);
  }
  return diagnostics.ErrorCount() == errors;
}

namespace api {

std::optional<model::LoadedScenario> LoadScenario(const SourceFile& file, const std::string& base_folder,
                                                  const std::string& default_ruleset, Session::State& state,
                                                  Diagnostics& diagnostics, std::vector<model::Creature>* as_placed) {
  model::ScenarioOrigin origin{state.finder, base_folder, default_ruleset};
  auto loaded = model::ReadScenario(file, origin, state.rulesets, state.sources, diagnostics);
  if (loaded && as_placed != nullptr) *as_placed = loaded->scenario.creatures;
  if (!loaded || !query::SettlePlacements(loaded->scenario, *loaded->ruleset, diagnostics)) return std::nullopt;
  return loaded;
}

void AnswerEach(const model::LoadedScenario& loaded, const SourceSet& sources, AnswerSink& sink) {
  sink.Loaded(loaded.scenario.file, loaded.ruleset->manifest.name);
  movement::StepMemos step_memos;  // the queries of one scenario share their step rules' memos
  query::AnswerContext context{loaded.scenario, *loaded.ruleset, sources, nullptr, &step_memos};
  for (const model::Query& query : loaded.scenario.queries) sink.Result(query::Answer(context, query));
}

nlohmann::json AnswerAll(const model::LoadedScenario& loaded, const SourceSet& sources) {
  GatheredAnswers gathered;
  AnswerEach(loaded, sources, gathered);
  return gathered.Take();
}

}  // namespace api

namespace {

// Reads a scenario file and loads it; nullopt when it cannot be used. A file in a ruleset's
// tests/ folder uses that ruleset when it names none.
std::optional<model::LoadedScenario> LoadScenarioFile(const std::string& path, Session::State& state,
                                                      Diagnostics& diagnostics,
                                                      std::vector<model::Creature>* as_placed = nullptr) {
  const SourceFile* file = state.sources.Read(path, diagnostics);
  if (file == nullptr) return std::nullopt;
  return api::LoadScenario(*file, fs::path(path).parent_path().string(), EnclosingRuleset(path), state,
                           diagnostics, as_placed);
}

// Takes a scenario given as text into the session's sources and loads it.
std::optional<model::LoadedScenario> LoadScenarioText(const ScenarioText& scenario, Session::State& state,
                                                      Diagnostics& diagnostics,
                                                      std::vector<model::Creature>* as_placed = nullptr) {
  const SourceFile* file = state.sources.AddText(scenario.name, scenario.text, diagnostics);
  if (file == nullptr) return std::nullopt;
  return api::LoadScenario(*file, scenario.base_folder, "", state, diagnostics, as_placed);
}

// The query named `id`, reported with the closest id when there is none.
const model::Query* FindQuery(const model::Scenario& scenario, const std::string& path, const std::string& id,
                              Diagnostics& diagnostics) {
  std::vector<std::string> ids;
  for (const model::Query& query : scenario.queries) {
    if (query.id == id) return &query;
    ids.push_back(query.id);
  }
  Diagnostic& error =
      diagnostics.Error("unknown-query", {}, fmt::format("'{}' has no query '{}'", path, id));
  SuggestName(error, id, ids);
  return nullptr;
}

// The answer to draw: nullopt, reported, when the query cannot be drawn or failed.
std::optional<nlohmann::json> DrawableAnswer(const query::AnswerContext& context, const model::Query& query,
                                             Diagnostics& diagnostics) {
  std::vector<std::string> kinds = render::DrawableKinds();
  if (std::find(kinds.begin(), kinds.end(), query.kind_name) == kinds.end()) {
    diagnostics.Error("nothing-to-draw", query.span,
                      fmt::format("query '{}' is a {} query, which has nothing to draw on the map; pick a "
                                  "query of kind {}",
                                  query.id, query.kind_name, fmt::join(kinds, ", ")));
    return std::nullopt;
  }
  nlohmann::json answer = query::Answer(context, query);
  if (answer.value("status", "") != "ok") {
    diagnostics.Error("query-failed", query.span,
                      fmt::format("query '{}' answered {}: {}", query.id, answer.value("status", ""),
                                  answer.value("message", "")));
    return std::nullopt;
  }
  return answer;
}

}  // namespace

std::optional<nlohmann::json> Session::RunScenario(const std::string& path, Diagnostics& diagnostics) {
  api::GatheredAnswers gathered;
  if (!RunScenario(path, diagnostics, gathered)) return std::nullopt;
  return gathered.Take();
}

std::optional<nlohmann::json> Session::RunScenario(const ScenarioText& scenario, Diagnostics& diagnostics) {
  api::GatheredAnswers gathered;
  if (!RunScenario(scenario, diagnostics, gathered)) return std::nullopt;
  return gathered.Take();
}

bool Session::RunScenario(const std::string& path, Diagnostics& diagnostics, AnswerSink& sink) {
  state_->rulesets.NewCall();
  auto loaded = LoadScenarioFile(path, *state_, diagnostics);
  if (!loaded) return false;
  api::AnswerEach(*loaded, state_->sources, sink);
  return true;
}

bool Session::RunScenario(const ScenarioText& scenario, Diagnostics& diagnostics, AnswerSink& sink) {
  state_->rulesets.NewCall();
  auto loaded = LoadScenarioText(scenario, *state_, diagnostics);
  if (!loaded) return false;
  api::AnswerEach(*loaded, state_->sources, sink);
  return true;
}

namespace {

std::unique_ptr<OpenScenario> KeepOpen(std::optional<model::LoadedScenario> loaded, std::vector<model::Creature> as_placed,
                                       Session::State& state) {
  if (!loaded) return nullptr;
  return std::make_unique<OpenScenario>(
      std::make_unique<OpenScenario::Impl>(OpenScenario::Impl{state, std::move(*loaded), std::move(as_placed), {}}));
}

}  // namespace

std::unique_ptr<OpenScenario> Session::Open(const std::string& path, Diagnostics& diagnostics) {
  state_->rulesets.NewCall();
  std::vector<model::Creature> as_placed;
  auto loaded = LoadScenarioFile(path, *state_, diagnostics, &as_placed);
  return KeepOpen(std::move(loaded), std::move(as_placed), *state_);
}

std::unique_ptr<OpenScenario> Session::Open(const ScenarioText& scenario, Diagnostics& diagnostics) {
  state_->rulesets.NewCall();
  std::vector<model::Creature> as_placed;
  auto loaded = LoadScenarioText(scenario, *state_, diagnostics, &as_placed);
  return KeepOpen(std::move(loaded), std::move(as_placed), *state_);
}

std::vector<RulesetSummary> Session::Rulesets(Diagnostics& diagnostics) {
  state_->rulesets.NewCall();
  std::vector<RulesetSummary> summaries;
  for (const std::string& name : state_->finder.Names()) {
    auto directory = state_->finder.Find(name, "", {}, diagnostics);
    if (!directory) continue;
    const ruleset::Ruleset* rules = state_->rulesets.Get(*directory, state_->sources, diagnostics);
    if (rules == nullptr) continue;
    RulesetSummary summary{name, rules->manifest.title, rules->lineage, {}, {}, {}, {}, {}, {}};
    for (const auto& entry : rules->tables.all()) summary.tables.push_back(entry.first);
    for (const tables::Row& row : rules->Table("terrain").rows) {
      summary.terrain.push_back({row.name, row.label, render::TerrainColour(row)});
    }
    summary.sizes = rules->Table("sizes").RowNames();
    for (const tables::Row& row : rules->Table("sizes").rows) {
      summary.size_squares.push_back(row.Number("space") / rules->manifest.square_ft);
    }
    summary.conditions = rules->Table("conditions").RowNames();
    summary.movement_modes = rules->Table("movement_modes").RowNames();
    summaries.push_back(std::move(summary));
  }
  return summaries;
}

namespace {

// Draws a loaded scenario and, when `query_id` is not empty, that query's answer; `name` is how
// errors name the scenario. nullopt, reported, when it cannot be drawn.
std::optional<std::string> DrawLoaded(const std::optional<model::LoadedScenario>& loaded, const std::string& name,
                                      const std::string& query_id, const SourceSet& sources,
                                      Diagnostics& diagnostics) {
  if (!loaded || diagnostics.HasErrors()) return std::nullopt;
  const model::Scenario& scenario = loaded->scenario;
  if (!scenario.map) {
    diagnostics.Error("no-map", {}, fmt::format("'{}' has no map to draw", name));
    return std::nullopt;
  }
  if (int64_t{scenario.map->width} * scenario.map->height > limits::kMaxRenderedSquares) {
    diagnostics.Error("map-too-large", {},
                      fmt::format("the map is {} × {} squares; render draws at most {} squares "
                                  "(limits::kMaxRenderedSquares)",
                                  scenario.map->width, scenario.map->height, limits::kMaxRenderedSquares));
    return std::nullopt;
  }
  if (query_id.empty()) return render::DrawPicture(scenario, *loaded->ruleset, nullptr);
  const model::Query* query = FindQuery(scenario, name, query_id, diagnostics);
  if (query == nullptr) return std::nullopt;
  query::AnswerContext context{scenario, *loaded->ruleset, sources};
  std::optional<nlohmann::json> answer = DrawableAnswer(context, *query, diagnostics);
  if (!answer) return std::nullopt;
  return render::DrawPicture(scenario, *loaded->ruleset, &*answer);
}

}  // namespace

std::optional<std::string> Session::RenderScenario(const std::string& path, const std::string& query_id,
                                                   Diagnostics& diagnostics) {
  state_->rulesets.NewCall();
  auto loaded = LoadScenarioFile(path, *state_, diagnostics);
  return DrawLoaded(loaded, path, query_id, state_->sources, diagnostics);
}

std::optional<std::string> Session::RenderScenario(const ScenarioText& scenario, const std::string& query_id,
                                                   Diagnostics& diagnostics) {
  state_->rulesets.NewCall();
  auto loaded = LoadScenarioText(scenario, *state_, diagnostics);
  return DrawLoaded(loaded, scenario.name, query_id, state_->sources, diagnostics);
}

TestReport Session::RunTests(const std::vector<std::string>& paths, Diagnostics& diagnostics) {
  state_->rulesets.NewCall();
  std::vector<std::string> files;
  for (const std::string& given : paths) {
    // A bundled ruleset's name stands for its folder, as `rulecraft check` accepts it.
    std::string path = given;
    std::error_code error;  // a path that cannot be looked at (a symlink loop) is read as a file, and refused there
    if (!fs::exists(given, error) && !fs::is_symlink(fs::symlink_status(given, error))) {
      Diagnostics not_found;
      if (auto bundled = state_->finder.Find(given, "", {}, not_found)) path = *bundled;
    }
    if (IsRulesetFolder(path)) {
      auto found = YamlFilesIn(fs::path(path) / "tests");
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_directory(path, error)) {
      auto found = YamlFilesIn(path);
      files.insert(files.end(), found.begin(), found.end());
    } else {
      files.push_back(path);
    }
  }
  TestReport report;
  for (const std::string& file : files) {
    auto loaded = LoadScenarioFile(file, *state_, diagnostics);
    if (!loaded) {
      ++report.broken_files;
      continue;
    }
    const SourceFile* source = state_->sources.Find(file);
    std::map<uint32_t, YAML::Node> overrides;
    if (source != nullptr) overrides = ruleset::CaseOverrides(*source);
    for (const model::Query& query : loaded->scenario.queries) {
      if (!query.expect) continue;
      TestCase result{file, LineOf(query.span, state_->sources), query.id, query.rule, false, {}};
      // A case's `with:` answers it by its own copy of the ruleset (docs/scenarios.md).
      std::optional<ruleset::Ruleset> changed;
      if (auto with = overrides.find(query.span.begin); with != overrides.end()) {
        changed = ruleset::RulesetWith(*loaded->ruleset, *source, with->second, state_->sources, diagnostics);
        if (!changed) {
          result.differences.push_back("with: the overrides have errors (reported above)");
          report.failed += 1;
          report.cases.push_back(std::move(result));
          continue;
        }
      }
      query::AnswerContext context{loaded->scenario, changed ? *changed : *loaded->ruleset, state_->sources};
      nlohmann::json actual = query::Answer(context, query);
      std::vector<query::Mismatch> mismatches = query::CompareExpected(*query.expect, actual);
      query::ReportMissingKeys(query, actual, mismatches, diagnostics);
      for (const query::Mismatch& mismatch : mismatches) {
        // The expect key's line, for an editor to jump to: the nearest key written above it.
        std::string where;
        for (std::string pointer = mismatch.pointer; !pointer.empty(); pointer = pointer.substr(0, pointer.rfind('/'))) {
          auto key = query.expect_keys.find(pointer);
          if (key == query.expect_keys.end()) continue;
          where = fmt::format(" ({}:{})", file, LineOf(key->second, state_->sources));
          break;
        }
        result.differences.push_back(fmt::format("{}: expected {}, got {}{}", mismatch.field, mismatch.expected,
                                                 mismatch.actual, where));
      }
      if (actual.value("status", "") != "ok" && !query.expect->contains("status")) {
        result.differences.push_back(fmt::format("status: expected \"ok\", got {}{}",
                                                 actual["status"].dump(),
                                                 actual.contains("message") ? " (" + actual["message"].get<std::string>() + ")" : ""));
      }
      result.passed = result.differences.empty();
      (result.passed ? report.passed : report.failed) += 1;
      report.cases.push_back(std::move(result));
    }
  }
  return report;
}

}  // namespace rulecraft
