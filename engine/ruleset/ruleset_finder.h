// Where the rulesets a scenario names may come from: the bundled rulesets, folders of rulesets
// given by the user, and (unless confined) any ruleset directory path.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rulecraft/diagnostic.h"

namespace rulecraft::ruleset {

// Turns a scenario's `ruleset:` (a name or a path) into a ruleset directory. A confined finder
// serves untrusted input (the service): it reads nothing outside the bundled rulesets folder and
// its extra folders, so an absolute path or one that climbs out of them (`../../etc`) is refused.
class RulesetFinder {
 public:
  // `extra_folders`: folders of ruleset directories (or ruleset directories themselves) whose
  // rulesets are named by their folder name, after the bundled ones.
  explicit RulesetFinder(std::vector<std::string> extra_folders = {}, bool confined = false);

  // The directory of `name_or_path`, a path taken relative to `base_folder`; nullopt with an
  // error at `where` (unknown-ruleset, or ruleset-path-refused when confined) when there is none.
  std::optional<std::string> Find(const std::string& name_or_path, const std::string& base_folder,
                                  const SourceSpan& where, Diagnostics& diagnostics) const;

  // Every ruleset name it knows, bundled first, each once, sorted within its folder.
  std::vector<std::string> Names() const;

  // The folders it reads rulesets from: the bundled folder, then the extra ones.
  std::vector<std::string> Roots() const;

  bool confined() const { return confined_; }

 private:
  std::optional<std::string> FindName(const std::string& name) const;
  std::optional<std::string> FindConfinedPath(const std::string& path, const SourceSpan& where,
                                              Diagnostics& diagnostics) const;

  std::vector<std::string> extra_folders_;
  bool confined_ = false;
};

}  // namespace rulecraft::ruleset
