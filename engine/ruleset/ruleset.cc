#include "ruleset/ruleset.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include <fmt/format.h>

#include "base/data_folder.h"
#include "base/limits.h"
#include "base/suggest.h"
#include "dsl/parse/parse.h"
#include "tables/schema.h"
#include "tables/table_loader.h"

namespace rulecraft::ruleset {
namespace {

namespace fs = std::filesystem;

constexpr const char* kManifestFile = "ruleset.rules";

// The rules files of a layer besides the manifest file, sorted.
std::vector<std::string> ExtraRulesFiles(const std::string& directory) {
  std::vector<std::string> files;
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    // The name's extension as fs::path's extension() reads it (from its last '.', which is not
    // its first byte), on the path's own string: a fs::path allocates its parts.
    const std::string& path = it->path().native();
    std::string_view name = std::string_view(path).substr(path.rfind('/') + 1);  // npos + 1 is 0
    size_t dot = name.rfind('.');
    if (dot == std::string_view::npos || dot == 0 || name == "..") continue;
    if (name.substr(dot) == ".rules" && name != kManifestFile) files.push_back(path);
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Parses the layer's other rules files; each must hold rules only.
void ParseExtraFiles(const std::string& directory, int layer, const std::string& layer_name, SourceSet& sources,
                     Diagnostics& diagnostics, std::vector<compile::LayeredFile>& files) {
  for (const std::string& path : ExtraRulesFiles(directory)) {
    const SourceFile* file = sources.Read(path, diagnostics);
    if (file == nullptr) continue;
    auto parsed = parse::ParseRulesFile(*file, diagnostics);
    if (!parsed) continue;
    if (parsed->has_manifest) {
      diagnostics.Error("misplaced-manifest", parsed->manifest.name_span,
                        fmt::format("only {} names the ruleset; this file holds rules only", kManifestFile));
    }
    files.push_back({std::move(*parsed), layer, layer_name});
  }
}

// The folder of bundled modules: rulesets/modules.
fs::path BundledModulesFolder() { return fs::path(BundledRulesetsFolder()) / "modules"; }

// The names of the bundled modules.
std::vector<std::string> BundledModuleNames() {
  std::vector<std::string> names;
  std::error_code error;
  for (fs::directory_iterator it(BundledModulesFolder(), error), end; !error && it != end; it.increment(error)) {
    if (fs::exists(it->path() / kManifestFile)) names.push_back(it->path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// A module's folder: a bundled module's name, or a path relative to the ruleset's folder.
std::optional<std::string> ResolveModule(const std::string& name_or_path, const std::string& directory) {
  bool looks_like_path = name_or_path.find('/') != std::string::npos || name_or_path[0] == '.';
  fs::path path = looks_like_path ? fs::path(directory) / name_or_path : BundledModulesFolder() / name_or_path;
  if (!fs::exists(path / kManifestFile)) return std::nullopt;
  std::error_code error;
  fs::path shown = looks_like_path ? path.lexically_normal() : fs::proximate(path, error);
  return (error ? path : shown).lexically_normal().string();
}

// Loads one layer and the layers below it into `out`; returns false on a hard failure. A module
// (`is_module`, loaded by `uses`) may have no tables folder: it may hold rules only.
bool LoadLayer(const std::string& directory, int depth, SourceSet& sources,
               Diagnostics& diagnostics, Ruleset& out, const SourceSpan& requested_at,
               std::vector<compile::LayeredFile>& files, bool is_module = false) {
  std::string manifest_path = (fs::path(directory) / kManifestFile).string();
  if (!fs::exists(manifest_path)) {
    diagnostics.Error("missing-file", requested_at.HasFile() ? requested_at : SourceSpan{directory, 0, 0},
                      fmt::format("'{}' is not a ruleset: it has no {}", directory, kManifestFile));
    return false;
  }
  const SourceFile* file = sources.Read(manifest_path, diagnostics);
  if (file == nullptr) return false;
  size_t errors_before = diagnostics.ErrorCount();
  auto parsed = parse::ParseRulesFile(*file, diagnostics);
  check::ManifestInfo manifest;
  if (parsed && !parsed->has_manifest) {
    diagnostics.Error("missing-manifest", {file->path(), 0, 1},
                      fmt::format("{} must start with the manifest: ruleset NAME \"title\" {{ square = 5 ft }}",
                                  kManifestFile));
    manifest.name = fs::path(directory).filename().string();
  } else if (parsed) {
    manifest = check::CheckManifest(parsed->manifest, diagnostics);
  } else if (fs::is_directory(fs::path(directory) / "tables")) {
    // Keep going with defaults so the tables' errors are reported too.
    manifest.name = fs::path(directory).filename().string();
  } else {
    return false;  // no tables of its own: it extends a ruleset the broken manifest would name
  }

  if (!manifest.extends.empty()) {
    if (depth >= limits::kMaxExtendsDepth) {
      diagnostics.Error("extends-cycle", manifest.extends_span,
                        "rulesets extend each other in a cycle or too deep a chain");
      return false;
    }
    auto parent = ResolveRuleset(manifest.extends, directory);
    if (!parent) {
      Diagnostic& error = diagnostics.Error(
          "unknown-ruleset", manifest.extends_span,
          fmt::format("unknown ruleset '{}' to extend", manifest.extends));
      SuggestName(error, manifest.extends, BundledRulesetNames());
      return false;
    }
    if (!LoadLayer(*parent, depth + 1, sources, diagnostics, out, manifest.extends_span, files)) {
      return false;
    }
  }
  // Shared modules (`uses`) come after the parent and before this layer, which may override them.
  for (const auto& [name, span] : manifest.uses) {
    auto module = ResolveModule(name, directory);
    if (!module) {
      Diagnostic& error = diagnostics.Error("unknown-module", span, fmt::format("unknown module '{}' to use", name));
      SuggestName(error, name, BundledModuleNames());
      return false;
    }
    if (std::find(out.layer_directories.begin(), out.layer_directories.end(), *module) != out.layer_directories.end()) {
      continue;  // a parent uses it already
    }
    if (!LoadLayer(*module, depth + 1, sources, diagnostics, out, span, files, /*is_module=*/true)) return false;
  }
  int layer_index = static_cast<int>(out.lineage.size());
  if (parsed) files.push_back({std::move(*parsed), layer_index, manifest.name});
  ParseExtraFiles(directory, layer_index, manifest.name, sources, diagnostics, files);

  tables::TableSet layer;
  std::string table_folder = (fs::path(directory) / "tables").string();
  if (fs::is_directory(table_folder) || (manifest.extends.empty() && !is_module)) {
    layer = tables::LoadTableFolder(table_folder, manifest.square_ft, sources, diagnostics, &out.tables);
  }
  for (auto& [name, table] : layer.TakeAll()) {
    if (tables::Table* base = out.tables.FindMutable(name)) {
      base->Overlay(std::move(table));
    } else {
      out.tables.Put(std::move(table));
    }
  }
  out.manifest = manifest;
  out.directory = directory;
  out.lineage.push_back(manifest.name);
  out.layer_directories.push_back(directory);
  return diagnostics.ErrorCount() == errors_before;
}

}  // namespace

const tables::Table& Ruleset::Table(std::string_view name) const {
  static const tables::Table kEmpty;
  const tables::Table* table = tables.Find(name);
  return table != nullptr ? *table : kEmpty;
}

std::string BundledRulesetsFolder() {
  if (const char* override_folder = std::getenv("RULECRAFT_RULESETS")) return override_folder;
  return DataFolder("rulesets", RULECRAFT_BUNDLED_RULESETS);
}

std::vector<std::string> BundledRulesetNames() {
  std::vector<std::string> names;
  std::error_code error;
  for (fs::directory_iterator it(BundledRulesetsFolder(), error), end; !error && it != end;
       it.increment(error)) {
    if (fs::exists(it->path() / kManifestFile)) names.push_back(it->path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::optional<std::string> ResolveRuleset(const std::string& name_or_path,
                                          const std::string& base_folder) {
  if (name_or_path.empty()) return std::nullopt;
  fs::path given(name_or_path);
  bool looks_like_path = name_or_path.find('/') != std::string::npos || name_or_path[0] == '.';
  if (looks_like_path) {
    fs::path path = given.is_absolute() || base_folder.empty() ? given : fs::path(base_folder) / given;
    if (fs::exists(path / kManifestFile)) return path.lexically_normal().string();
    return std::nullopt;
  }
  fs::path bundled = fs::path(BundledRulesetsFolder()) / name_or_path;
  if (!fs::exists(bundled / kManifestFile)) return std::nullopt;
  // Shown in diagnostics and explanations: short and machine-independent when possible.
  std::error_code error;
  fs::path shown = fs::proximate(bundled, error);
  return (error ? bundled : shown).string();
}

std::optional<Ruleset> LoadRuleset(const std::string& directory, SourceSet& sources,
                                   Diagnostics& diagnostics, const compile::CompileOptions& options) {
  Ruleset ruleset;
  size_t errors_before = diagnostics.ErrorCount();
  std::vector<compile::LayeredFile> files;
  bool layers_ok = LoadLayer(directory, 0, sources, diagnostics, ruleset, {}, files);
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
