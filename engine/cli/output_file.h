// Writing a file the user named (`render -o`), never replacing one that exists unless asked.
#pragma once

#include <string>
#include <string_view>

#include "rulecraft/diagnostic.h"

namespace rulecraft::cli {

// Writes `text` to `path`. An existing file is replaced only when `force` is set; otherwise, and
// when the file cannot be written, reports an error and returns false, leaving it untouched.
bool WriteUserFile(const std::string& path, std::string_view text, bool force, Diagnostics& diagnostics);

}  // namespace rulecraft::cli
