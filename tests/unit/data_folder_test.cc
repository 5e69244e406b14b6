// ProximateDataPath (base/data_folder.h) against std::filesystem::proximate doing the same, as the
// working folder changes.
#include <unistd.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "base/data_folder.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;

// Changes the working folder for the test's length.
class InFolder {
 public:
  explicit InFolder(const fs::path& folder) : before_(fs::current_path()) { fs::current_path(folder); }
  ~InFolder() { fs::current_path(before_); }

 private:
  fs::path before_;
};

TEST(ProximateDataPath, IsWhatProximateGivesFromEveryWorkingFolder) {
  std::string root = RULECRAFT_SOURCE_DIR;
  for (std::string folder : {root + "/rulesets", root + "/rulesets/modules", root + "/rulesets/", root}) {
    for (std::string here : {root, root + "/rulesets", root + "/rulesets/modules/d20_cover", root + "/tests",
                             std::string("/"), fs::temp_directory_path().string()}) {
      InFolder in(here);
      EXPECT_EQ(ProximateDataPath(folder), fs::proximate(folder).string()) << folder << " from " << here;
    }
  }
}

TEST(ProximateDataPath, ARelativeFolderIsTakenFromTheWorkingFolderOfEachCall) {
  std::string root = RULECRAFT_SOURCE_DIR;
  for (std::string here : {root, root + "/rulesets"}) {
    InFolder in(here);
    EXPECT_EQ(ProximateDataPath("modules"), fs::proximate("modules").string()) << here;
  }
}

// A folder reached through a symbolic link is shown by the folder the link leads to, as
// fs::proximate shows it.
TEST(ProximateDataPath, FollowsSymbolicLinksAsProximateDoes) {
  fs::path link = fs::temp_directory_path() / ("rulecraft_data_link_" + std::to_string(::getpid()));
  fs::remove(link);
  fs::create_directory_symlink(fs::path(RULECRAFT_SOURCE_DIR) / "rulesets", link);
  InFolder in(RULECRAFT_SOURCE_DIR);
  EXPECT_EQ(ProximateDataPath(link.string()), fs::proximate(link).string());
  EXPECT_EQ(ProximateDataPath(link.string()), "rulesets");
  fs::remove(link);
}

}  // namespace
}  // namespace rulecraft
