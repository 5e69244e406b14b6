#include "ruleset/ruleset.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "base/data_folder.h"
#include "base/folder_files.h"
#include "ruleset/layer_steps.h"
#include "tables/table_loader.h"

namespace rulecraft::ruleset {

namespace fs = std::filesystem;

const tables::Table& Ruleset::Table(std::string_view name) const {
  static const tables::Table kEmpty;
  const tables::Table* table = tables.Find(name);
  return table != nullptr ? *table : kEmpty;
}

std::string BundledRulesetsFolder() {
  if (const char* override_folder = std::getenv("RULECRAFT_RULESETS")) return override_folder;
  return DataFolder("rulesets", RULECRAFT_BUNDLED_RULESETS);
}

std::vector<std::string> RulesetNamesIn(const std::string& folder) {
  std::vector<std::string> names;
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    if (PathMayExist((it->path() / kManifestFile).string())) names.push_back(it->path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> BundledRulesetNames() { return RulesetNamesIn(BundledRulesetsFolder()); }

std::optional<std::string> ResolveRuleset(const std::string& name_or_path,
                                          const std::string& base_folder) {
  if (name_or_path.empty()) return std::nullopt;
  fs::path given(name_or_path);
  bool looks_like_path = name_or_path.find('/') != std::string::npos || name_or_path[0] == '.';
  if (looks_like_path) {
    fs::path path = given.is_absolute() || base_folder.empty() ? given : fs::path(base_folder) / given;
    if (PathMayExist((path / kManifestFile).string())) return path.lexically_normal().string();
    return std::nullopt;
  }
  std::string bundled = BundledRulesetsFolder();
  if (!PathMayExist((fs::path(bundled) / name_or_path / kManifestFile).string())) return std::nullopt;
  // Shown in diagnostics and explanations: short and machine-independent when possible.
  return (fs::path(ProximateDataPath(bundled)) / name_or_path).lexically_normal().string();
}

std::optional<Ruleset> LoadRuleset(const std::string& directory, SourceSet& sources,
                                   Diagnostics& diagnostics, const compile::CompileOptions& options) {
  Ruleset ruleset;
  size_t errors_before = diagnostics.ErrorCount();
  std::vector<compile::LayeredFile> files;
  JobQueue jobs(options.threads);
  std::deque<LayerStep> steps = PlanLayers(directory, sources, jobs);
  jobs.Finish();
  bool layers_ok = ReplayLayers(steps, sources, diagnostics, ruleset, files);
  // Even a broken layer's tables are checked as a set, so one run reports everything.
  if (!layers_ok && ruleset.lineage.empty()) return std::nullopt;
  tables::CheckTableSet(ruleset.tables, (fs::path(directory) / "tables").string(), diagnostics);
  // The rules are typed against the tables, so they compile only over sound tables.
  if (diagnostics.ErrorCount() != errors_before) return std::nullopt;
  auto program = compile::CompileRules(std::move(files), ruleset.tables, ruleset.manifest.square_ft,
                                       diagnostics, options);
  if (!program) return std::nullopt;
  program->quoted_text = ruleset.manifest.text;
  ruleset.program = std::make_shared<const compile::Program>(std::move(*program));
  return ruleset;
}

}  // namespace rulecraft::ruleset
