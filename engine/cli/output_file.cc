#include "cli/output_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include <fmt/format.h>

namespace rulecraft::cli {

bool WriteUserFile(const std::string& path, std::string_view text, bool force, Diagnostics& diagnostics) {
  // "x" opens only a file that does not exist yet, in one step, so no file appearing meanwhile is lost.
  std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), force ? "wb" : "wbx"), &std::fclose);
  if (file == nullptr) {
    int error = errno;
    if (error == EEXIST) {
      diagnostics.Error("file-exists", {}, fmt::format("'{}' exists; pass --force to replace it", path));
    } else {
      diagnostics.Error("cannot-write", {}, fmt::format("cannot write '{}': {}", path, std::strerror(error)));
    }
    return false;
  }
  bool written = std::fwrite(text.data(), 1, text.size(), file.get()) == text.size();
  written = std::fclose(file.release()) == 0 && written;
  if (!written) diagnostics.Error("cannot-write", {}, fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
  return written;
}

}  // namespace rulecraft::cli
