// The `rulecraft` command: check rulesets, run scenarios, run scenario tests, draw scenarios.
//
// Exit codes: 0 success; 1 the input has errors, a query answered an error or a test failed; 2 the
// command line is wrong.
#include <iostream>
#include <regex>

#include <CLI/CLI.hpp>

#include "base/limits.h"
#include "cli/check_answer.h"
#include "cli/diagnostics_text.h"
#include "cli/json_document.h"
#include "cli/json_output.h"
#include "cli/new_ruleset.h"
#include "cli/output_file.h"
#include "cli/ruleset_diff.h"
#include "cli/run_answer.h"
#include "cli/run_output.h"
#include "cli/test_report_json.h"
#include "cli/text_output.h"
#include "cli/usage_errors.h"
#include "rulecraft/rulecraft.h"
#include "service/serve_command_line.h"
#include "service/serve_launch.h"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitInputErrors = 1;
constexpr int kExitUsage = 2;

const char* kFooter =
    "Exit codes: 0 success; 1 the input has errors, a query answered an error or a test failed; 2 the "
    "command line is wrong.";

// Accepts a valid regular expression (`test --run`), else says why not.
const CLI::Validator kRegularExpression(
    [](std::string& text) -> std::string {
      try {
        std::regex pattern(text);
        return {};
      } catch (const std::regex_error& error) {
        return std::string("not a valid regular expression: ") + error.what();
      }
    },
    "REGEX");

// Adds `--format json|text` to a command, stored in `format`.
void AddFormatOption(CLI::App& command, std::string& format) {
  command.add_option("--format", format, "Output format; with json, stdout is one JSON document holding the diagnostics too")
      ->check(CLI::IsMember({"json", "text"}));
}

// Adds `--cache DIR` (or $RULECRAFT_CACHE) to a command that loads rulesets, stored in `folder`.
void AddCacheOption(CLI::App& command, std::string& folder) {
  command.add_option("--cache", folder,
                     "Keep compiled rulesets in this folder and load them from it while their files are "
                     "unchanged (docs/cache.md)")
      ->envname("RULECRAFT_CACHE");
}

// A session that keeps compiled rulesets in `cache_folder` (none when it is empty).
rulecraft::SessionOptions CachedIn(const std::string& cache_folder) {
  rulecraft::SessionOptions options;
  options.compiled_folder = cache_folder;
  return options;
}

// How a command hands back what it found: diagnostics as text on stderr, always; with `json`,
// `document` (with the diagnostics added) as the one JSON document on stdout.
void Finish(rulecraft::Diagnostics& diagnostics, const rulecraft::SourceSet& sources, const std::string& format,
            nlohmann::json document) {
  rulecraft::cli::ReportDiagnostics(std::cerr, diagnostics, sources);
  if (format != "json") return;
  rulecraft::cli::WriteJsonDocument(std::cout, std::move(document), diagnostics, sources);
}

int Check(const std::vector<std::string>& rulesets, const std::string& dump_after, const std::string& format,
          const std::string& cache) {
  rulecraft::Session session(CachedIn(cache));
  rulecraft::Diagnostics diagnostics;
  rulecraft::cli::CheckAnswer answer = rulecraft::cli::AnswerCheck(session, rulesets, dump_after, diagnostics);
  if (format == "text") {
    for (const auto& entry : answer.document["rulesets"]) {
      if (entry.contains("dump")) {
        if (entry["dump"].is_string()) std::cout << entry["dump"].get<std::string>();
      } else if (entry["ok"].get<bool>()) {
        std::cout << entry["ruleset"].get<std::string>() << ": ok\n";
      }
    }
  }
  Finish(diagnostics, session.sources(), format, std::move(answer.document));
  return answer.ok ? kExitOk : kExitInputErrors;
}

// The scenario `rulecraft run` is given: a file, or `-` for standard input (at most
// limits::kMaxFileBytes are read; more is reported by SourceSet::AddText).
rulecraft::cli::ScenarioInput ScenarioArgument(const std::string& scenario) {
  if (scenario != "-") return scenario;
  std::string text;
  char buffer[1 << 16];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
    text.append(buffer, static_cast<size_t>(std::cin.gcount()));
    if (text.size() > rulecraft::limits::kMaxFileBytes) break;
  }
  return rulecraft::ScenarioText{"<stdin>", std::move(text), "."};
}

int Run(const std::string& scenario, const std::string& format, const std::string& explain_level,
        const std::string& cache) {
  using rulecraft::cli::ExplainLevel;
  ExplainLevel explain = explain_level.empty() ? ExplainLevel::kNone
                         : explain_level == "full" ? ExplainLevel::kFull
                                                   : ExplainLevel::kSummary;
  rulecraft::Session session(CachedIn(cache));
  rulecraft::Diagnostics diagnostics;
  // Each result is written as it is answered, then let go (cli/run_output.h).
  rulecraft::cli::RunPrinter printer(std::cout, std::cerr, format == "json", explain != ExplainLevel::kNone,
                                     diagnostics, session.sources());
  rulecraft::cli::RunOutcome outcome =
      rulecraft::cli::StreamRun(session, ScenarioArgument(scenario), explain, diagnostics, printer);
  if (!outcome.loaded) {
    // Nothing could run: the document still says which scenario and why (its diagnostics).
    Finish(diagnostics, session.sources(), format, rulecraft::cli::NothingRanDocument(outcome.scenario));
    return kExitInputErrors;
  }
  printer.Finish();
  return outcome.ok ? kExitOk : kExitInputErrors;
}

// Draws a scenario as SVG to `output`, or to stdout when it is empty; diagnostics on stderr as
// `run` prints them.
int Render(const std::string& scenario, const std::string& query_id, const std::string& output, bool force,
           const std::string& cache) {
  rulecraft::Session session(CachedIn(cache));
  rulecraft::Diagnostics diagnostics;
  auto picture = session.RenderScenario(scenario, query_id, diagnostics);
  bool ok = picture.has_value();
  if (ok && output.empty()) std::cout << *picture;
  if (ok && !output.empty()) ok = rulecraft::cli::WriteUserFile(output, *picture, force, diagnostics);
  Finish(diagnostics, session.sources(), "text", {});
  return ok ? kExitOk : kExitInputErrors;
}

int Test(const std::vector<std::string>& paths, const std::string& filter, bool verbose, const std::string& format,
         const std::string& cache) {
  rulecraft::Session session(CachedIn(cache));
  rulecraft::Diagnostics diagnostics;
  rulecraft::TestReport report = session.RunTests(paths, diagnostics);
  if (!filter.empty()) {
    std::regex pattern(filter);
    rulecraft::TestReport kept;
    kept.broken_files = report.broken_files;
    for (auto& test : report.cases) {
      if (!std::regex_search(test.id, pattern)) continue;
      (test.passed ? kept.passed : kept.failed) += 1;
      kept.cases.push_back(test);
    }
    report = std::move(kept);
  }
  bool ok = report.failed == 0 && report.broken_files == 0 && !diagnostics.HasErrors();
  Finish(diagnostics, session.sources(), format, rulecraft::cli::TestReportToJson(report));
  if (format == "text") std::cout << rulecraft::cli::RenderTestReport(report, verbose);
  return ok ? kExitOk : kExitInputErrors;
}

// Compares two rulesets; exit 0 when equal, 1 when they differ, 2 when either does not load.
int Diff(const std::string& a, const std::string& b, const std::string& format) {
  rulecraft::SourceSet sources;
  rulecraft::Diagnostics diagnostics;
  rulecraft::cli::DiffAnswer answer = rulecraft::cli::AnswerDiff(a, b, sources, diagnostics);
  if (format == "text") std::cout << rulecraft::cli::RenderDiffText(answer.document);
  Finish(diagnostics, sources, format, std::move(answer.document));
  if (!answer.loaded || diagnostics.HasErrors()) return kExitUsage;
  return answer.equal ? kExitOk : kExitInputErrors;
}

// Creates a ruleset folder extending another; exit 0 when made, 1 when refused.
int New(const rulecraft::cli::NewRulesetRequest& request) {
  rulecraft::Diagnostics diagnostics;
  std::string folder = rulecraft::cli::CreateRuleset(request, diagnostics);
  rulecraft::SourceSet no_sources;
  Finish(diagnostics, no_sources, "text", {});
  if (folder.empty()) return kExitInputErrors;
  std::cout << "created " << folder << ": ruleset.rules, README.md, tests/basics.yaml\n"
            << "next: rulecraft check " << folder << " && rulecraft test " << folder << "\n";
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"rulecraft: answers tactical questions (movement, reach, cover, modifiers) for "
               "d20-family games from rules written as data."};
  app.footer(kFooter);
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("rulecraft ") + rulecraft::Version());

  // Each command's --format comes first: CLI11 stores options in this order and stops at the
  // first invalid one, and a wrong command line still answers in the format asked for.
  std::string cache;  // --cache, shared by the commands that load rulesets
  std::vector<std::string> rulesets;
  std::string check_format = "text";
  CLI::App* check = app.add_subcommand("check", "Load and validate rulesets; print every error.");
  check->add_option("ruleset", rulesets, "Bundled ruleset name (dnd35, …) or ruleset directory")
      ->required();
  AddFormatOption(*check, check_format);
  std::string dump_after;
  check->add_option("--dump-after", dump_after, "Print the rules' IR after this compiler pass")
      ->check(CLI::IsMember(rulecraft::Session::PassNames()));
  AddCacheOption(*check, cache);
  check->footer(kFooter);

  std::string scenario;
  std::string run_format = "json";
  std::string explain;  // empty: none; "summary" (--explain) or "full" (--explain=full)
  CLI::App* run = app.add_subcommand("run", "Answer the queries of a scenario file.");
  run->add_option("scenario", scenario, "Scenario YAML (or JSON) file; - reads it from standard input")->required();
  AddFormatOption(*run, run_format);
  run->add_flag("--explain", explain,
                "Show the rule behind each number, with its inputs and source; --explain=full shows every "
                "rule, table cell and modifier read")
      ->check(CLI::Validator(
          [](std::string& level) {
            if (level == "true") level = "summary";  // --explain without a value
            return level == "summary" || level == "full"
                       ? std::string()
                       : "expected --explain or --explain=full, found --explain=" + level;
          },
          "[=full]"));
  AddCacheOption(*run, cache);
  run->footer(kFooter);

  std::string render_scenario;
  std::string render_query;
  std::string render_output;
  bool force = false;
  CLI::App* render = app.add_subcommand("render", "Draw a scenario's map, creatures and one query's answer as SVG.");
  render->add_option("scenario", render_scenario, "Scenario YAML file")->required();
  render->add_option("--query", render_query, "Id of the query whose answer to draw (reach, path, route, threatened, attack)");
  render->add_option("-o,--output", render_output, "SVG file to write (default: stdout); an existing file is kept");
  render->add_flag("--force", force, "Replace the output file if it exists");
  AddCacheOption(*render, cache);
  render->footer(kFooter);

  std::vector<std::string> paths;
  std::string filter;
  std::string test_format = "text";
  bool verbose = false;
  CLI::App* test = app.add_subcommand(
      "test", "Run scenario test cases (queries with `expect:`) and report pass/fail.");
  test->add_option("paths", paths, "Ruleset directories (their tests/*.yaml) or scenario files")
      ->required();
  AddFormatOption(*test, test_format);
  test->add_option("--run", filter, "Only cases whose id matches this regular expression")
      ->check(kRegularExpression);
  test->add_flag("-v,--verbose", verbose, "Show the rule text of every case");
  AddCacheOption(*test, cache);
  test->footer(kFooter);

  std::string diff_a;
  std::string diff_b;
  std::string diff_format = "text";
  CLI::App* diff = app.add_subcommand(
      "diff", "Compare two rulesets after `extends` and `uses`: settings, rules (both texts, with file:line) and "
              "table rows, cells, footnotes and row order.");
  diff->add_option("a", diff_a, "Bundled ruleset name or ruleset directory (shown as -)")->required();
  diff->add_option("b", diff_b, "Bundled ruleset name or ruleset directory (shown as +)")->required();
  AddFormatOption(*diff, diff_format);
  diff->footer("Exit codes: 0 the rulesets are equal; 1 they differ; 2 a ruleset has errors or the command line "
               "is wrong.");

  rulecraft::cli::NewRulesetRequest new_request;
  CLI::App* create = app.add_subcommand(
      "new", "Create a ruleset folder that extends another: its manifest, a rules file showing how to override "
             "a rule and a table row, a README with a decisions table, and one passing test.");
  create->add_option("name", new_request.name, "The new ruleset's name (letters, digits, _)")->required();
  create->add_option("--extends", new_request.extends, "Bundled ruleset name or ruleset directory it extends")
      ->required();
  create->add_option("folder", new_request.folder, "Folder to create (default: NAME); an existing one is refused");
  create->footer("Never overwrites a folder or file. Exit codes: 0 created; 1 refused (the folder exists, a bad "
                 "name, a parent that does not load); 2 the command line is wrong.");

  rulecraft::service::ServeOptions serve_options;
  CLI::App* serve = app.add_subcommand("serve", "Answer scenarios over HTTP as a JSON service (docs/api.md).");
  rulecraft::service::AddServeOptions(*serve, serve_options);

  // How the command given answers, so that even a wrong command line answers that way: its
  // format and its answer with nothing in it.
  auto failed_answer = [&]() -> std::pair<std::string, nlohmann::json> {
    const CLI::App* command = &rulecraft::cli::ParsedCommand(app);
    if (command == check) return {check_format, {{"rulesets", nlohmann::json::array()}}};
    if (command == run) return {run_format, {{"results", nlohmann::json::array()}}};
    if (command == test) return {test_format, rulecraft::cli::TestReportToJson({})};
    if (command == diff) return {diff_format, {{"a", nullptr}, {"b", nullptr}, {"equal", false}}};
    return {"text", {}};
  };
  rulecraft::SourceSet no_sources;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForVersion& version) {
    return app.exit(version);
  } catch (const CLI::ParseError& error) {
    rulecraft::Diagnostics diagnostics;
    rulecraft::cli::ReportUsageError(error, app, diagnostics);
    auto [format, answer] = failed_answer();
    Finish(diagnostics, no_sources, format, std::move(answer));
    return kExitUsage;
  }
  try {
    if (check->parsed()) return Check(rulesets, dump_after, check_format, cache);
    if (run->parsed()) return Run(scenario, run_format, explain, cache);
    if (test->parsed()) return Test(paths, filter, verbose, test_format, cache);
    if (create->parsed()) return New(new_request);
    if (diff->parsed()) return Diff(diff_a, diff_b, diff_format);
    if (render->parsed()) return Render(render_scenario, render_query, render_output, force, cache);
    if (serve->parsed()) return rulecraft::service::ExecServeProgram(serve_options);
  } catch (const std::exception& error) {
    rulecraft::Diagnostics diagnostics;
    diagnostics.Error("internal-error", {}, std::string("internal error: ") + error.what());
    auto [format, answer] = failed_answer();
    Finish(diagnostics, no_sources, format, std::move(answer));
    return kExitInputErrors;
  }
  return kExitUsage;
}
