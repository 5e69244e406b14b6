// The rules of one ruleset after layering, and what every checking pass reads.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "dsl/ast/ast.h"
#include "dsl/check/name_index.h"
#include "rulecraft/diagnostic.h"
#include "tables/table.h"

namespace rulecraft::check {

// Every rule of a ruleset, a child's rule replacing its parent's rule of the same name.
struct Module {
  std::vector<ast::Rule> rules;  // grown only by Add

  // Appends a rule and indexes its name (which must stay as it is while the rule is here).
  void Add(ast::Rule&& rule);
  // Makes room for `count` rules without moving them.
  void Reserve(size_t count);
  // The index of the rule with this name, or -1.
  int Find(std::string_view name) const;

 private:
  NameIndex by_name_;  // over rules[i].name
};

// What a pass reads and where it reports.
struct PassContext {
  Module& module;
  const tables::TableSet& tables;
  double square_ft;
  Diagnostics& diagnostics;
};

}  // namespace rulecraft::check
