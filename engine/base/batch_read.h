// Reading many whole files with few system calls. A file read alone costs four (open, fstat, read,
// close), and where a system call is dear (a virtual machine's guest: about 1.2 us each, eight
// times a bare machine's) that is most of the reading. With io_uring (Linux 5.6 and later) one
// call opens a batch of files and one reads and closes them all; fstat stays one call a file, as
// it must come after the open to describe the file opened.
#pragma once

#include <sys/stat.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rulecraft {

// What a batch found of one file.
struct BatchedRead {
  bool whole = false;       // `text` holds the whole of a regular file of `facts.st_size` bytes
  struct stat facts {};     // what fstat said of the file opened, when `whole`
  int64_t stamp_taken = 0;  // StampClock() just before that fstat (rulecraft/file_stamp.h)
  std::string text;
};

// Reads the files at `paths` whole, one BatchedRead a path in order, or nothing when batches cannot
// be used here (the kernel has no io_uring, a sandbox refuses it, or RULECRAFT_NO_IO_URING is set
// to anything): the caller then reads each alone. A file not read whole (missing, not a regular
// file, larger than `most` bytes, changed in size while read, any failure) has `whole` false:
// read alone again, it reports why. Files are opened O_NONBLOCK (a pipe is not waited on).
std::vector<BatchedRead> ReadBatch(const std::vector<std::string>& paths, size_t most);

// Whether ReadBatch reads on this thread (it does unless it gives nothing for any paths).
bool CanReadBatches();

}  // namespace rulecraft
