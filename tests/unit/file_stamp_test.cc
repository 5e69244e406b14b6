// File stamps (rulecraft/file_stamp.h) and the texts a SourceSet keeps by them: a stamp changes
// with every write, and a text kept for an unchanged stamp is what a read would have kept.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "rulecraft/diagnostic.h"
#include "rulecraft/file_stamp.h"
#include "rulecraft/source.h"
#include "temp_folder.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;
using testing_files::TempFolder;
using testing_files::WriteFile;

TEST(FileStamp, AWriteChangesTheStampEvenWithTheSameSizeAndModificationTime) {
  TempFolder temp("file_stamp");
  fs::path path = temp.path() / "speeds.yaml";
  WriteFile(path, "none: 30 ft\n");
  std::optional<FileStamp> before = StampOf(path.string());
  ASSERT_TRUE(before.has_value());
  EXPECT_EQ(before->size, 12U);
  EXPECT_EQ(StampOf(path.string()), before);  // looking changes nothing
  WriteFile(path, "none: 40 ft\n");
  ASSERT_TRUE(testing_files::SetModified(path, before->modified));  // as `touch -r` would
  std::optional<FileStamp> after = StampOf(path.string());
  ASSERT_TRUE(after.has_value());
  EXPECT_EQ(after->size, before->size);
  EXPECT_EQ(after->modified, before->modified);
  // The change time cannot be set back; replacing the file would change the inode too.
  EXPECT_NE(after, before);
  EXPECT_FALSE(StampOf((temp.path() / "none").string()).has_value());
}

TEST(FileStamp, AStampIsSettledOnlyWhenItsTimesAreOlderThanTheSettlingTime) {
  FileStamp stamp;
  stamp.modified = 100 * kStampSettlingNs;
  stamp.changed = stamp.modified;
  EXPECT_FALSE(Settled(stamp, stamp.changed));
  EXPECT_FALSE(Settled(stamp, stamp.changed + kStampSettlingNs));
  EXPECT_TRUE(Settled(stamp, stamp.changed + kStampSettlingNs + 1));
  stamp.changed += 5;  // a change time newer than the modification time decides
  EXPECT_FALSE(Settled(stamp, stamp.modified + kStampSettlingNs + 1));
  // A file just written is not settled when read.
  TempFolder temp("file_stamp_settled");
  fs::path fresh = temp.path() / "fresh.rules";
  WriteFile(fresh, "rule a(): number = 1\n");
  EXPECT_FALSE(Settled(*StampOf(fresh.string()), StampClock()));
  SourceSet sources;
  Diagnostics diagnostics;
  ASSERT_NE(sources.Read(fresh.string(), diagnostics), nullptr);
  EXPECT_FALSE(sources.SettledStampOf(fresh.string()).has_value());
}

TEST(FileStamp, ATextKeptForAnUnchangedStampIsReadAsIfFromDisk) {
  TempFolder temp("file_stamp_keep");
  fs::path path = temp.path() / "a.rules";
  WriteFile(path, "rule a(): number = 1\n");
  std::optional<FileStamp> stamp = StampOf(path.string());
  ASSERT_TRUE(stamp.has_value());
  SourceSet sources;
  Diagnostics diagnostics;
  // The caller vouches for the stamp; the set keeps the text it is given (found when first asked
  // for) and treats it as read.
  int found = 0;
  const SourceFile* kept = sources.KeepUnchanged(
      path.string(), [&] { return ++found, std::string("rule a(): number = 1\n"); }, true, *stamp);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(found, 0);
  EXPECT_TRUE(kept->checked());
  EXPECT_EQ(kept->Line(1), "rule a(): number = 1");
  EXPECT_EQ(kept->text(), "rule a(): number = 1\n");
  EXPECT_EQ(found, 1);
  EXPECT_EQ(sources.Find(path.string()), kept);
  EXPECT_EQ(sources.SettledStampOf(path.string()), stamp);
  EXPECT_EQ(sources.Read(path.string(), diagnostics), kept);  // not read again: the stamp is the same
  // The same stamp: the text stays.
  EXPECT_EQ(sources.KeepUnchanged(path.string(), [] { return std::string("other"); }, true, *stamp), kept);
  EXPECT_EQ(kept->text(), "rule a(): number = 1\n");
  EXPECT_EQ(found, 1);
  // Once the file is written, Read reads it again; the text kept before stays alive.
  WriteFile(path, "rule a(): number = 2\n");
  const SourceFile* reread = sources.Read(path.string(), diagnostics);
  ASSERT_NE(reread, nullptr);
  EXPECT_NE(reread, kept);
  EXPECT_EQ(reread->text(), "rule a(): number = 2\n");
  EXPECT_EQ(kept->text(), "rule a(): number = 1\n");
  EXPECT_TRUE(diagnostics.empty());
}

}  // namespace
}  // namespace rulecraft
