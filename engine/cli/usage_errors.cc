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

// "rulecraft run", or "rulecraft" for the main command (`program`: what runs it).
std::string CommandName(const CLI::App& command, std::string_view program) {
  return command.get_parent() == nullptr ? std::string(program) : fmt::format("{} {}", program, command.get_name());
}

// Reports one argument `command` did not take: an unknown option (with the closest of the
// command's options), an unknown command (given to the main command, with the closest
// subcommand) or a stray argument.
Diagnostic& ReportLeftOver(const CLI::App& command, std::string_view program, const std::string& argument,
                           Diagnostics& diagnostics) {
  if (argument.size() > 1 && argument[0] == '-') {
    std::string option = argument.substr(0, argument.find('='));
    Diagnostic& error = diagnostics.Error(
        "unknown-option", {}, fmt::format("unknown option '{}' for '{}'", option, CommandName(command, program)));
    SuggestName(error, option, OptionSpellings(command));
    return error;
  }
  if (command.get_parent() == nullptr) {
    Diagnostic& error = diagnostics.Error("unknown-command", {}, fmt::format("unknown command '{}'", argument));
    std::vector<std::string> commands;
    for (const CLI::App* subcommand : command.get_subcommands({})) commands.push_back(subcommand->get_name());
    SuggestName(error, argument, commands);
    return error;
  }
  return diagnostics.Error("unexpected-argument", {},
                           fmt::format("unexpected argument '{}' for '{}'", argument, CommandName(command, program)));
}

// Reports the arguments `command` did not take, each with the note `help`; for the main
// command only the first (the would-be command: the rest were meant for it).
void ReportExtras(const CLI::App& command, std::string_view program, const std::string& help,
                  Diagnostics& diagnostics) {
  for (const std::string& argument : command.remaining()) {
    ReportLeftOver(command, program, argument, diagnostics).notes.push_back({{}, help});
    if (command.get_parent() == nullptr) return;
  }
}

}  // namespace

const CLI::App& ParsedCommand(const CLI::App& app) {
  std::vector<CLI::App*> parsed = app.get_subcommands();
  return parsed.empty() ? app : *parsed.front();
}

void ReportUsageError(const CLI::ParseError& error, const CLI::App& app, Diagnostics& diagnostics,
                      std::string_view program) {
  const CLI::App& command = ParsedCommand(app);
  std::string help = fmt::format("'{} --help' lists the options", CommandName(command, program));
  size_t before = diagnostics.size();
  // CLI11 stops at the first problem (a missing argument before a misspelt option): the
  // arguments left over are reported whatever it stopped at. They explain an error about
  // extras, and an unknown command explains why no command was given.
  ReportExtras(command, program, help, diagnostics);
  bool is_extras = dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr;
  bool extras_explained = (is_extras || &command == &app) && diagnostics.size() > before;
  if (!extras_explained) diagnostics.Error("bad-command-line", {}, error.what()).notes.push_back({{}, help});
}

}  // namespace rulecraft::cli
