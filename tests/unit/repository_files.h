// The repository's own files, for tests that run a reader over every one of them.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace rulecraft::testing_files {

// A file's bytes as written ("" when it cannot be read).
inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The regular files under these folders of the repository (those that exist) whose extension
// is one of `extensions`, sorted.
inline std::vector<std::filesystem::path> RepositoryFiles(std::initializer_list<const char*> folders,
                                                          std::initializer_list<const char*> extensions) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  fs::path root(RULECRAFT_SOURCE_DIR);
  for (const char* folder : folders) {
    if (!fs::is_directory(root / folder)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      std::string extension = entry.path().extension().string();
      if (entry.is_regular_file() &&
          std::any_of(extensions.begin(), extensions.end(), [&](const char* wanted) { return extension == wanted; })) {
        files.push_back(entry.path());
      }
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Every YAML file of the repository outside build folders.
inline std::vector<std::filesystem::path> RepositoryYaml() {
  return RepositoryFiles({"rulesets", "tests", "examples", "bench", "fuzz"}, {".yaml", ".yml"});
}

// Every folder of the repository with a ruleset.rules (bundled, benchmark, test and broken ones).
inline std::vector<std::string> RulesetFolders() {
  std::vector<std::string> folders;
  for (const std::filesystem::path& manifest : RepositoryFiles({"rulesets", "bench", "tests"}, {".rules"})) {
    if (manifest.filename() == "ruleset.rules") folders.push_back(manifest.parent_path().string());
  }
  return folders;
}

// The repository's YAML files of fewer than `max_bytes` bytes, as texts: bases for edited ones.
inline std::vector<std::string> SmallRepositoryYaml(size_t max_bytes) {
  std::vector<std::string> texts;
  for (const std::filesystem::path& path : RepositoryYaml()) {
    std::string text = ReadFile(path);
    if (text.size() < max_bytes) texts.push_back(std::move(text));
  }
  return texts;
}

// One or two random edits of `text`: a piece inserted, one to three bytes erased, or a byte
// replaced by a piece's first.
template <size_t kPieces>
void EditText(std::mt19937& random, std::string& text, const std::string (&pieces)[kPieces]) {
  int edits = 1 + static_cast<int>(random() % 2);
  for (int e = 0; e < edits && !text.empty(); ++e) {
    size_t at = random() % text.size();
    switch (random() % 3) {
      case 0: text.insert(at, pieces[random() % kPieces]); break;
      case 1: text.erase(at, 1 + random() % 3); break;
      default: text[at] = pieces[random() % kPieces][0]; break;
    }
  }
}

}  // namespace rulecraft::testing_files
