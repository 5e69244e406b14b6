// Where rulecraft's data — the bundled rulesets, the shared Lua scripts, the web page — is found
// at run time, so an installed command or library needs no path compiled in (README, "Install").
#pragma once

#include <string>

namespace rulecraft {

// The folder `name` (e.g. "rulesets") of rulecraft's data: under the installed data folder next
// to the running code (the library or the program, e.g. PREFIX/bin/rulecraft →
// PREFIX/share/rulecraft/NAME) when it is there, else `build_tree_folder` when the running code
// lives in the build folder; otherwise the installed path, which then does not exist.
std::string DataFolder(const std::string& name, const std::string& build_tree_folder);

// `folder` relative to the working folder, as std::filesystem::proximate makes it, for a folder
// that stays where it is while the process runs (one of rulecraft's data folders): its canonical
// form is found once per process (a system call per component of its path), the working folder
// at each call. `folder` as given when either cannot be found.
std::string ProximateDataPath(const std::string& folder);

}  // namespace rulecraft
