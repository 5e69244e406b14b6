// The rules of one ruleset after layering, and what every checking pass reads.
#pragma once

#include <functional>
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
  // Hashes and compares a std::string and a std::string_view alike, so Find copies nothing.
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
  };
  std::unordered_map<std::string, int, NameHash, std::equal_to<>> by_name_;
};

// What a pass reads and where it reports.
struct PassContext {
  Module& module;
  const tables::TableSet& tables;
  double square_ft;
  Diagnostics& diagnostics;
};

}  // namespace rulecraft::check
