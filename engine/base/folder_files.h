// The names in a folder, read with one system call per batch of entries and no path objects.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace rulecraft {

// `folder/name`, joined as fs::path's operator/ joins a relative name (no second '/' after one the
// folder ends with; just the name after an empty folder), without building path objects.
std::string JoinPath(const std::string& folder, std::string_view name);

// Whether something is at `path` (following links), in one stat call: true also when something
// there cannot be looked at (a loop of links, a folder without permission), so that reading it
// says why; false when nothing is there. Never throws, unlike fs::exists.
bool PathMayExist(const std::string& path);

// Whether `path` is a folder (following links), in one stat call; true also when it cannot be
// looked at for a reason other than its absence, so that listing it says why. Never throws.
bool PathMayBeFolder(const std::string& path);

// The paths `folder/NAME` of the entries of `folder` whose NAME ends in one of `extensions`
// (".rules"), "." and ".." left out, sorted by name. An extension counts as fs::path::extension()
// reads it: from the name's last '.', which is not its first byte. Whatever stops the folder
// from being read is put in `error` (the list is then empty).
std::vector<std::string> FolderFiles(const std::string& folder, std::initializer_list<const char*> extensions,
                                     std::error_code& error);

}  // namespace rulecraft
