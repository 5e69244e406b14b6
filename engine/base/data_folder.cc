#include "base/data_folder.h"

#include <dlfcn.h>

#include <filesystem>

namespace rulecraft {
namespace {

namespace fs = std::filesystem;

// The canonical path of a file, or the path as given when it cannot be made canonical.
fs::path CanonicalOr(const fs::path& path) {
  std::error_code error;
  fs::path canonical = fs::canonical(path, error);
  return error ? path : canonical;
}

// The running code holding this function, and the folder of its data relative to the code's
// folder: the shared library (installed in LIBDIR) or the program (installed in BINDIR).
struct CodeLocation {
  fs::path file;
  const char* to_data = RULECRAFT_BINDIR_TO_DATA;
};

CodeLocation LocateCode() {
  fs::path program = CanonicalOr("/proc/self/exe");
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&LocateCode), &info) != 0 && info.dli_fname != nullptr &&
      info.dli_fname[0] == '/') {
    fs::path object = CanonicalOr(info.dli_fname);
    if (object != program) return {object, RULECRAFT_LIBDIR_TO_DATA};
  }
  return {program, RULECRAFT_BINDIR_TO_DATA};
}

// Whether `inner` lies below the folder `outer` (both canonical).
bool IsBelow(const fs::path& inner, const fs::path& outer) {
  fs::path relative = inner.lexically_relative(outer);
  return !relative.empty() && *relative.begin() != ".." && *relative.begin() != ".";
}

}  // namespace

std::string DataFolder(const std::string& name, const std::string& build_tree_folder) {
  static const CodeLocation code = LocateCode();
  // Whether the code runs from the build folder: found once (canonical paths take a system call
  // per folder of the path).
  static const bool in_build_folder = IsBelow(code.file, CanonicalOr(RULECRAFT_BUILD_DIR));
  fs::path installed = (code.file.parent_path() / code.to_data / name).lexically_normal();
  std::error_code error;
  if (fs::is_directory(installed, error)) return installed.string();
  if (in_build_folder) return build_tree_folder;
  return installed.string();
}

}  // namespace rulecraft
