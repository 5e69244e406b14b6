#include "service/serve_launch.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "service/serve_command_line.h"

namespace rulecraft::service {
namespace {

constexpr const char* kServeProgram = "rulecraft-serve";

// Writes "rulecraft serve: cannot start the service: `reason`" as one line on stderr.
void ReportCannotStart(const std::string& reason) {
  std::string line = "rulecraft serve: cannot start the service: " + reason + "\n";
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace

std::string ServeProgramPath() {
  std::error_code error;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error || self.empty()) return {};
  return (self.parent_path() / kServeProgram).string();
}

int ExecServeProgram(const ServeOptions& options) {
  std::string program = ServeProgramPath();
  if (program.empty()) {
    ReportCannotStart(std::string("the running program's folder is unknown (/proc/self/exe), so ") + kServeProgram +
                      " beside it cannot be found");
    return 1;
  }
  std::vector<std::string> arguments = ServeArguments(options);
  std::vector<char*> argv;
  argv.push_back(program.data());
  for (std::string& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);
  std::fflush(nullptr);  // nothing buffered is lost when the process is replaced
  execv(program.c_str(), argv.data());
  int failure = errno;  // execv returns only when it failed
  if (failure == ENOENT) {
    ReportCannotStart(program + " is missing (it is built and installed beside rulecraft)");
  } else {
    ReportCannotStart("cannot run " + program + ": " + std::strerror(failure));
  }
  return 1;
}

}  // namespace rulecraft::service
