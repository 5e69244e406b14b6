// base/batch_read.h: many files read together, with io_uring where the kernel has it. Whatever
// the batch cannot read whole is marked so, for SourceSet::ReadAll to read it alone
// (source_read_test.cc holds ReadAll against Read).
#include "base/batch_read.h"

#include <sys/stat.h>

#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "temp_folder.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;
using testing_files::TempFolder;
using testing_files::WriteFile;

TEST(BatchRead, RegularFilesAreReadWholeTheRestLeftToBeReadAlone) {
  TempFolder temp("batch_read");
  std::vector<std::string> paths;
  std::vector<std::string> texts;
  for (size_t i = 0; i < 70; ++i) {  // more than one batch of 32
    texts.push_back(std::string(i * 37, static_cast<char>('a' + i % 26)));
    paths.push_back((temp.path() / ("file" + std::to_string(i))).string());
    WriteFile(paths.back(), texts.back());
  }
  fs::create_directories(temp.path() / "folder");
  ASSERT_EQ(::mkfifo((temp.path() / "pipe").c_str(), 0600), 0);
  WriteFile(temp.path() / "large", std::string(5000, 'x'));
  for (const char* other : {"folder", "pipe", "none", "large"}) paths.push_back((temp.path() / other).string());

  std::vector<BatchedRead> reads = ReadBatch(paths, /*most=*/4000);
  if (reads.empty()) GTEST_SKIP() << "no io_uring here: every file is read alone";
  ASSERT_EQ(reads.size(), paths.size());
  for (size_t i = 0; i < texts.size(); ++i) {
    ASSERT_TRUE(reads[i].whole) << paths[i];
    EXPECT_EQ(reads[i].text, texts[i]);
    EXPECT_EQ(static_cast<size_t>(reads[i].facts.st_size), texts[i].size());
    EXPECT_TRUE(S_ISREG(reads[i].facts.st_mode));
  }
  for (size_t i = texts.size(); i < paths.size(); ++i) {
    EXPECT_FALSE(reads[i].whole) << paths[i];  // a folder, a pipe, nothing, more than `most` bytes
    EXPECT_TRUE(reads[i].text.empty());
  }
}

TEST(BatchRead, NothingIsReadInBatchesWhenRulecraftNoIoUringIsSet) {
  TempFolder temp("batch_read_off");
  WriteFile(temp.path() / "a", "text");
  std::vector<std::string> paths = {(temp.path() / "a").string(), (temp.path() / "a").string()};
  ::setenv("RULECRAFT_NO_IO_URING", "1", 1);
  size_t read = 99;
  // A thread's ring is made when it first reads a batch: a new thread sees the variable.
  std::thread([&] { read = ReadBatch(paths, 100).size(); }).join();
  ::unsetenv("RULECRAFT_NO_IO_URING");
  EXPECT_EQ(read, 0u);
}

}  // namespace
}  // namespace rulecraft
