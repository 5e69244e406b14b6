// The rules compiler as a list of named passes over a ruleset's rules files:
//   parse → resolve → types → units → fold → lower
// Each pass reports into the diagnostics; the next runs only while there are no errors.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dsl/ast/ast.h"
#include "dsl/check/layers.h"
#include "dsl/compile/program.h"
#include "rulecraft/diagnostic.h"
#include "tables/table.h"

namespace rulecraft::compile {

// The pass names, in order (for `rulecraft check --dump-after=PASS`).
const std::vector<std::string>& PassNames();

// Parsed rules files with the layer each belongs to (dsl/check/layers.h).
using LayeredFile = check::LayeredFile;

// Options for one compilation.
struct CompileOptions {
  std::string dump_after;       // a pass name, or empty
  std::string* dump = nullptr;  // receives the IR printed after that pass
  // Threads that read and parse a ruleset's files (ruleset::LoadRuleset): 0 one per core (at most
  // 4), 1 only the calling thread. The result is the same whatever the number.
  int threads = 0;
};

// Merges the files (check::MergeLayers: a later layer's `override rule` replaces an earlier one),
// checks and compiles them against the ruleset's tables. nullopt when anything is wrong.
std::optional<Program> CompileRules(std::vector<LayeredFile> files, const tables::TableSet& tables,
                                    double square_ft, Diagnostics& diagnostics,
                                    const CompileOptions& options = {});

}  // namespace rulecraft::compile
