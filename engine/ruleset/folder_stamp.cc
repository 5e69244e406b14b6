#include "ruleset/folder_stamp.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace rulecraft::ruleset {
namespace {

namespace fs = std::filesystem;

// Adds the stamp of every regular file below `folder` (but its top-level tests/) to `stamp`.
void StampFolder(const fs::path& folder, FolderStamp& stamp) {
  std::error_code error;
  fs::recursive_directory_iterator it(folder, error), end;
  for (; !error && it != end; it.increment(error)) {
    if (it.depth() == 0 && it->path().filename() == "tests" && it->is_directory(error)) {
      it.disable_recursion_pending();
      continue;
    }
    std::error_code stat_error;
    if (!it->is_regular_file(stat_error)) continue;
    uintmax_t size = it->file_size(stat_error);
    auto modified = it->last_write_time(stat_error);
    if (stat_error) continue;  // gone since it was listed: its absence is what the stamp shows
    int64_t nanoseconds = std::chrono::duration_cast<std::chrono::nanoseconds>(modified.time_since_epoch()).count();
    stamp.files.emplace_back(it->path().string(), size, nanoseconds);
  }
}

}  // namespace

bool FolderStamp::Same(const FolderStamp& other) const {
  return !never_matches && !other.never_matches && files == other.files;
}

FolderStamp StampFolders(const std::vector<std::string>& folders) {
  FolderStamp stamp;
  for (const std::string& folder : folders) StampFolder(folder, stamp);
  std::sort(stamp.files.begin(), stamp.files.end());
  return stamp;
}

}  // namespace rulecraft::ruleset
