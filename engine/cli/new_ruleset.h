// `rulecraft new NAME --extends PARENT [DIR]`: a ruleset folder that extends PARENT, ready to fill.
#pragma once

#include <string>

#include "rulecraft/diagnostic.h"

namespace rulecraft::cli {

// What `new` is asked for: the ruleset's name, the ruleset it extends (a bundled name or a
// folder) and the folder to create (empty: NAME in the current folder).
struct NewRulesetRequest {
  std::string name;
  std::string extends;
  std::string folder;
};

// Creates the folder with ruleset.rules (the manifest and commented examples of an overridden
// rule and table row), README.md (a decisions table to fill) and tests/basics.yaml (one passing
// case, its expectation the parent's answer). Refuses, creating nothing, when the folder exists,
// NAME is not a rules identifier or PARENT does not load; returns the folder made, or empty.
std::string CreateRuleset(const NewRulesetRequest& request, Diagnostics& diagnostics);

}  // namespace rulecraft::cli
