#include "dsl/check/module.h"

namespace rulecraft::check {

int Module::Find(std::string_view name) const {
  for (size_t i = 0; i < rules.size(); ++i) {
    if (rules[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace rulecraft::check
