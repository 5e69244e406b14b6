#include "base/open_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "rulecraft/file_stamp.h"

namespace rulecraft {

OpenFile::OpenFile(const std::string& path) : descriptor_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {
  struct stat status {};
  if (descriptor_ >= 0 && (::fstat(descriptor_, &status) != 0 || !S_ISREG(status.st_mode))) {
    ::close(descriptor_);
    descriptor_ = -1;
  }
  if (descriptor_ >= 0) {
    size_ = static_cast<uint64_t>(status.st_size);
    modified_ = StampFrom(status).modified;
  }
}

OpenFile::~OpenFile() {
  if (descriptor_ >= 0) ::close(descriptor_);
}

size_t OpenFile::ReadAt(uint64_t offset, char* into, size_t size) const {
  size_t got = 0;
  while (descriptor_ >= 0 && got < size) {
    ssize_t count = ::pread(descriptor_, into + got, size - got, static_cast<off_t>(offset + got));
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) break;
    got += static_cast<size_t>(count);
  }
  return got;
}

std::string OpenFile::Read(uint64_t offset, size_t size) const {
  std::string bytes(size, '\0');
  bytes.resize(ReadAt(offset, bytes.data(), size));
  return bytes;
}

std::string ReadFilePrefix(const std::string& path, size_t most) {
  OpenFile file(path);
  return file.Read(0, static_cast<size_t>(std::min<uint64_t>(file.size(), most)));
}

}  // namespace rulecraft
