// SourceSet::Read (rulecraft/source.h) against a plain reference, and CheckedTextsScope
// (base/checked_texts.h): a text known checked is kept as one checking would keep it.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "base/checked_texts.h"
#include "base/content_hash.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "temp_folder.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;
using testing_files::TempFolder;
using testing_files::WriteFile;

// The whole file through std::ifstream, without a leading byte-order mark: what Read must keep.
std::string ReferenceText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream whole;
  whole << in.rdbuf();
  std::string text = whole.str();
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);
  return text;
}

// Texts of many sizes (around the sizes reads are made in) of ASCII, Korean and, for some, a
// byte that is not text.
std::vector<std::string> ManyTexts() {
  std::mt19937 random(15);
  const std::vector<std::string> pieces = {"rule a(): number = 1\n", "# 전술적 이동\n", "x", "\r\n", "\t",
                                           "\xEF\xBB\xBF", "  - name: human\n"};
  std::vector<std::string> texts = {"", "\n", "\xEF\xBB\xBF", "a\x01" "b", "\xC3"};
  for (size_t size : {1, 15, 16, 17, 255, 4095, 4096, 4097, 65535, 65536, 65537, 200001}) {
    std::string text;
    while (text.size() < size) text += pieces[random() % pieces.size()];
    text.resize(size);  // may cut a Korean character: not text then
    texts.push_back(text);
  }
  return texts;
}

// What one Read of `path` gives: the text kept and whether it was found checked, or the diagnostics.
std::string ReadResult(SourceSet& sources, const std::string& path) {
  Diagnostics diagnostics;
  const SourceFile* file = sources.Read(path, diagnostics);
  if (file == nullptr) return "refused " + Render(diagnostics, sources);
  return std::string(file->checked() ? "checked " : "unchecked ") + file->text();
}

TEST(SourceRead, ReadsEveryTextAsAPlainReadDoes) {
  TempFolder temp("source_read");
  std::vector<std::string> texts = ManyTexts();
  for (size_t i = 0; i < texts.size(); ++i) {
    fs::path path = temp.path() / ("file" + std::to_string(i));
    WriteFile(path, texts[i]);
    SourceSet sources;
    Diagnostics diagnostics;
    const SourceFile* file = sources.Read(path.string(), diagnostics);
    const SourceFile* kept = sources.Find(path.string());
    ASSERT_NE(kept, nullptr) << i;
    EXPECT_EQ(kept->text(), ReferenceText(path)) << i;
    EXPECT_EQ(file != nullptr, diagnostics.empty()) << i;
  }
}

TEST(SourceRead, AFolderAPipeAndAMissingFileAreRefusedAtOnce) {
  TempFolder temp("source_read_kinds");
  fs::create_directories(temp.path() / "folder");
  fs::path pipe = temp.path() / "pipe";
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  SourceSet sources;
  EXPECT_NE(ReadResult(sources, (temp.path() / "folder").string()).find("expected a file, found a folder"),
            std::string::npos);
  EXPECT_NE(ReadResult(sources, pipe.string()).find("found a device, a pipe or a socket"), std::string::npos);
  EXPECT_NE(ReadResult(sources, (temp.path() / "none").string()).find("it does not exist"), std::string::npos);
}

// What ReadAll gives for paths[i], as ReadResult says what Read gives.
std::vector<std::string> ReadAllResults(SourceSet& sources, const std::vector<std::string>& paths) {
  std::vector<Diagnostics> diagnostics;
  std::vector<const SourceFile*> files = sources.ReadAll(paths, diagnostics);
  std::vector<std::string> results;
  for (size_t i = 0; i < paths.size(); ++i) {
    if (files[i] == nullptr) {
      results.push_back("refused " + Render(diagnostics[i], sources));
    } else {
      results.push_back(std::string(files[i]->checked() ? "checked " : "unchecked ") + files[i]->text() +
                        (diagnostics[i].empty() ? "" : " and " + Render(diagnostics[i], sources)));
    }
  }
  return results;
}

// Every text of ManyTexts, a folder, a pipe, a missing file, a path given twice: more files than
// one batch holds (base/batch_read.cc), read together with and without io_uring.
std::vector<std::string> MixedPaths(const TempFolder& temp) {
  std::vector<std::string> paths;
  std::vector<std::string> texts = ManyTexts();
  for (size_t i = 0; i < texts.size() * 3; ++i) {
    fs::path path = temp.path() / ("file" + std::to_string(i));
    WriteFile(path, texts[i % texts.size()]);
    paths.push_back(path.string());
  }
  fs::create_directories(temp.path() / "folder");
  fs::path pipe = temp.path() / "pipe";
  EXPECT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  for (const char* other : {"folder", "pipe", "none", "file3"}) paths.push_back((temp.path() / other).string());
  return paths;
}

TEST(SourceRead, ReadAllGivesWhatReadGivesForEachFile) {
  TempFolder temp("source_read_all");
  std::vector<std::string> paths = MixedPaths(temp);
  SourceSet one_by_one;
  std::vector<std::string> expected;
  for (const std::string& path : paths) expected.push_back(ReadResult(one_by_one, path));
  SourceSet together;
  EXPECT_EQ(ReadAllResults(together, paths), expected);
  // Read again: the texts kept, the refusals reported again, as Read does.
  EXPECT_EQ(ReadAllResults(together, paths), expected);
  std::vector<std::string> again;
  for (const std::string& path : paths) again.push_back(ReadResult(one_by_one, path));
  EXPECT_EQ(again, expected);
}

TEST(SourceRead, ReadAllReadsAChangedFileAgain) {
  TempFolder temp("source_read_all_changed");
  fs::path path = temp.path() / "table.yaml";
  WriteFile(path, "- name: a\n");
  SourceSet sources;
  EXPECT_EQ(ReadAllResults(sources, {path.string()}), std::vector<std::string>{"checked - name: a\n"});
  WriteFile(path, "- name: a longer one\n");
  EXPECT_EQ(ReadAllResults(sources, {path.string()}), std::vector<std::string>{"checked - name: a longer one\n"});
}

TEST(CheckedTexts, ATextKnownCheckedIsKeptAsCheckingKeepsIt) {
  TempFolder temp("checked_texts");
  std::vector<std::string> texts = ManyTexts();
  for (size_t i = 0; i < texts.size(); ++i) {
    fs::path path = temp.path() / ("file" + std::to_string(i));
    WriteFile(path, texts[i]);
    SourceSet plain;
    std::string checked_by_reading = ReadResult(plain, path.string());
    if (checked_by_reading.rfind("checked ", 0) != 0) continue;  // only texts a reader found good are kept so
    std::vector<std::pair<std::string, uint64_t>> known = {{"elsewhere", 1}, {path.string(), ContentHash(ReferenceText(path))}};
    std::vector<uint8_t> flags = {1, 1};
    CheckedTextsScope scope(known, flags);
    SourceSet trusting;
    EXPECT_EQ(ReadResult(trusting, path.string()), checked_by_reading) << i;
    EXPECT_TRUE(scope.VouchedFor(trusting.Find(path.string()))) << i;
  }
}

TEST(CheckedTexts, OtherTextsAndTextsGivenInMemoryAreCheckedAsAlways) {
  TempFolder temp("checked_texts_other");
  fs::path path = temp.path() / "bad.rules";
  std::string bad = "rule a(): number = 1\n\x01\n";
  WriteFile(path, bad);
  SourceSet plain;
  std::string refused = ReadResult(plain, path.string());
  ASSERT_EQ(refused.rfind("refused ", 0), 0U);
  std::vector<std::pair<std::string, uint64_t>> wrong_hash = {{path.string(), ContentHash(bad) + 1}};
  std::vector<uint8_t> flags = {1};
  {
    CheckedTextsScope scope(wrong_hash, flags);
    SourceSet sources;
    EXPECT_EQ(ReadResult(sources, path.string()), refused);
    EXPECT_FALSE(scope.VouchedFor(sources.Find(path.string())));
  }
  std::vector<std::pair<std::string, uint64_t>> right_hash = {{path.string(), ContentHash(bad)}};
  std::vector<uint8_t> not_checked = {0};
  {
    CheckedTextsScope scope(right_hash, not_checked);  // kept, but never found to be text
    SourceSet sources;
    EXPECT_EQ(ReadResult(sources, path.string()), refused);
  }
  {
    CheckedTextsScope scope(right_hash, flags);
    SourceSet sources;
    Diagnostics diagnostics;
    EXPECT_EQ(sources.AddText(path.string(), bad, diagnostics), nullptr);  // only Read trusts the scope
  }
  SourceSet after;  // a scope ended trusts nothing
  EXPECT_EQ(ReadResult(after, path.string()), refused);
}

}  // namespace
}  // namespace rulecraft
