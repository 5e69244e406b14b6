// What a file's metadata says of its contents, so that a file seen before need not be read again
// to know it is unchanged: the check make and git make, with git's care for "racy" stamps.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

struct stat;

namespace rulecraft {

// A file's (or folder's) device, inode, size, and modification and change times in nanoseconds
// since the epoch, as one stat call gives them. Writing a file changes its change time, which no
// program can set back; replacing it changes its inode.
struct FileStamp {
  uint64_t device = 0;
  uint64_t inode = 0;
  uint64_t size = 0;
  int64_t modified = 0;
  int64_t changed = 0;

  bool operator==(const FileStamp&) const = default;
};

// How much newer than a stamp's times the moment it was taken must be for the stamp to be
// settled: more than the coarsest clock a file system keeps times with (FAT's two seconds; Linux
// takes times from a clock that ticks every few milliseconds).
inline constexpr int64_t kStampSettlingNs = 3'000'000'000;

// The stamp in what a stat call found.
FileStamp StampFrom(const struct stat& facts);

// The stamp of what is at `path` (following links), or nullopt when stat finds nothing there.
std::optional<FileStamp> StampOf(const std::string& path);

// Now, on the clock file times are taken from (the real-time clock), in nanoseconds since the epoch.
int64_t StampClock();

// Whether a stamp taken when StampClock() said `taken` (read before the stat) is settled: both of
// its times older than `taken` by more than kStampSettlingNs. A write after the stat then gives
// the file another change time, so an equal stamp seen later means the same contents; an
// unsettled stamp may hide a write made within the same tick of the file system's clock.
bool Settled(const FileStamp& stamp, int64_t taken);

}  // namespace rulecraft
