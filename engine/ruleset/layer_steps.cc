#include "ruleset/layer_steps.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "base/batch_read.h"
#include "base/data_folder.h"
#include "base/folder_files.h"
#include "base/limits.h"
#include "base/parallel_jobs.h"
#include "base/suggest.h"
#include "dsl/parse/fast_parser.h"
#include "dsl/parse/parse.h"

namespace rulecraft::ruleset {

std::vector<std::string> ExtraRulesFiles(const std::string& directory) {
  std::error_code error;
  std::vector<std::string> files = FolderFiles(directory, {".rules"}, error);
  std::erase_if(files, [](const std::string& path) {
    return std::string_view(path).substr(path.rfind('/') + 1) == kManifestFile;  // npos + 1 is 0
  });
  return files;
}

namespace {

namespace fs = std::filesystem;

// The folder of bundled modules: rulesets/modules.
fs::path BundledModulesFolder() { return fs::path(BundledRulesetsFolder()) / "modules"; }

// The folder of bundled modules as diagnostics show it (relative to the working folder when it
// can be), lexically normal, "" for the working folder: a module's name (one plain component)
// joined to it is lexically normal too, as (shown / name).lexically_normal() would make it.
std::string ShownModulesFolder() {
  std::string normal = fs::path(ProximateDataPath(BundledModulesFolder().string())).lexically_normal().string();
  return normal == "." ? std::string() : normal;
}

// A module's folder: a bundled module's name, or a path relative to the ruleset's folder.
struct ModuleFolder {
  std::string path;
  // A bundled module's folder, not looked at yet (a system call saved per module): whether it
  // holds a manifest is found when the manifest is read (Planner::Layer's `unknown_module`).
  bool unchecked = false;
};

// The folder of the module `name_or_path`; nullopt for a path that leads to no manifest.
// `shown_modules`: ShownModulesFolder(), found when first needed.
std::optional<ModuleFolder> ResolveModule(const std::string& name_or_path, const std::string& directory,
                                          std::optional<std::string>& shown_modules) {
  bool looks_like_path = name_or_path.find('/') != std::string::npos || name_or_path[0] == '.';
  if (looks_like_path) {
    fs::path path = fs::path(directory) / name_or_path;
    if (!PathMayExist((path / kManifestFile).string())) return std::nullopt;
    return ModuleFolder{path.lexically_normal().string()};
  }
  // A name: one component, neither "." nor "..", so joining it as text is what fs::path would do.
  if (!shown_modules) shown_modules = ShownModulesFolder();
  return ModuleFolder{JoinPath(*shown_modules, name_or_path), /*unchecked=*/true};
}

// Walks the layers as a load on one thread does, noting the steps.
class Planner {
 public:
  // `whole_manifests`: each manifest file is parsed whole while planning, as the replay needs
  // when a manifest file's fast parse was declined; else only its manifest is, the rest by a job.
  Planner(SourceSet& sources, JobQueue& jobs, bool whole_manifests)
      : sources_(sources), jobs_(jobs), whole_manifests_(whole_manifests) {}

  // Plans one layer and the layers below it; false on a hard failure (planned as a kFail step).
  // A module (`is_module`, loaded by `uses`) may have no tables folder: it may hold rules only.
  // `unknown_module`: the name of a bundled module whose folder was not looked at (ModuleFolder),
  // reported as an unknown module when the folder has no manifest.
  bool Layer(const std::string& directory, int depth, const SourceSpan& requested_at, bool is_module,
             const std::string* unknown_module = nullptr);

  std::deque<LayerStep> steps;

 private:
  LayerStep& Add(LayerStep::Kind kind) {
    LayerStep& step = steps.emplace_back();  // made in place: a step is large to move
    step.kind = kind;
    return step;
  }
  // Where planning reports: a kNotes step at the end.
  Diagnostics& Notes() {
    return !steps.empty() && steps.back().kind == LayerStep::Kind::kNotes ? steps.back().notes
                                                                          : Add(LayerStep::Kind::kNotes).notes;
  }
  bool Fail() {
    Add(LayerStep::Kind::kFail);
    return false;
  }
  // Reports `name`, used at `span`, as no module there is, with the bundled modules suggested.
  bool UnknownModule(const std::string& name, const SourceSpan& span) {
    Diagnostic& error = Notes().Error("unknown-module", span, fmt::format("unknown module '{}' to use", name));
    SuggestName(error, name, RulesetNamesIn(BundledModulesFolder().string()));
    return Fail();
  }

  // Reads the files of rules and table steps together (SourceSet::ReadAll), each into its step,
  // where files are read in batches (base/batch_read.h); else each step's job reads its file.
  void ReadFiles(const std::vector<LayerStep*>& steps);
  // Hands a step's work on its file to the job queue (steps stay where they are: a deque).
  void AddJob(LayerStep& step);

  SourceSet& sources_;
  JobQueue& jobs_;
  bool whole_manifests_;
  std::optional<std::string> shown_modules_;        // found when a bundled module is first used
  std::vector<std::string> layer_directories_;      // the layers ended so far
  std::set<std::string, std::less<>> stems_below_;  // their table files' stems
};

bool Planner::Layer(const std::string& directory, int depth, const SourceSpan& requested_at, bool is_module,
                    const std::string* unknown_module) {
  std::string manifest_path = JoinPath(directory, kManifestFile);
  // Read first: whether it exists is asked (one more system call) only when it cannot be read,
  // and what the read reported is kept only when it does exist (a missing file's read changes nothing).
  Diagnostics read_notes;
  const SourceFile* file = sources_.Read(manifest_path, read_notes);
  if (file == nullptr && !PathMayExist(manifest_path)) {
    if (unknown_module != nullptr) return UnknownModule(*unknown_module, requested_at);
    Notes().Error("missing-file", requested_at.HasFile() ? requested_at : SourceSpan{directory, 0, 0},
                  fmt::format("'{}' is not a ruleset: it has no {}", directory, kManifestFile));
    return Fail();
  }
  if (!read_notes.empty()) Notes().Append(read_notes);
  if (file == nullptr) return Fail();
  LayerStep& start = Add(LayerStep::Kind::kLayerStart);
  start.directory = directory;
  // Only the manifest is needed to go on; the whole file's parse (which, unless it is declined,
  // holds this manifest and reports nothing) runs beside the planning.
  std::optional<ast::Manifest> header = whole_manifests_ ? std::nullopt : parse::FastParseManifest(*file);
  std::optional<ast::RulesFile> parsed;
  check::ManifestInfo manifest;
  if (header) {
    start.file = file;
    start.read_while_planning = true;
    AddJob(start);
    manifest = check::CheckManifest(*header, Notes());
  } else {
    parsed = parse::ParseRulesFile(*file, Notes());
    if (parsed && !parsed->has_manifest) {
      Notes().Error("missing-manifest", {file->path(), 0, 1},
                    fmt::format("{} must start with the manifest: ruleset NAME \"title\" {{ square = 5 ft }}",
                                kManifestFile));
      manifest.name = fs::path(directory).filename().string();
    } else if (parsed) {
      manifest = check::CheckManifest(parsed->manifest, Notes());
    } else if (PathMayBeFolder(JoinPath(directory, "tables"))) {
      // Keep going with defaults so the tables' errors are reported too.
      manifest.name = fs::path(directory).filename().string();
    } else {
      return Fail();  // no tables of its own: it extends a ruleset the broken manifest would name
    }
  }

  if (!manifest.extends.empty()) {
    if (depth >= limits::kMaxExtendsDepth) {
      Notes().Error("extends-cycle", manifest.extends_span, "rulesets extend each other in a cycle or too deep a chain");
      return Fail();
    }
    auto parent = ResolveRuleset(manifest.extends, directory);
    if (!parent) {
      Diagnostic& error = Notes().Error("unknown-ruleset", manifest.extends_span,
                                        fmt::format("unknown ruleset '{}' to extend", manifest.extends));
      SuggestName(error, manifest.extends, BundledRulesetNames());
      return Fail();
    }
    if (!Layer(*parent, depth + 1, manifest.extends_span, false)) return false;
  }
  // Shared modules (`uses`) come after the parent and before this layer, which may override them.
  for (const auto& [name, span] : manifest.uses) {
    auto module = ResolveModule(name, directory, shown_modules_);
    if (!module) return UnknownModule(name, span);
    if (std::find(layer_directories_.begin(), layer_directories_.end(), module->path) != layer_directories_.end()) {
      continue;  // a parent uses it already
    }
    if (!Layer(module->path, depth + 1, span, /*is_module=*/true, module->unchecked ? &name : nullptr)) return false;
  }
  int layer_index = static_cast<int>(layer_directories_.size());
  if (header || parsed) {
    LayerStep& step = Add(LayerStep::Kind::kRulesFile);
    step.parsed = std::move(parsed);
    if (header) step.parsed_by = &start;
    step.layer = layer_index;
    step.layer_name = manifest.name;
  }
  std::vector<LayerStep*> to_read;  // the layer's files, read together once listed
  for (std::string& path : ExtraRulesFiles(directory)) {
    LayerStep& step = Add(LayerStep::Kind::kRulesFile);
    step.path = std::move(path);
    step.layer = layer_index;
    step.layer_name = manifest.name;
    to_read.push_back(&step);
  }

  std::vector<std::string> stems;
  std::string table_folder = JoinPath(directory, "tables");
  // Listed without asking first whether the folder is there (a system call saved per layer): a
  // layer that extends another, or a module, may have none; the base ruleset must.
  bool may_be_absent = !manifest.extends.empty() || is_module;
  for (tables::TableFile& table_file : tables::ListTableFiles(table_folder, Notes(), may_be_absent)) {
    LayerStep& step = Add(LayerStep::Kind::kTableFile);
    step.over_below = stems_below_.find(table_file.Stem()) != stems_below_.end();
    stems.emplace_back(table_file.Stem());
    step.table_file = std::move(table_file);
    step.square_ft = manifest.square_ft;
    if (!step.over_below) to_read.push_back(&step);
  }
  ReadFiles(to_read);
  for (LayerStep* step : to_read) AddJob(*step);
  stems_below_.insert(stems.begin(), stems.end());
  layer_directories_.push_back(directory);
  LayerStep& end = Add(LayerStep::Kind::kLayerEnd);
  end.manifest = std::move(manifest);
  end.directory = directory;
  return true;
}

// The path of a rules or table step's file.
const std::string& PathOf(const LayerStep& step) {
  return step.kind == LayerStep::Kind::kTableFile ? step.table_file.path : step.path;
}

// A step's work on its file, reading it first unless planning read it, reported in its notes.
void RunJob(LayerStep& step, SourceSet& sources) {
  if (!step.read_while_planning) step.file = sources.Read(PathOf(step), step.notes);
  if (step.file == nullptr) return;
  if (step.kind == LayerStep::Kind::kTableFile) {
    step.table = tables::LoadTableFrom(*step.file, step.table_file, step.square_ft, step.notes);
    return;
  }
  // The ANTLR parser is left to the replay on one thread; the fast one keeps no shared state.
  step.parsed = parse::FastParseRulesFile(*step.file);
  step.parse_slowly = !step.parsed;
}

void Planner::ReadFiles(const std::vector<LayerStep*>& steps) {
  // One by one, each file is read by its job, beside the planning.
  if (!CanReadBatches()) return;
  std::vector<std::string> paths;
  paths.reserve(steps.size());
  for (const LayerStep* step : steps) paths.push_back(PathOf(*step));
  std::vector<Diagnostics> reported;
  std::vector<const SourceFile*> files = sources_.ReadAll(paths, reported);
  for (size_t i = 0; i < steps.size(); ++i) {
    steps[i]->file = files[i];
    steps[i]->notes.Append(reported[i]);
    steps[i]->read_while_planning = true;
  }
}

void Planner::AddJob(LayerStep& step) {
  jobs_.Add([&step, &sources = sources_] { RunJob(step, sources); });
}

}  // namespace

namespace {

std::deque<LayerStep> Plan(const std::string& directory, SourceSet& sources, JobQueue& jobs, bool whole_manifests) {
  Planner planner(sources, jobs, whole_manifests);
  try {
    planner.Layer(directory, 0, {}, false);
  } catch (...) {
    jobs.Finish();  // the jobs point into the steps
    throw;
  }
  return std::move(planner.steps);
}

// Whether a manifest file's parse, left to a job, was declined by the fast parser.
bool ManifestFileDeclined(const std::deque<LayerStep>& steps) {
  return std::any_of(steps.begin(), steps.end(), [](const LayerStep& step) {
    return step.kind == LayerStep::Kind::kLayerStart && step.parse_slowly;
  });
}

}  // namespace

std::deque<LayerStep> PlanLayers(const std::string& directory, SourceSet& sources, JobQueue& jobs) {
  return Plan(directory, sources, jobs, /*whole_manifests=*/false);
}

bool ReplayLayers(std::deque<LayerStep>& steps, SourceSet& sources, Diagnostics& diagnostics, Ruleset& out,
                  std::vector<compile::LayeredFile>& files) {
  if (ManifestFileDeclined(steps)) {
    // The first layer begun is the ruleset's own: planned again on this thread, each manifest
    // file parsed whole (ANTLR reports its errors) where a load on one thread parses it.
    auto root = std::find_if(steps.begin(), steps.end(),
                             [](const LayerStep& step) { return step.kind == LayerStep::Kind::kLayerStart; });
    std::string directory = root->directory;
    JobQueue jobs(1);
    std::deque<LayerStep> again = Plan(directory, sources, jobs, /*whole_manifests=*/true);
    jobs.Finish();
    steps = std::move(again);
  }
  std::vector<size_t> errors_before;  // of each layer begun and not ended, innermost last
  tables::TableSet layer_tables;      // the tables of the layer whose files are being replayed
  for (LayerStep& step : steps) {
    diagnostics.Append(step.notes);
    switch (step.kind) {
      case LayerStep::Kind::kNotes:
        break;
      case LayerStep::Kind::kFail:
        return false;
      case LayerStep::Kind::kLayerStart:
        errors_before.push_back(diagnostics.ErrorCount());
        break;
      case LayerStep::Kind::kRulesFile:
        if (step.parsed_by != nullptr) step.parsed = std::move(step.parsed_by->parsed);
        if (step.parse_slowly) step.parsed = parse::ParseRulesFileWithAntlr(*step.file, diagnostics);
        if (!step.parsed) break;
        if (!step.path.empty() && step.parsed->has_manifest) {
          diagnostics.Error("misplaced-manifest", step.parsed->manifest.name_span,
                            fmt::format("only {} names the ruleset; this file holds rules only", kManifestFile));
        }
        files.push_back({std::move(*step.parsed), step.layer, std::move(step.layer_name)});
        break;
      case LayerStep::Kind::kTableFile:
        if (step.over_below) {
          step.table = tables::LoadTableFile(step.table_file, step.square_ft, sources, diagnostics, &out.tables);
        }
        if (step.table) layer_tables.Put(std::move(*step.table));
        break;
      case LayerStep::Kind::kLayerEnd: {
        for (auto& [name, table] : layer_tables.TakeAll()) {
          if (tables::Table* base = out.tables.FindMutable(name)) {
            base->Overlay(std::move(table));
          } else {
            out.tables.Put(std::move(table));
          }
        }
        layer_tables = {};
        out.manifest = step.manifest;
        out.directory = step.directory;
        out.lineage.push_back(step.manifest.name);
        out.layer_directories.push_back(std::move(step.directory));
        size_t before = errors_before.back();
        errors_before.pop_back();
        if (diagnostics.ErrorCount() != before) return false;
        break;
      }
    }
  }
  return true;
}

}  // namespace rulecraft::ruleset
