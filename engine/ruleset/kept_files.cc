#include "ruleset/kept_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <optional>
#include <system_error>
#include <utility>
#include <vector>

#include "base/folder_files.h"
#include "base/open_file.h"
#include "rulecraft/file_stamp.h"
#include "ruleset/compiled_cache.h"

namespace rulecraft::ruleset {
namespace {

// What a kept file's stamp says of when it was last kept or used, or nullopt when it is gone.
std::optional<int64_t> LastUsed(const std::string& path) {
  std::optional<FileStamp> stamp = StampOf(path);
  return stamp ? std::optional<int64_t>(stamp->modified) : std::nullopt;
}

}  // namespace

bool IsKeptFile(const std::string& path) {
  return ReadFilePrefix(path, kKeptPrefix.size()) == kKeptPrefix;
}

void PruneKept(const std::string& cache_folder, const std::string& just_kept) {
  std::error_code error;
  int64_t now = StampClock();
  constexpr int64_t kHourNs = int64_t{3600} * 1'000'000'000;
  for (const std::string& part : FolderFiles(cache_folder, {".part"}, error)) {
    std::optional<int64_t> written = LastUsed(part);
    // Cut anywhere, even before its first byte.
    if (part.find(kCompiledExtension) != std::string::npos && written && *written < now - kHourNs &&
        kKeptPrefix.starts_with(ReadFilePrefix(part, kKeptPrefix.size()))) {
      ::unlink(part.c_str());
    }
  }
  std::vector<std::pair<int64_t, std::string>> kept;  // last used, path; the one just kept left out
  std::vector<std::string> files = FolderFiles(cache_folder, {kCompiledExtension}, error);
  if (files.size() <= kMostKept) return;
  for (std::string& file : files) {
    std::optional<int64_t> used = LastUsed(file);
    if (used && file != just_kept && IsKeptFile(file)) kept.emplace_back(*used, std::move(file));
  }
  std::sort(kept.begin(), kept.end());
  for (size_t i = 0; i + kMostKept <= kept.size(); ++i) ::unlink(kept[i].second.c_str());
}

void NoteUsed(const std::string& path, int64_t last_used) {
  constexpr int64_t kDayNs = int64_t{24} * 3600 * 1'000'000'000;
  if (last_used < StampClock() - kDayNs) ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0);
}

}  // namespace rulecraft::ruleset
