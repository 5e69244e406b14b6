#include "base/data_folder.h"

#include <dlfcn.h>

#include <filesystem>
#include <map>
#include <mutex>

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
  // Asked at every load: whether the installed folder is there is found once per name.
  static std::mutex mutex;
  static std::map<std::string, std::string, std::less<>> found;  // by name and build_tree_folder
  std::string key = name + '\n' + build_tree_folder;
  std::lock_guard<std::mutex> guard(mutex);
  auto known = found.find(key);
  if (known != found.end()) return known->second;
  static const CodeLocation code = LocateCode();
  // Whether the code runs from the build folder: found once (canonical paths take a system call
  // per folder of the path).
  static const bool in_build_folder = IsBelow(code.file, CanonicalOr(RULECRAFT_BUILD_DIR));
  fs::path installed = (code.file.parent_path() / code.to_data / name).lexically_normal();
  std::error_code error;
  std::string folder = fs::is_directory(installed, error) || !in_build_folder ? installed.string() : build_tree_folder;
  return found.emplace(std::move(key), std::move(folder)).first->second;
}

std::string ProximateDataPath(const std::string& folder) {
  std::error_code error;
  if (folder.empty() || folder[0] != '/') {  // relative to a working folder that may change
    fs::path shown = fs::proximate(folder, error);
    return error ? folder : shown.string();
  }
  static std::mutex mutex;
  static std::map<std::string, fs::path, std::less<>> canonical_of;  // weakly canonical, by folder
  fs::path canonical;
  {
    std::lock_guard<std::mutex> guard(mutex);
    auto known = canonical_of.find(folder);
    if (known == canonical_of.end()) {
      canonical = fs::weakly_canonical(folder, error);
      if (error) return folder;
      known = canonical_of.emplace(folder, std::move(canonical)).first;
    }
    canonical = known->second;
  }
  fs::path here = fs::current_path(error);  // the kernel's answer is canonical already
  if (error) return folder;
  return canonical.lexically_proximate(here).string();
}

}  // namespace rulecraft
