#include "dsl/check/module.h"

#include "dsl/check/quick_hash.h"

namespace rulecraft::check {

void Module::Add(ast::Rule&& rule) {
  by_name_.AddHashed(QuickHash(rule.name), static_cast<int>(rules.size()));
  rules.push_back(std::move(rule));
}

void Module::Reserve(size_t count) {
  rules.reserve(count);
  by_name_.Reserve(count);
}

int Module::Find(std::string_view name) const {
  return by_name_.FindHashed(QuickHash(name), [&](int at) { return rules[static_cast<size_t>(at)].name == name; });
}

}  // namespace rulecraft::check
