// The load of a ruleset's layers in three stages: planned in the order a load on one thread takes
// it (each layer's files read together once listed, where files are read in batches), the parsing
// of its files (and their reading, where not) run on other threads meanwhile, then replayed in
// that order, so diagnostics, tables and rules come out as a load on one thread makes them.
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "base/parallel_jobs.h"
#include "dsl/ast/ast.h"
#include "dsl/check/manifest.h"
#include "dsl/compile/pipeline.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"
#include "tables/table.h"
#include "tables/table_loader.h"

namespace rulecraft::ruleset {

// One step of the load of layers.
struct LayerStep {
  enum class Kind {
    kNotes,       // only what planning reported
    kLayerStart,  // a layer begins: its errors are counted from here
    kRulesFile,   // a rules file joins the files to compile
    kTableFile,   // a table file joins its layer's tables
    kLayerEnd,    // the layer's tables join the ruleset's, the layer its lineage; errors in it stop the load
    kFail,        // the load of layers stops here
  };
  Kind kind = Kind::kNotes;
  Diagnostics notes;  // what planning or the step's job reported, shown before the step's own

  // kLayerStart: when planning read only the manifest of the layer's manifest file, the file,
  // parsed whole by the step's job (`parsed`, or `parse_slowly` when the fast parser declined it;
  // the layers are then planned again, each manifest file parsed whole while planning).
  // kRulesFile: the manifest file, parsed while planning (or by `parsed_by`'s job, the layer's
  // kLayerStart step), or another file of the layer (`path`), read while planning or by its job,
  // parsed by its job.
  std::string path;
  int layer = 0;
  std::string layer_name;
  std::optional<ast::RulesFile> parsed;
  const SourceFile* file = nullptr;  // nullptr when it could not be read (notes say why)
  bool read_while_planning = false;  // with the layer's other files (base/batch_read.h); else by the job
  bool parse_slowly = false;         // the fast parser declined it: ANTLR parses it when replayed
  LayerStep* parsed_by = nullptr;
  // kTableFile: read (while planning or by its job) and loaded by its job, or both when replayed
  // if a table of that name is below (it is loaded over that one).
  tables::TableFile table_file;
  double square_ft = 5;
  bool over_below = false;
  std::optional<tables::Table> table;
  // kLayerEnd; kLayerStart: `directory` too
  check::ManifestInfo manifest;
  std::string directory;
};

// The rules files of a layer besides its manifest (kManifestFile), sorted: the files its load
// reads with the manifest, besides its tables (tables::ListTableFiles of its tables/ folder).
std::vector<std::string> ExtraRulesFiles(const std::string& directory);

// Plans the load of the ruleset in `directory`, the rulesets it extends and the modules they use:
// the manifests (and, where files are read in batches, each layer's other files) are read now and
// the manifests' headers parsed; the parse of the rest of each manifest file and the other files'
// work are added to `jobs` as their steps are planned (call jobs.Finish() before replaying).
std::deque<LayerStep> PlanLayers(const std::string& directory, SourceSet& sources, JobQueue& jobs);

// Replays the steps in order into `out`, `files` and `diagnostics` as a load on one thread makes
// them; false when the load of layers stopped on a failure or on a layer with errors. When a
// manifest file's parse needs ANTLR (a broken file), the layers are planned again first, each
// manifest file parsed whole while planning, so its errors come where a load on one thread has them.
bool ReplayLayers(std::deque<LayerStep>& steps, SourceSet& sources, Diagnostics& diagnostics, Ruleset& out,
                  std::vector<compile::LayeredFile>& files);

}  // namespace rulecraft::ruleset
