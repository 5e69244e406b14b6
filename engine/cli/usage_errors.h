// A command line CLI11 rejected, reported as diagnostics like any other input error.
#pragma once

#include <string_view>

#include <CLI/CLI.hpp>

#include "rulecraft/diagnostic.h"

namespace rulecraft::cli {

// The subcommand `app` parsed (its first), or `app` itself when none was reached.
const CLI::App& ParsedCommand(const CLI::App& app);

// Adds one error per problem of `error`, raised while parsing `app`, and per argument left
// over, pointing at no file: a misspelt option is "unknown-option" with "did you mean" among
// the options of the subcommand it was given to, a misspelt command "unknown-command", a stray
// argument "unexpected-argument", anything else "bad-command-line"; each ends with a note
// naming the command's --help. `program` is what the user typed to run `app` (its subcommands
// are named after it).
void ReportUsageError(const CLI::ParseError& error, const CLI::App& app, Diagnostics& diagnostics,
                      std::string_view program = "rulecraft");

}  // namespace rulecraft::cli
