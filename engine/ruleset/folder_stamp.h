// What a ruleset's files on disk look like, to notice that a homebrewer edited them: the
// service keeps loaded rulesets between requests and reloads one whose stamp changed.
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace rulecraft::ruleset {

// The path, size and modification time (ns) of every file below some folders, sorted.
struct FolderStamp {
  std::vector<std::tuple<std::string, uintmax_t, int64_t>> files;
  bool never_matches = false;  // taken while the folder changed: whatever is on disk now differs

  // Whether two stamps describe the same files; a stamp that never matches equals none.
  bool Same(const FolderStamp& other) const;
};

// Stamps every regular file below each of `folders` (a folder that is gone stamps as empty),
// leaving out each folder's `tests/`: its scenario tests are not part of the ruleset.
FolderStamp StampFolders(const std::vector<std::string>& folders);

}  // namespace rulecraft::ruleset
