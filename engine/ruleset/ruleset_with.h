// A test case's `with:` (docs/scenarios.md, "Overrides for one case"): a ruleset with some table
// cells replaced and some rules overridden, for that case only.
#pragma once

#include <cstdint>
#include <map>
#include <optional>

#include <yaml-cpp/yaml.h>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"

namespace rulecraft::ruleset {

// `base` changed as the `with:` mapping `with` (written in `file`) says:
//   tables: { TABLE: { ROW: { COLUMN: VALUE, … }, … }, … }   cells replaced, read as the column's type
//   rules: "override rule NAME(…): TYPE = …"                 rules added as one more layer
// then compiled again. nullopt when anything is wrong, each error located in `file` (a table,
// row or column that does not exist, with the closest name; a value of the wrong type) or in
// the rules text, which is shown as a file named `FILE:LINE (with: rules)`.
std::optional<Ruleset> RulesetWith(const Ruleset& base, const SourceFile& file, const YAML::Node& with,
                                   SourceSet& sources, Diagnostics& diagnostics);

// The `with:` of each query of a scenario file, by the offset where its query mapping starts
// (model::Query::span.begin); empty when none has one or the file does not parse.
std::map<uint32_t, YAML::Node> CaseOverrides(const SourceFile& file);

}  // namespace rulecraft::ruleset
