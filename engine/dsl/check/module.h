// The rules of one ruleset after layering, and what every checking pass reads.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "dsl/ast/ast.h"
#include "rulecraft/diagnostic.h"
#include "tables/table.h"

namespace rulecraft::check {

// Every rule of a ruleset, a child's rule replacing its parent's rule of the same name.
struct Module {
  std::vector<ast::Rule> rules;  // grown only by Add

  // Appends a rule and indexes its name.
  void Add(ast::Rule rule);
  // The index of the rule with this name, or -1.
  int Find(std::string_view name) const;

 private:
  std::unordered_map<std::string, int> by_name_;
};

// What a pass reads and where it reports.
struct PassContext {
  Module& module;
  const tables::TableSet& tables;
  double square_ft;
  Diagnostics& diagnostics;
};

}  // namespace rulecraft::check
