#include "base/folder_files.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>

namespace rulecraft {

std::string JoinPath(const std::string& folder, std::string_view name) {
  std::string path;
  path.reserve(folder.size() + 1 + name.size());
  path += folder;
  if (!folder.empty() && folder.back() != '/') path += '/';
  path += name;
  return path;
}

bool PathMayExist(const std::string& path) {
  struct stat facts {};
  if (::stat(path.c_str(), &facts) == 0) return true;
  return errno != ENOENT && errno != ENOTDIR;
}

bool PathMayBeFolder(const std::string& path) {
  struct stat facts {};
  if (::stat(path.c_str(), &facts) == 0) return S_ISDIR(facts.st_mode);
  return errno != ENOENT && errno != ENOTDIR;
}

std::vector<std::string> FolderFiles(const std::string& folder, std::initializer_list<const char*> extensions,
                                     std::error_code& error) {
  error.clear();
  std::vector<std::string> paths;
  // Not opendir: it asks fstat for a buffer size, one system call more per folder.
  int descriptor = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (descriptor < 0) {
    error = std::error_code(errno, std::system_category());
    return paths;
  }
  alignas(struct dirent64) char batch[32768];
  for (;;) {
    ssize_t got = ::getdents64(descriptor, batch, sizeof batch);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) error = std::error_code(errno, std::system_category());
    if (got <= 0) break;
    for (ssize_t at = 0; at < got;) {
      const auto* entry = reinterpret_cast<const struct dirent64*>(batch + at);
      at += entry->d_reclen;
      std::string_view name(entry->d_name);
      size_t dot = name.rfind('.');
      if (dot == std::string_view::npos || dot == 0 || name == "..") continue;
      std::string_view extension = name.substr(dot);
      if (std::any_of(extensions.begin(), extensions.end(), [&](const char* wanted) { return extension == wanted; })) {
        paths.push_back(JoinPath(folder, name));
      }
    }
  }
  ::close(descriptor);
  if (error) paths.clear();
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace rulecraft
