// The `rulecraft` command: check rulesets, run scenarios, run scenario tests.
//
// Exit codes: 0 success; 1 the input has errors, a query answered an error or a test failed; 2 the
// command line is wrong.
#include <iostream>
#include <regex>

#include <CLI/CLI.hpp>

#include "cli/json_output.h"
#include "cli/text_output.h"
#include "rulecraft/rulecraft.h"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitInputErrors = 1;
constexpr int kExitUsage = 2;

const char* kFooter =
    "Exit codes: 0 success; 1 the input has errors, a query answered an error or a test failed; 2 the "
    "command line is wrong.";

void PrintDiagnostics(rulecraft::Diagnostics& diagnostics, const rulecraft::Session& session) {
  diagnostics.SortByPosition();
  std::cerr << rulecraft::Render(diagnostics, session.sources());
  if (diagnostics.ErrorCount() > 0) {
    std::cerr << diagnostics.ErrorCount() << (diagnostics.ErrorCount() == 1 ? " error\n" : " errors\n");
  }
}

int Check(const std::vector<std::string>& rulesets, const std::string& dump_after) {
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  if (!dump_after.empty()) {
    bool ok = true;
    for (const std::string& ruleset : rulesets) {
      auto dump = session.DumpRuleset(ruleset, dump_after, diagnostics);
      if (dump) std::cout << *dump;
      ok = ok && dump.has_value();
    }
    PrintDiagnostics(diagnostics, session);
    return ok && !diagnostics.HasErrors() ? kExitOk : kExitInputErrors;
  }
  bool ok = true;
  for (const std::string& ruleset : rulesets) {
    bool clean = session.CheckRuleset(ruleset, diagnostics);
    if (clean) std::cout << ruleset << ": ok\n";
    ok = ok && clean;
  }
  PrintDiagnostics(diagnostics, session);
  return ok ? kExitOk : kExitInputErrors;
}

int Run(const std::string& scenario, const std::string& format, bool explain) {
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  auto results = session.RunScenario(scenario, diagnostics);
  PrintDiagnostics(diagnostics, session);
  if (!results) return kExitInputErrors;
  if (!explain) {
    for (auto& result : (*results)["results"]) result.erase("explain");
  }
  if (format == "text") {
    std::cout << rulecraft::cli::RenderResultsText(*results, explain);
  } else {
    rulecraft::cli::WriteJson(std::cout, *results);
  }
  // A query that could not be answered (a Lua hook failing, a rule dividing by zero) fails the run.
  bool answered = true;
  for (const auto& result : (*results)["results"]) answered = answered && result.value("status", "") != "error";
  return diagnostics.HasErrors() || !answered ? kExitInputErrors : kExitOk;
}

int Test(const std::vector<std::string>& paths, const std::string& filter, bool verbose) {
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
  PrintDiagnostics(diagnostics, session);
  std::cout << rulecraft::cli::RenderTestReport(report, verbose);
  bool ok = report.failed == 0 && report.broken_files == 0 && !diagnostics.HasErrors();
  return ok ? kExitOk : kExitInputErrors;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"rulecraft: answers tactical questions (movement, reach, cover, modifiers) for "
               "d20-family games from rules written as data."};
  app.footer(kFooter);
  app.require_subcommand(1);

  std::vector<std::string> rulesets;
  CLI::App* check = app.add_subcommand("check", "Load and validate rulesets; print every error.");
  check->add_option("ruleset", rulesets, "Bundled ruleset name (dnd35, …) or ruleset directory")
      ->required();
  std::string dump_after;
  check->add_option("--dump-after", dump_after, "Print the rules' IR after this compiler pass")
      ->check(CLI::IsMember(rulecraft::Session::PassNames()));
  check->footer(kFooter);

  std::string scenario;
  std::string format = "json";
  bool explain = false;
  CLI::App* run = app.add_subcommand("run", "Answer the queries of a scenario file.");
  run->add_option("scenario", scenario, "Scenario YAML file")->required();
  run->add_option("--format", format, "Output format")->check(CLI::IsMember({"json", "text"}));
  run->add_flag("--explain", explain, "Show the table row or rule behind each number");
  run->footer(kFooter);

  std::vector<std::string> paths;
  std::string filter;
  bool verbose = false;
  CLI::App* test = app.add_subcommand(
      "test", "Run scenario test cases (queries with `expect:`) and report pass/fail.");
  test->add_option("paths", paths, "Ruleset directories (their tests/*.yaml) or scenario files")
      ->required();
  test->add_option("--run", filter, "Only cases whose id matches this regular expression");
  test->add_flag("-v,--verbose", verbose, "Show the rule text of every case");
  test->footer(kFooter);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return kExitUsage;
  }
  try {
    if (check->parsed()) return Check(rulesets, dump_after);
    if (run->parsed()) return Run(scenario, format, explain);
    if (test->parsed()) return Test(paths, filter, verbose);
  } catch (const std::regex_error& error) {
    std::cerr << "rulecraft: --run is not a valid regular expression: " << error.what() << "\n";
    return kExitUsage;
  } catch (const std::exception& error) {
    std::cerr << "rulecraft: internal error: " << error.what() << "\n";
    return kExitInputErrors;
  }
  return kExitUsage;
}
