// A ruleset directory (manifest + tables, layered over the ruleset it extends) → one Ruleset.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <memory>

#include "dsl/check/manifest.h"
#include "dsl/compile/pipeline.h"
#include "dsl/compile/program.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/table.h"

namespace rulecraft::ruleset {

// A loaded, checked ruleset.
struct Ruleset {
  check::ManifestInfo manifest;
  std::string directory;
  tables::TableSet tables;
  std::vector<std::string> lineage;  // ruleset names, the base first, this one last
  std::vector<std::string> layer_directories;  // the folders of `lineage`, in the same order
  std::shared_ptr<const compile::Program> program;  // the compiled rules of every layer

  // A table the schema marks required; loading fails without it, so this never returns null
  // on a ruleset LoadRuleset returned.
  const tables::Table& Table(std::string_view name) const;
};

// The folder that holds the bundled rulesets: $RULECRAFT_RULESETS when set, else
// share/rulecraft/rulesets next to the installed code, else the source folder's rulesets/ when
// run from the build folder (base/data_folder.h).
std::string BundledRulesetsFolder();

// The file that names a ruleset folder's ruleset (its manifest) and holds its first rules.
inline constexpr const char* kManifestFile = "ruleset.rules";

// The names of the folders in `folder` that hold a ruleset (a kManifestFile), sorted.
std::vector<std::string> RulesetNamesIn(const std::string& folder);

// The names of the bundled rulesets, sorted.
std::vector<std::string> BundledRulesetNames();

// Resolves a bundled ruleset name, or a directory path taken relative to `base_folder`.
std::optional<std::string> ResolveRuleset(const std::string& name_or_path,
                                          const std::string& base_folder);

// Loads the ruleset in `directory` and every ruleset it extends; nullopt when anything is
// wrong, with every problem found in `diagnostics`.
// `options` can ask for the rules' IR after one compiler pass.
std::optional<Ruleset> LoadRuleset(const std::string& directory, SourceSet& sources,
                                   Diagnostics& diagnostics,
                                   const compile::CompileOptions& options = {});

}  // namespace rulecraft::ruleset
