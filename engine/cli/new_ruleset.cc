#include "cli/new_ruleset.h"

#include <filesystem>
#include <fstream>
#include <regex>

#include <fmt/format.h>

#include "base/folder_files.h"
#include "base/suggest.h"
#include "rulecraft/rulecraft.h"
#include "ruleset/ruleset.h"

namespace rulecraft::cli {
namespace {

namespace fs = std::filesystem;

// What the new ruleset's manifest writes after `extends`: a bundled name as it is, a folder
// as a quoted path from the new folder (starting with `.` so it is not read as a name).
std::string ExtendsText(const std::string& given, const std::string& parent_folder, const fs::path& folder) {
  bool bundled = given.find('/') == std::string::npos && given[0] != '.' && !PathMayBeFolder(given);
  if (bundled) return given;
  fs::path relative = fs::absolute(parent_folder).lexically_normal().lexically_relative(
      fs::absolute(folder).lexically_normal());
  std::string text = relative.generic_string();
  if (text.empty() || text[0] != '.') text = "./" + text;
  return "\"" + text + "\"";
}

// A commented override of one of the parent's rules: `hindrances` where it has one (d20
// movement), else its first rule, its parameters left for the reader to copy.
std::string OverrideExample(const ruleset::Ruleset& parent) {
  if (parent.program->FindRule("hindrances") >= 0) {
    return "#   override rule hindrances(mover: creature, step: step): number =\n"
           "#     super(mover, step) + 1";
  }
  for (const compile::CompiledRule& rule : parent.program->rules) {
    if (rule.name.find('.') != std::string::npos) continue;
    return fmt::format("#   override rule {}(…the parameters {} writes…): … =\n#     super(…)", rule.name,
                       parent.manifest.name);
  }
  return "#   override rule NAME(…): … = …";
}

std::string ManifestText(const std::string& name, const std::string& extends, const ruleset::Ruleset& parent) {
  const tables::Table& speeds = parent.Table("speeds");
  std::string row = speeds.rows.empty() ? "human" : speeds.rows.front().name;
  std::string settings = fmt::format("square = {} ft", parent.manifest.square_ft);
  if (parent.manifest.diagonal_cycle != 2) settings += fmt::format(" diagonal_cycle = {}", parent.manifest.diagonal_cycle);
  return fmt::format(
      R"(# {name}: {parent} with house rules. Everything not written here is {parent}'s (docs/homebrew.md).
# README.md lists each decision; tests/ pins each answer (`rulecraft test {name}`).
ruleset {name} "{name}, a {parent} homebrew" extends {extends} {{ {settings} }}

# To change a rule, override it with the same name and parameters; `super(…)` calls the rule it
# replaces, so a house rule can add to the parent's instead of copying it
# (the parent's rules are in its folder's *.rules files). For example:
#
{example}
#
# To change a table, write a file of the same name under tables/ that says only how it differs
# (docs/tables.md, "A parent's table, changed"): `change:` a parent's row in part, `remove:` a
# parent's row, `rows:` a new or whole row; other rows stay the parent's. For example,
# tables/speeds.yaml:
#
#   change:
#     - name: {row}
#       speed: {{ none: 40 ft, light: 40 ft, medium: 30 ft, heavy: 30 ft }}
#
# `rulecraft diff {parent} .` lists what this ruleset changes.
)",
      fmt::arg("name", name), fmt::arg("parent", parent.manifest.name), fmt::arg("extends", extends),
      fmt::arg("settings", settings), fmt::arg("row", row), fmt::arg("example", OverrideExample(parent)));
}

std::string ReadmeText(const std::string& name, const std::string& parent) {
  return fmt::format(
      R"(# {name}: a {parent} homebrew

Everything this ruleset does not change is {parent}'s. Each house rule is one row below: what
the book says, what this ruleset says, and where it is written.

| # | decision | {parent} says | {name} says | file | test |
|---|---|---|---|---|---|
| 1 | (a house rule) | (the book's rule, quoted) | (the change) | `ruleset.rules` or `tables/…` | `tests/…` |

Run it:

```
rulecraft check .
rulecraft test .
rulecraft diff {parent} .
```
)",
      fmt::arg("name", name), fmt::arg("parent", parent));
}

// The scenario of the first test, with `expect` filled in (or without it, to run it).
std::string TestText(const std::string& parent, const std::string& race, const std::string& expect) {
  std::string text = fmt::format(
      "# The answer {parent} gives, unchanged here: a house rule that changes it changes this case.\n"
      "description: \"a creature's speed, as {parent} gives it\"\n"
      "creatures:\n"
      "  - {{ id: hero, race: {race} }}\n"
      "queries:\n"
      "  - id: speed_as_{parent}\n"
      "    speed: {{ creature: hero }}\n"
      "    rule: \"{parent}'s speed for its speeds row '{race}'; no house rule changes it yet\"\n",
      fmt::arg("parent", parent), fmt::arg("race", race));
  if (!expect.empty()) text += "    expect: " + expect + "\n";
  return text;
}

// The parent's `land_ft` for the test's creature, as `{ land_ft: N }`, or empty when it has none.
std::string ParentExpectation(const std::string& parent_folder, const std::string& parent, const std::string& race,
                              Diagnostics& diagnostics) {
  Session session;
  std::string text = "ruleset: " + fs::absolute(parent_folder).string() + "\n" + TestText(parent, race, "");
  auto results = session.RunScenario(ScenarioText{"<new test>", text, "."}, diagnostics);
  if (!results || !results->contains("results") || (*results)["results"].empty()) return {};
  const nlohmann::json& answer = (*results)["results"][0];
  const nlohmann::json* land = answer.contains("land_ft") ? &answer["land_ft"]
                               : answer.contains("answer") && answer["answer"].contains("land_ft")
                                   ? &answer["answer"]["land_ft"]
                                   : nullptr;
  if (land == nullptr) return {};
  return "{ land_ft: " + land->dump() + " }";
}

bool WriteNewFile(const fs::path& path, const std::string& text, Diagnostics& diagnostics) {
  if (PathMayExist(path.string())) {
    diagnostics.Error("file-exists", {}, fmt::format("'{}' exists; rulecraft new never overwrites a file", path.string()));
    return false;
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) diagnostics.Error("unwritable-file", {}, fmt::format("cannot write '{}'", path.string()));
  return static_cast<bool>(out);
}

}  // namespace

std::string CreateRuleset(const NewRulesetRequest& request, Diagnostics& diagnostics) {
  if (!std::regex_match(request.name, std::regex("[a-zA-Z_][a-zA-Z_0-9]*"))) {
    diagnostics.Error("bad-ruleset-name", {},
                      fmt::format("expected a ruleset name of letters, digits and '_' (not starting with a "
                                  "digit), found '{}'", request.name));
    return {};
  }
  fs::path folder = request.folder.empty() ? fs::path(request.name) : fs::path(request.folder);
  std::error_code error;
  if (fs::exists(folder, error)) {
    diagnostics.Error("folder-exists", {},
                      fmt::format("'{}' exists; rulecraft new never overwrites a folder: name a new one",
                                  folder.string()));
    return {};
  }
  auto parent_folder = ruleset::ResolveRuleset(request.extends, "");
  if (!parent_folder) {
    Diagnostic& unknown = diagnostics.Error(
        "unknown-ruleset", {},
        fmt::format("'{}' is neither a bundled ruleset nor a ruleset directory to extend", request.extends));
    SuggestName(unknown, request.extends, ruleset::BundledRulesetNames());
    return {};
  }
  SourceSet sources;
  Diagnostics parent_diagnostics;
  auto parent = ruleset::LoadRuleset(*parent_folder, sources, parent_diagnostics);
  if (!parent) {
    diagnostics.Error("broken-parent", {},
                      fmt::format("'{}' does not load (`rulecraft check {}` says why); fix it before extending it",
                                  request.extends, request.extends));
    return {};
  }
  const tables::Table& speeds = parent->Table("speeds");
  std::string race = speeds.rows.empty() ? "human" : speeds.rows.front().name;
  std::string expect = ParentExpectation(*parent_folder, parent->manifest.name, race, diagnostics);
  if (expect.empty()) {
    diagnostics.Error("no-first-test", {}, fmt::format("'{}' gives no speed to pin in a first test", request.extends));
    return {};
  }
  fs::create_directories(folder / "tests", error);
  if (error) {
    diagnostics.Error("unwritable-file", {}, fmt::format("cannot create '{}': {}", folder.string(), error.message()));
    return {};
  }
  bool ok = WriteNewFile(folder / ruleset::kManifestFile,
                         ManifestText(request.name, ExtendsText(request.extends, *parent_folder, folder), *parent),
                         diagnostics) &&
            WriteNewFile(folder / "README.md", ReadmeText(request.name, parent->manifest.name), diagnostics) &&
            WriteNewFile(folder / "tests" / "basics.yaml", TestText(parent->manifest.name, race, expect), diagnostics);
  return ok ? folder.string() : std::string();
}

}  // namespace rulecraft::cli
