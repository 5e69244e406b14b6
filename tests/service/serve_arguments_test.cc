// The arguments `rulecraft serve` hands to `rulecraft-serve` (service/serve_command_line.h)
// against the options they were made from: parsed back by the same option declarations, every
// command-line field comes back equal, whatever the values look like.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "service/serve_command_line.h"
#include "service/serve_launch.h"

namespace rulecraft::service {
namespace {

namespace fs = std::filesystem;

// Options parsed from `arguments` (in the order given) by AddServeOptions, as rulecraft-serve
// parses them.
ServeOptions Parse(const std::vector<std::string>& arguments) {
  CLI::App app;
  ServeOptions parsed;
  AddServeOptions(app, parsed);
  std::vector<std::string> reversed(arguments.rbegin(), arguments.rend());  // CLI11 takes them reversed
  app.parse(reversed);
  return parsed;
}

void ExpectSameCommandLine(const ServeOptions& expected, const ServeOptions& found) {
  EXPECT_EQ(found.host, expected.host);
  EXPECT_EQ(found.port, expected.port);
  EXPECT_EQ(found.workers, expected.workers);
  EXPECT_EQ(found.ruleset_folders, expected.ruleset_folders);
}

// Folders whose names look like options, hold `=` or spaces, each made under a fresh temporary folder.
class ServeArgumentsTest : public testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("serve-arguments-" + std::to_string(getpid()));
    fs::create_directories(root_);
    for (const char* name : {"plain", "-dash", "--rulesets", "a=b", "with space", "--port=1"}) {
      fs::create_directories(root_ / name);
      folders_.push_back((root_ / name).string());
    }
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path root_;
  std::vector<std::string> folders_;
};

TEST_F(ServeArgumentsTest, DefaultsComeBackUnchanged) {
  ServeOptions options;
  ExpectSameCommandLine(options, Parse(ServeArguments(options)));
}

TEST_F(ServeArgumentsTest, EveryFieldComesBack) {
  for (const std::string host : {"127.0.0.1", "0.0.0.0", "::1", "-not-a-host", "localhost", ""}) {
    for (int port : {0, 1, 8731, 65535}) {
      for (int workers : {1, 8, 256}) {
        for (size_t count = 0; count <= folders_.size(); ++count) {
          ServeOptions options;
          options.host = host;
          options.port = port;
          options.workers = workers;
          options.ruleset_folders.assign(folders_.begin(), folders_.begin() + static_cast<ptrdiff_t>(count));
          ExpectSameCommandLine(options, Parse(ServeArguments(options)));
        }
      }
    }
  }
}

TEST_F(ServeArgumentsTest, AUsersCommandLineIsPassedOnAsParsed) {
  std::vector<std::string> typed = {"--workers", "3", "--rulesets", folders_[0], folders_[3], "--port", "0",
                                    "--rulesets", folders_[4]};
  ServeOptions options = Parse(typed);
  EXPECT_EQ(options.workers, 3);
  EXPECT_EQ(options.ruleset_folders, (std::vector<std::string>{folders_[0], folders_[3], folders_[4]}));
  ExpectSameCommandLine(options, Parse(ServeArguments(options)));
}

TEST(ServeProgramPath, IsBesideTheRunningProgram) {
  fs::path program = ServeProgramPath();
  EXPECT_EQ(program.filename(), "rulecraft-serve");
  EXPECT_EQ(program.parent_path(), fs::canonical("/proc/self/exe").parent_path());
}

}  // namespace
}  // namespace rulecraft::service
