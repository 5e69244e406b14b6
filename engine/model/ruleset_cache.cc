// RulesetCache (model/scenario_reader.h): rulesets loaded once, and again after an edit.
#include <filesystem>

#include "model/scenario_reader.h"
#include "ruleset/compiled_cache.h"

namespace rulecraft::model {

namespace fs = std::filesystem;

namespace {

// What an edit to which reloads a ruleset: its folders and those it extends or uses (their
// tables, rules and hooks/), and the scripts shared by every ruleset.
std::vector<std::string> WatchedFolders(const ruleset::Ruleset& rules) {
  std::vector<std::string> folders = rules.layer_directories;
  folders.push_back(hooks::ScriptCache::SharedFolder());
  return folders;
}

}  // namespace

void RulesetCache::ForgetIfChanged(const std::string& key) {
  auto found = loaded_.find(key);
  if (found == loaded_.end() || !checked_.insert(key).second) return;
  const Entry& entry = found->second;
  std::vector<std::string> folders = entry.ruleset ? WatchedFolders(*entry.ruleset) : std::vector<std::string>{key};
  if (ruleset::StampFolders(folders).Same(entry.stamp)) return;
  if (found->second.ruleset) replaced_.push_back(std::move(found->second.ruleset));
  loaded_.erase(found);
  failures_.erase(key);
  reported_.erase(key);
  // A script in hooks/ or the shared scripts/ may have changed or appeared too; scripts already handed
  // out stay alive (shared), the rest are read again when next asked for.
  scripts_ = hooks::ScriptCache();
}

const ruleset::Ruleset* RulesetCache::Get(const std::string& directory, SourceSet& sources,
                                          Diagnostics& diagnostics) {
  // A folder that cannot be resolved (a loop of links) is kept by its name; its load says why.
  std::error_code error;
  fs::path canonical = fs::weakly_canonical(directory, error);
  std::string key = error ? fs::path(directory).lexically_normal().string() : canonical.string();
  ForgetIfChanged(key);
  auto found = loaded_.find(key);
  if (found != loaded_.end()) {
    if (found->second.ruleset == nullptr && reported_.insert(key).second) diagnostics.Append(failures_[key]);
    return found->second.ruleset.get();
  }
  ruleset::FolderStamp before = ruleset::StampFolders({key});
  Diagnostics found_now;
  auto loaded = ruleset::LoadRulesetCached(directory, compiled_folder_, sources, found_now);
  diagnostics.Append(found_now);
  reported_.insert(key);
  checked_.insert(key);
  Entry& slot = loaded_[key];
  if (loaded) {
    slot.ruleset = std::make_unique<ruleset::Ruleset>(std::move(*loaded));
    slot.stamp = ruleset::StampFolders(WatchedFolders(*slot.ruleset));
  } else {
    failures_[key] = std::move(found_now);
    slot.stamp = ruleset::StampFolders({key});
  }
  // Edited while it loaded: what was read may mix old and new, so the next call loads it again.
  if (!ruleset::StampFolders({key}).Same(before)) slot.stamp.never_matches = true;
  return slot.ruleset.get();
}

}  // namespace rulecraft::model
