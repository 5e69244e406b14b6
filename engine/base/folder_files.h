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

// The paths `folder/NAME` of the entries of `folder` whose NAME ends in one of `extensions`
// (".rules"), "." and ".." left out, sorted by name. An extension counts as fs::path::extension()
// reads it: from the name's last '.', which is not its first byte. Whatever stops the folder
// from being read is put in `error` (the list is then empty).
std::vector<std::string> FolderFiles(const std::string& folder, std::initializer_list<const char*> extensions,
                                     std::error_code& error);

}  // namespace rulecraft
