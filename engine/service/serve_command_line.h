// The command line of the service, declared once for `rulecraft serve` and `rulecraft-serve`.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "service/serve_options.h"

namespace rulecraft::service {

// Adds --host, --port, --rulesets and --workers (stored in `options`) and the exit codes'
// footer to `command`.
void AddServeOptions(CLI::App& command, ServeOptions& options);

// The arguments that make AddServeOptions' options parse back to `options` (its command-line
// fields), each as `--name=value` (an empty value as `--name` ``), so that no value is taken for
// an option.
std::vector<std::string> ServeArguments(const ServeOptions& options);

}  // namespace rulecraft::service
