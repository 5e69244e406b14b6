#include "cli/usage_errors.h"

#include <fmt/format.h>

#include "base/suggest.h"

namespace rulecraft::cli {
namespace {

// Every spelling of the command's options: "--explain", "-v", "--help", ….
std::vector<std::string> OptionSpellings(const CLI::App& command) {
  std::vector<std::string> spellings;
  for (const CLI::Option* option : command.get_options()) {
    for (const std::string& name : option->get_lnames()) spellings.push_back("--" + name);
    for (const std::string& name : option->get_snames()) spellings.push_back("-" + name);
  }
  return spellings;
}

// "rulecraft run", or "rulecraft" for the main command.
std::string CommandName(const CLI::App& command) {
  return command.get_parent() == nullptr ? "rulecraft" : "rulecraft " + command.get_name();
}

// Reports the arguments `command` did not take, each an unknown option or a stray argument,
// each with the note `help`.
void ReportExtras(const CLI::App& command, const std::string& help, Diagnostics& diagnostics) {
  for (const std::string& argument : command.remaining()) {
    if (argument.size() > 1 && argument[0] == '-') {
      std::string option = argument.substr(0, argument.find('='));
      Diagnostic& error = diagnostics.Error(
          "unknown-option", {}, fmt::format("unknown option '{}' for '{}'", option, CommandName(command)));
      SuggestName(error, option, OptionSpellings(command));
      error.notes.push_back({{}, help});
    } else {
      diagnostics.Error("unexpected-argument", {},
                        fmt::format("unexpected argument '{}' for '{}'", argument, CommandName(command)))
          .notes.push_back({{}, help});
    }
  }
}

}  // namespace

const CLI::App& ParsedCommand(const CLI::App& app) {
  std::vector<CLI::App*> parsed = app.get_subcommands();
  return parsed.empty() ? app : *parsed.front();
}

void ReportUsageError(const CLI::ParseError& error, const CLI::App& app, Diagnostics& diagnostics) {
  const CLI::App& command = ParsedCommand(app);
  std::string help = fmt::format("'{} --help' lists the options", CommandName(command));
  size_t before = diagnostics.size();
  if (dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr) ReportExtras(command, help, diagnostics);
  if (diagnostics.size() == before) diagnostics.Error("bad-command-line", {}, error.what()).notes.push_back({{}, help});
}

}  // namespace rulecraft::cli
