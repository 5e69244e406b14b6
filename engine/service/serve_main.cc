// `rulecraft-serve`: the JSON service (docs/api.md), the program `rulecraft serve` becomes
// (service/serve_launch.h). The one program that links cpp-httplib.
//
// Exit codes: 0 stopped by a signal; 1 could not listen; 2 the command line is wrong.
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/usage_errors.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "service/serve_command_line.h"
#include "service/server.h"

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

// Writes `diagnostics` on stderr as `rulecraft` writes them, followed by their count.
void Report(rulecraft::Diagnostics& diagnostics) {
  rulecraft::SourceSet no_sources;
  diagnostics.SortByPosition();
  std::cerr << rulecraft::Render(diagnostics, no_sources);
  size_t errors = diagnostics.ErrorCount();
  if (errors > 0) std::cerr << errors << (errors == 1 ? " error\n" : " errors\n");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"rulecraft-serve: answers scenarios over HTTP as a JSON service (docs/api.md); `rulecraft serve` "
               "runs it."};
  rulecraft::service::ServeOptions options;
  rulecraft::service::AddServeOptions(app, options);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    rulecraft::Diagnostics diagnostics;
    rulecraft::cli::ReportUsageError(error, app, diagnostics, "rulecraft-serve");
    Report(diagnostics);
    return kExitUsage;
  }
  try {
    return rulecraft::service::Serve(options);
  } catch (const std::exception& error) {
    rulecraft::Diagnostics diagnostics;
    diagnostics.Error("internal-error", {}, std::string("internal error: ") + error.what());
    Report(diagnostics);
    return kExitFailed;
  }
}
