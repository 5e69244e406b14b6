// The `rulecraft` command: check rulesets, run scenarios, run scenario tests, draw scenarios.
//
// Exit codes: 0 success; 1 the input has errors, a query answered an error or a test failed; 2 the
// command line is wrong.
#include <iostream>
#include <regex>

#include <CLI/CLI.hpp>

#include "cli/json_document.h"
#include "cli/json_output.h"
#include "cli/output_file.h"
#include "cli/test_report_json.h"
#include "cli/text_output.h"
#include "cli/usage_errors.h"
#include "rulecraft/rulecraft.h"

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

// How a command hands back what it found: diagnostics as text on stderr, always; with `json`,
// `document` (with the diagnostics added) as the one JSON document on stdout.
void Finish(rulecraft::Diagnostics& diagnostics, const rulecraft::SourceSet& sources, const std::string& format,
            nlohmann::json document) {
  diagnostics.SortByPosition();
  std::cerr << rulecraft::Render(diagnostics, sources);
  if (diagnostics.ErrorCount() > 0) {
    std::cerr << diagnostics.ErrorCount() << (diagnostics.ErrorCount() == 1 ? " error\n" : " errors\n");
  }
  if (format == "json") rulecraft::cli::WriteJsonDocument(std::cout, std::move(document), diagnostics, sources);
}

int Check(const std::vector<std::string>& rulesets, const std::string& dump_after, const std::string& format) {
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  bool text = format == "text";
  nlohmann::json checked = nlohmann::json::array();
  bool ok = true;
  for (const std::string& ruleset : rulesets) {
    nlohmann::json entry = {{"ruleset", ruleset}};
    if (!dump_after.empty()) {
      auto dump = session.DumpRuleset(ruleset, dump_after, diagnostics);
      if (dump && text) std::cout << *dump;
      entry["dump"] = dump ? nlohmann::json(*dump) : nlohmann::json();
      entry["ok"] = dump.has_value();
    } else {
      entry["ok"] = session.CheckRuleset(ruleset, diagnostics);
      if (entry["ok"] && text) std::cout << ruleset << ": ok\n";
    }
    ok = ok && entry["ok"].get<bool>();
    checked.push_back(std::move(entry));
  }
  ok = ok && !diagnostics.HasErrors();
  Finish(diagnostics, session.sources(), format, {{"rulesets", std::move(checked)}});
  return ok ? kExitOk : kExitInputErrors;
}

int Run(const std::string& scenario, const std::string& format, bool explain) {
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  auto results = session.RunScenario(scenario, diagnostics);
  if (!results) {
    // Nothing could run: the document still says which scenario and why (its diagnostics).
    Finish(diagnostics, session.sources(), format, {{"scenario", scenario}, {"results", nlohmann::json::array()}});
    return kExitInputErrors;
  }
  if (!explain) {
    for (auto& result : (*results)["results"]) result.erase("explain");
  }
  // A query that could not be answered (a Lua hook failing, a rule dividing by zero) fails the run.
  bool answered = true;
  for (const auto& result : (*results)["results"]) answered = answered && result.value("status", "") != "error";
  bool ok = answered && !diagnostics.HasErrors();
  if (format == "text") std::cout << rulecraft::cli::RenderResultsText(*results, explain);
  Finish(diagnostics, session.sources(), format, std::move(*results));
  return ok ? kExitOk : kExitInputErrors;
}

// Draws a scenario as SVG to `output`, or to stdout when it is empty; diagnostics on stderr as
// `run` prints them.
int Render(const std::string& scenario, const std::string& query_id, const std::string& output, bool force) {
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  auto picture = session.RenderScenario(scenario, query_id, diagnostics);
  bool ok = picture.has_value();
  if (ok && output.empty()) std::cout << *picture;
  if (ok && !output.empty()) ok = rulecraft::cli::WriteUserFile(output, *picture, force, diagnostics);
  Finish(diagnostics, session.sources(), "text", {});
  return ok ? kExitOk : kExitInputErrors;
}

int Test(const std::vector<std::string>& paths, const std::string& filter, bool verbose, const std::string& format) {
  rulecraft::Session session;
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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"rulecraft: answers tactical questions (movement, reach, cover, modifiers) for "
               "d20-family games from rules written as data."};
  app.footer(kFooter);
  app.require_subcommand(1);

  // Each command's --format comes first: CLI11 stores options in this order and stops at the
  // first invalid one, and a wrong command line still answers in the format asked for.
  std::vector<std::string> rulesets;
  std::string check_format = "text";
  CLI::App* check = app.add_subcommand("check", "Load and validate rulesets; print every error.");
  check->add_option("ruleset", rulesets, "Bundled ruleset name (dnd35, …) or ruleset directory")
      ->required();
  AddFormatOption(*check, check_format);
  std::string dump_after;
  check->add_option("--dump-after", dump_after, "Print the rules' IR after this compiler pass")
      ->check(CLI::IsMember(rulecraft::Session::PassNames()));
  check->footer(kFooter);

  std::string scenario;
  std::string run_format = "json";
  bool explain = false;
  CLI::App* run = app.add_subcommand("run", "Answer the queries of a scenario file.");
  run->add_option("scenario", scenario, "Scenario YAML file")->required();
  AddFormatOption(*run, run_format);
  run->add_flag("--explain", explain, "Show the table row or rule behind each number");
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
  test->footer(kFooter);

  // How the command given answers, so that even a wrong command line answers that way: its
  // format and its answer with nothing in it.
  auto failed_answer = [&]() -> std::pair<std::string, nlohmann::json> {
    const CLI::App* command = &rulecraft::cli::ParsedCommand(app);
    if (command == check) return {check_format, {{"rulesets", nlohmann::json::array()}}};
    if (command == run) return {run_format, {{"results", nlohmann::json::array()}}};
    if (command == test) return {test_format, rulecraft::cli::TestReportToJson({})};
    return {"text", {}};
  };
  rulecraft::SourceSet no_sources;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    rulecraft::Diagnostics diagnostics;
    rulecraft::cli::ReportUsageError(error, app, diagnostics);
    auto [format, answer] = failed_answer();
    Finish(diagnostics, no_sources, format, std::move(answer));
    return kExitUsage;
  }
  try {
    if (check->parsed()) return Check(rulesets, dump_after, check_format);
    if (run->parsed()) return Run(scenario, run_format, explain);
    if (test->parsed()) return Test(paths, filter, verbose, test_format);
    if (render->parsed()) return Render(render_scenario, render_query, render_output, force);
  } catch (const std::exception& error) {
    rulecraft::Diagnostics diagnostics;
    diagnostics.Error("internal-error", {}, std::string("internal error: ") + error.what());
    auto [format, answer] = failed_answer();
    Finish(diagnostics, no_sources, format, std::move(answer));
    return kExitInputErrors;
  }
  return kExitUsage;
}
