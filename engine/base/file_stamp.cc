#include "rulecraft/file_stamp.h"

#include <sys/stat.h>
#include <time.h>

namespace rulecraft {

namespace {

int64_t Nanoseconds(const struct timespec& time) {
  return static_cast<int64_t>(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

}  // namespace

FileStamp StampFrom(const struct stat& facts) {
  return FileStamp{static_cast<uint64_t>(facts.st_dev), static_cast<uint64_t>(facts.st_ino),
                   static_cast<uint64_t>(facts.st_size), Nanoseconds(facts.st_mtim), Nanoseconds(facts.st_ctim)};
}

std::optional<FileStamp> StampOf(const std::string& path) {
  struct stat facts {};
  if (::stat(path.c_str(), &facts) != 0) return std::nullopt;
  return StampFrom(facts);
}

int64_t StampClock() {
  struct timespec now {};
  ::clock_gettime(CLOCK_REALTIME, &now);
  return Nanoseconds(now);
}

bool Settled(const FileStamp& stamp, int64_t taken) {
  return stamp.modified < taken - kStampSettlingNs && stamp.changed < taken - kStampSettlingNs;
}

}  // namespace rulecraft
