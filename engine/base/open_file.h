// A regular file held open, to read parts of it now or later.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace rulecraft {

// A regular file held open (closed when this is destroyed), read with pread, never mapped: a
// file that another process cuts short while this one reads it then only reads short, where a
// mapping would fault.
class OpenFile {
 public:
  // Opens the file at `path` (following links); a path that is not a regular file opens as an
  // empty file.
  explicit OpenFile(const std::string& path);
  ~OpenFile();
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;

  // The file's size and modification time (ns since the epoch) when it was opened; 0 when it
  // could not be opened as a regular file.
  uint64_t size() const { return size_; }
  int64_t modified() const { return modified_; }
  // Reads up to `size` bytes from `offset` into `into`; how many were read (fewer where the file
  // ends or cannot be read).
  size_t ReadAt(uint64_t offset, char* into, size_t size) const;
  // Up to `size` bytes from `offset`, as a string.
  std::string Read(uint64_t offset, size_t size) const;

 private:
  int descriptor_;
  uint64_t size_ = 0;
  int64_t modified_ = 0;
};

// The first `most` bytes of the regular file at `path`; empty when it cannot be read.
std::string ReadFilePrefix(const std::string& path, size_t most);

}  // namespace rulecraft
