// The files of a cache folder (ruleset/compiled_cache.h): telling a kept ruleset by its first
// bytes, noting its use, and removing the ones a full folder no longer needs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rulecraft::ruleset {

// What every kept ruleset of every layout starts with.
inline constexpr std::string_view kKeptPrefix = "rulecraft compiled ruleset ";

// Whether the file at `path` was kept by rulecraft, in any layout (its first bytes).
bool IsKeptFile(const std::string& path);

// Removes from `cache_folder` the kept rulesets beyond the kMostKept (compiled_cache.h) last kept
// or used (never `just_kept`), and the part files of writers that died over an hour ago. Only
// files of the names rulecraft gives them, holding what it writes, are removed.
void PruneKept(const std::string& cache_folder, const std::string& just_kept);

// Notes that the kept file at `path`, last kept or noted at `last_used` (its modification time,
// ns since the epoch), was used now, when that is over a day ago: PruneKept removes the ones
// least recently kept or used first.
void NoteUsed(const std::string& path, int64_t last_used);

}  // namespace rulecraft::ruleset
