#include "fuzz_support.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <map>

namespace rulecraft::fuzz {
namespace fs = std::filesystem;

namespace {

struct Scratch {
  fs::path folder;
  Scratch() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr ? tmp : "/tmp") + "/rulecraft-fuzz-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) std::abort();
    folder = pattern;
  }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(folder, ignored);
  }
};

}  // namespace

const fs::path& ScratchFolder() {
  static Scratch scratch;
  return scratch.folder;
}

fs::path CopyOfSourceFolder(const std::string& relative) {
  static std::map<std::string, fs::path> copies;
  auto found = copies.find(relative);
  if (found != copies.end()) return found->second;
  fs::path copy = ScratchFolder() / fs::path(relative).filename();
  fs::copy(fs::path(RULECRAFT_SOURCE_DIR) / relative, copy, fs::copy_options::recursive);
  copies[relative] = copy;
  return copy;
}

void WriteFile(const fs::path& path, const uint8_t* data, size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

void WriteFile(const fs::path& path, const std::string& text) {
  WriteFile(path, reinterpret_cast<const uint8_t*>(text.data()), text.size());
}

}  // namespace rulecraft::fuzz
