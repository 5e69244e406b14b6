// Compiled rulesets kept in a folder the user names, so that a later process loads a ruleset
// without parsing, checking and compiling its files again. A kept form is used only when this
// very build of rulecraft made it, from the same ruleset folder seen from the same working folder,
// and every file it was made from is still there with the same text and no file was added (a file
// is known unchanged by its settled stamp, rulecraft/file_stamp.h, or read and compared; docs/cache.md).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "dsl/compile/pipeline.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"

namespace rulecraft::ruleset {

// The extension of the files kept in a cache folder; no other file there is ever written.
inline constexpr const char* kCompiledExtension = ".rulecraft-compiled";

// How many compiled rulesets a cache folder keeps: keeping one more removes the ones least
// recently kept or used (each build of rulecraft, ruleset and working folder keeps its own).
inline constexpr size_t kMostKept = 32;

// Loads the ruleset in `directory` as LoadRuleset does, through `cache_folder` (created when
// missing): its kept compiled form when that is current, else from its files, keeping the
// compiled form when the load reported nothing at all. The ruleset's files are in `sources`
// either way (an unchanged file's text read from the kept form when first asked for). A cache that cannot be read is passed over; one that cannot be written
// is reported as a warning. An empty `cache_folder`, or `options` asking for a dump, loads from
// the files only. `used_kept`, when given, tells whether the kept form was used.
std::optional<Ruleset> LoadRulesetCached(const std::string& directory, const std::string& cache_folder,
                                         SourceSet& sources, Diagnostics& diagnostics,
                                         const compile::CompileOptions& options = {}, bool* used_kept = nullptr);

}  // namespace rulecraft::ruleset
