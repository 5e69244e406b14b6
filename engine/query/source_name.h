// A file's name as an explanation shows it: relative to the ruleset it belongs to.
#pragma once

#include <string>

namespace rulecraft::query {

// `path` as "<ruleset>:<path inside it>" ("dnd35:tables/sizes.yaml") when a folder above it
// holds a `ruleset.rules` (a ruleset or a module, named by its folder), else `path` unchanged;
// the same however the caller's working folder reached the file. Safe to call from threads.
std::string RulesetRelativeName(const std::string& path);

}  // namespace rulecraft::query
