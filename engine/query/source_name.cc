#include "query/source_name.h"

#include <filesystem>
#include <map>
#include <mutex>

#include "ruleset/ruleset.h"

namespace rulecraft::query {
namespace {

namespace fs = std::filesystem;

// The nearest folder above `path` (lexically) that holds a ruleset.rules, or empty.
fs::path RulesetFolderOf(const fs::path& path) {
  std::error_code error;
  for (fs::path folder = path.parent_path(); !folder.empty(); folder = folder.parent_path()) {
    if (fs::is_regular_file(folder / ruleset::kManifestFile, error)) return folder;
    if (folder == folder.parent_path()) break;  // the root
  }
  return {};
}

}  // namespace

std::string RulesetRelativeName(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::string, std::less<>> names;  // path -> name shown
  std::lock_guard<std::mutex> lock(mutex);
  if (auto found = names.find(path); found != names.end()) return found->second;
  fs::path file(path);
  fs::path folder = RulesetFolderOf(file.lexically_normal());
  std::string name = path;
  if (!folder.empty()) {
    fs::path inside = file.lexically_normal().lexically_relative(folder);
    name = folder.filename().string() + ":" + inside.generic_string();
  }
  if (names.size() < 4096)
    names.emplace(path, name);  // a bounded cache: the files of a few rulesets
  return name;
}

}  // namespace rulecraft::query
