// The web page the service serves at `/` (docs/api.md, "The web page"): static files from one
// folder, and nothing outside it.
#pragma once

#include <string>

#include "service/reply.h"

namespace rulecraft::service {

// The folder the page's files are served from: $RULECRAFT_WEB when set, else share/rulecraft/web
// next to the installed command, else (run from the build folder) RULECRAFT_WEB_DIR, the
// repository's web/; found as the bundled rulesets are (base/data_folder.h).
std::string WebFolder();

// GET `path` answered from `folder`: `/` is index.html; a path with a `..`, `.` or empty segment,
// a backslash or a NUL is refused (400, path-refused), as is one that leaves the folder through a
// symbolic link; a file that is not there is 404 (unknown-route). Files go out with their type.
Reply AnswerWebFileRequest(const std::string& folder, const std::string& path);

}  // namespace rulecraft::service
