#include "service/serve_command_line.h"

#include "base/limits.h"

namespace rulecraft::service {

void AddServeOptions(CLI::App& command, ServeOptions& options) {
  command.add_option("--host", options.host, "Address to listen on; loopback unless given")->capture_default_str();
  command.add_option("--port", options.port, "Port to listen on; 0 picks a free one")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  command.add_option("--rulesets", options.ruleset_folders,
                     "Folders of rulesets (or ruleset folders) served besides the bundled ones")
      ->check(CLI::ExistingDirectory);
  command.add_option("--workers", options.workers, "Requests answered at once; one more is answered 503")
      ->check(CLI::Range(1, limits::kMaxServiceWorkers))
      ->capture_default_str();
  command.footer("Stops cleanly on SIGTERM or SIGINT. Exit codes: 0 stopped by a signal; 1 could not listen; 2 the "
                 "command line is wrong.");
}

namespace {

// Adds `--name=value`, which CLI11 never reads as two options whatever `value` starts with; an
// empty value as `--name` `` instead, since CLI11 reads `--name=` as `--name` without its value.
void AddArgument(std::vector<std::string>& arguments, const std::string& name, const std::string& value) {
  if (value.empty()) {
    arguments.push_back(name);
    arguments.push_back(value);
  } else {
    arguments.push_back(name + "=" + value);
  }
}

}  // namespace

std::vector<std::string> ServeArguments(const ServeOptions& options) {
  std::vector<std::string> arguments;
  AddArgument(arguments, "--host", options.host);
  AddArgument(arguments, "--port", std::to_string(options.port));
  AddArgument(arguments, "--workers", std::to_string(options.workers));
  for (const std::string& folder : options.ruleset_folders) AddArgument(arguments, "--rulesets", folder);
  return arguments;
}

}  // namespace rulecraft::service
