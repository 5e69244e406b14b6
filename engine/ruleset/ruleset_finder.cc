#include "ruleset/ruleset_finder.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/suggest.h"
#include "ruleset/ruleset.h"

namespace rulecraft::ruleset {
namespace {

namespace fs = std::filesystem;

bool IsRulesetFolder(const fs::path& folder) {
  std::error_code error;
  return fs::is_regular_file(folder / kManifestFile, error);
}

// A name is a folder name; anything with a slash or a leading dot is a path.
bool LooksLikePath(const std::string& name_or_path) {
  return name_or_path.find('/') != std::string::npos || name_or_path.find('\\') != std::string::npos ||
         name_or_path[0] == '.';
}

// Whether `inner` is `outer` or lies below it, both made canonical (symbolic links followed).
bool IsInside(const fs::path& inner, const fs::path& outer) {
  std::error_code error;
  fs::path canonical_inner = fs::weakly_canonical(inner, error);
  if (error) return false;
  fs::path canonical_outer = fs::weakly_canonical(outer, error);
  if (error) return false;
  fs::path relative = canonical_inner.lexically_relative(canonical_outer);
  return !relative.empty() && *relative.begin() != "..";
}

// The ruleset names an extra folder offers: itself when it is a ruleset, else its subfolders.
std::vector<std::string> NamesIn(const fs::path& folder) {
  if (IsRulesetFolder(folder)) return {folder.filename().string()};
  std::vector<std::string> names;
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    if (IsRulesetFolder(it->path())) names.push_back(it->path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

RulesetFinder::RulesetFinder(std::vector<std::string> extra_folders, bool confined)
    : extra_folders_(std::move(extra_folders)), confined_(confined) {}

std::vector<std::string> RulesetFinder::Roots() const {
  std::vector<std::string> roots = {BundledRulesetsFolder()};
  roots.insert(roots.end(), extra_folders_.begin(), extra_folders_.end());
  return roots;
}

std::vector<std::string> RulesetFinder::Names() const {
  std::vector<std::string> names = BundledRulesetNames();
  for (const std::string& folder : extra_folders_) {
    for (std::string& name : NamesIn(folder)) {
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
    }
  }
  return names;
}

std::optional<std::string> RulesetFinder::FindName(const std::string& name) const {
  if (auto bundled = ResolveRuleset(name, "")) return bundled;
  for (const std::string& folder : extra_folders_) {
    if (IsRulesetFolder(folder) && fs::path(folder).filename() == name) return folder;
    if (IsRulesetFolder(fs::path(folder) / name)) return (fs::path(folder) / name).lexically_normal().string();
  }
  return std::nullopt;
}

std::optional<std::string> RulesetFinder::FindConfinedPath(const std::string& path, const SourceSpan& where,
                                                           Diagnostics& diagnostics) const {
  bool escapes = fs::path(path).is_absolute();
  if (!escapes) {
    for (const std::string& root : Roots()) {
      fs::path candidate = (fs::path(root) / path).lexically_normal();
      if (!IsInside(candidate, root)) {
        escapes = true;
        continue;
      }
      if (IsRulesetFolder(candidate)) return candidate.string();
    }
  }
  if (!escapes) return std::nullopt;
  diagnostics.Error("ruleset-path-refused", where,
                    fmt::format("ruleset path '{}' is refused: name a served ruleset ({}), or a path inside "
                                "the served ruleset folders",
                                path, fmt::join(Names(), ", ")));
  return {};
}

std::optional<std::string> RulesetFinder::Find(const std::string& name_or_path, const std::string& base_folder,
                                               const SourceSpan& where, Diagnostics& diagnostics) const {
  std::optional<std::string> directory;
  if (name_or_path.empty()) {
    directory = std::nullopt;
  } else if (!LooksLikePath(name_or_path)) {
    directory = FindName(name_or_path);
  } else if (confined_) {
    size_t errors = diagnostics.ErrorCount();
    directory = FindConfinedPath(name_or_path, where, diagnostics);
    if (diagnostics.ErrorCount() != errors) return std::nullopt;
  } else {
    directory = ResolveRuleset(name_or_path, base_folder);
  }
  if (directory) return directory;
  std::vector<std::string> names = Names();
  Diagnostic& error = diagnostics.Error("unknown-ruleset", where, fmt::format("unknown ruleset '{}'", name_or_path));
  SuggestName(error, name_or_path, names);
  error.notes.push_back({{}, fmt::format("{} rulesets: {}{}", extra_folders_.empty() ? "bundled" : "known",
                                         fmt::join(names, ", "), confined_ ? "" : "; or give a ruleset directory path")});
  return std::nullopt;
}

}  // namespace rulecraft::ruleset
