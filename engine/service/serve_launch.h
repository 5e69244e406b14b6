// How `rulecraft serve` starts the service: it becomes the program `rulecraft-serve` installed
// beside it, so that only that program links cpp-httplib and every other command starts without it.
#pragma once

#include <string>

#include "service/serve_options.h"

namespace rulecraft::service {

// The path of `rulecraft-serve` in the folder of the running program (/proc/self/exe), or an
// empty string when that folder cannot be read.
std::string ServeProgramPath();

// Replaces this process with ServeProgramPath() given ServeArguments(options): the same process
// id, standard streams, environment and working folder. Returns 1 only when that fails, after
// one line on stderr naming the path looked for.
int ExecServeProgram(const ServeOptions& options);

}  // namespace rulecraft::service
