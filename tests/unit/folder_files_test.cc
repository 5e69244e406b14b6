// FolderFiles and JoinPath (base/folder_files.h) against std::filesystem doing the same.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "base/folder_files.h"
#include "repository_files.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;

// What FolderFiles lists, as fs::directory_iterator and fs::path read it.
std::vector<std::string> Reference(const std::string& folder, std::initializer_list<const char*> extensions,
                                   std::error_code& error) {
  std::vector<std::string> paths;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    std::string extension = it->path().extension().string();
    if (std::any_of(extensions.begin(), extensions.end(), [&](const char* wanted) { return extension == wanted; })) {
      paths.push_back(it->path().string());
    }
  }
  if (error) paths.clear();
  std::sort(paths.begin(), paths.end());
  return paths;
}

TEST(FolderFiles, ListsWhatTheFilesystemLibraryLists) {
  std::vector<std::string> folders;
  for (const fs::path& file : testing_files::RepositoryFiles({"rulesets", "bench", "tests"}, {".yaml", ".rules"})) {
    folders.push_back(file.parent_path().string());
    folders.push_back(file.parent_path().string() + "/");
  }
  std::sort(folders.begin(), folders.end());
  folders.erase(std::unique(folders.begin(), folders.end()), folders.end());
  ASSERT_GT(folders.size(), 20U);
  for (const std::string& folder : folders) {
    for (auto extensions : {std::initializer_list<const char*>{".yaml", ".yml"}, {".rules"}}) {
      std::error_code ours_error;
      std::error_code reference_error;
      EXPECT_EQ(FolderFiles(folder, extensions, ours_error), Reference(folder, extensions, reference_error)) << folder;
      EXPECT_FALSE(ours_error) << folder;
    }
  }
}

TEST(FolderFiles, AMissingFolderIsAnError) {
  std::error_code ours_error;
  std::error_code reference_error;
  std::string missing = std::string(RULECRAFT_SOURCE_DIR) + "/no such folder";
  EXPECT_TRUE(FolderFiles(missing, {".yaml"}, ours_error).empty());
  Reference(missing, {".yaml"}, reference_error);
  ASSERT_TRUE(ours_error);
  EXPECT_EQ(ours_error.message(), reference_error.message());
}

TEST(FolderFiles, AFileIsNotAFolder) {
  std::error_code ours_error;
  std::error_code reference_error;
  std::string file = std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35/ruleset.rules";
  EXPECT_TRUE(FolderFiles(file, {".yaml"}, ours_error).empty());
  Reference(file, {".yaml"}, reference_error);
  ASSERT_TRUE(ours_error);
  EXPECT_EQ(ours_error.value(), reference_error.value());  // ENOTDIR (the categories differ)
}

// The entries come in batches of 32 KiB (one system call each): a folder whose names fill
// several batches is listed whole.
TEST(FolderFiles, AFolderOfManyBatchesIsListedWhole) {
  fs::path folder = fs::temp_directory_path() / ("rulecraft_folder_files_" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  std::string padding(150, 'x');
  for (int i = 0; i < 600; ++i) {  // about 180 bytes an entry: over three batches
    std::string stem = padding + std::to_string(i);
    std::ofstream(folder / (stem + (i % 3 == 0 ? ".rules" : ".yaml"))) << "#\n";
  }
  std::error_code ours_error;
  std::error_code reference_error;
  std::vector<std::string> ours = FolderFiles(folder.string(), {".yaml"}, ours_error);
  EXPECT_FALSE(ours_error);
  EXPECT_EQ(ours.size(), 400U);
  EXPECT_EQ(ours, Reference(folder.string(), {".yaml"}, reference_error));
  fs::remove_all(folder);
}

TEST(JoinPath, JoinsAsPathDoes) {
  for (const char* folder : {"", "a", "a/", "/", "/x/y", "./r", "../q/"}) {
    for (const char* name : {"tables", "ruleset.rules", ".hidden"}) {
      EXPECT_EQ(JoinPath(folder, name), (fs::path(folder) / name).string()) << folder << " + " << name;
    }
  }
}

}  // namespace
}  // namespace rulecraft
