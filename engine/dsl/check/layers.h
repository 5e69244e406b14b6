// Layering the rules files of a ruleset, its parents and its modules into one Module:
// `override rule X` replaces an earlier layer's X, which stays callable through super().
#pragma once

#include <string>
#include <vector>

#include "dsl/ast/ast.h"
#include "dsl/check/module.h"
#include "rulecraft/diagnostic.h"

namespace rulecraft::check {

// A parsed rules file with the layer it belongs to (0 = the base ruleset, then each module and
// extending ruleset in load order) and that layer's ruleset or module name.
struct LayeredFile {
  ast::RulesFile file;
  int layer = 0;
  std::string layer_name;
};

// Builds the module: one rule per name, a later layer's `override rule` replacing an earlier
// layer's rule, whose body is kept as a rule named `LAYER.name` for super(). Reports a rule
// defined twice in a layer, an override that overrides nothing, a redefinition without
// `override`, and an override whose signature differs from the rule it replaces.
Module MergeLayers(std::vector<LayeredFile>& files, Diagnostics& diagnostics);

}  // namespace rulecraft::check
