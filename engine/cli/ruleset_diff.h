// `rulecraft diff A B`: two rulesets compared after `extends` and `uses` are resolved — their
// settings, their rules (by name, as written) and their tables (by row name, cell by cell).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::cli {

// What `diff` found: the JSON document (`a`, `b`, `equal`, `settings`, `rules`, `tables`;
// docs/homebrew.md), whether both rulesets loaded, and whether they are equal.
struct DiffAnswer {
  nlohmann::json document;
  bool loaded = false;
  bool equal = false;
};

// Loads the rulesets `a` and `b` (bundled names or folders) into `sources` and compares them;
// a ruleset that does not load is reported in `diagnostics` and `loaded` is false.
DiffAnswer AnswerDiff(const std::string& a, const std::string& b, SourceSet& sources, Diagnostics& diagnostics);

// The differences of a DiffAnswer's document for people: one block each for settings, rules and
// tables, `-` for A's side, `+` for B's, `~` for a change, and a count at the end.
std::string RenderDiffText(const nlohmann::json& document);

}  // namespace rulecraft::cli
