// The AST of a rules file's manifest: `ruleset NAME "title" extends NAME { key = value }`.
#pragma once

#include <string>
#include <vector>

#include "rulecraft/diagnostic.h"

namespace rulecraft::ast {

// One `key = amount unit` setting of a manifest.
struct Setting {
  std::string key;
  double amount = 0;
  std::string unit;  // empty when the value has none
  SourceSpan key_span;
  SourceSpan value_span;
};

// The ruleset header every rules file starts with.
struct Manifest {
  std::string name;
  std::string title;
  std::string extends;  // empty when the ruleset extends none
  std::vector<Setting> settings;
  SourceSpan name_span;
  SourceSpan extends_span;
  // `uses`: shared modules of rules and tables (a name under rulesets/modules/, or a quoted path),
  // each with where it is written.
  std::vector<std::pair<std::string, SourceSpan>> uses;
};

}  // namespace rulecraft::ast
