#include "dsl/check/module.h"

namespace rulecraft::check {

void Module::Add(ast::Rule rule) {
  by_name_.emplace(rule.name, static_cast<int>(rules.size()));
  rules.push_back(std::move(rule));
}

int Module::Find(std::string_view name) const {
  auto found = by_name_.find(name);
  return found == by_name_.end() ? -1 : found->second;
}

}  // namespace rulecraft::check
