// What a condition brings with it: the `conditions` table's `brings` column (paralyzed brings
// helpless, unconscious brings helpless and prone), closed over, so a rule testing has(helpless)
// holds for a paralyzed creature too.
#pragma once

#include <string>
#include <vector>

#include "rulecraft/diagnostic.h"
#include "tables/table.h"

namespace rulecraft::tables {

// A condition a creature has because another brings it.
struct BroughtCondition {
  std::string name;
  std::string by;  // the condition the creature was given that brings it (perhaps through others)
  std::vector<std::string> chain;  // from `by` to `name`, both included: [unconscious, helpless]
};

// Reports each `brings` entry that is not a row of the table (`unknown-row`) and each condition
// that brings itself back, directly or through others (`cycle`, at the entry that closes it).
void CheckBrings(const Table& conditions, Diagnostics& diagnostics);

// The conditions `given` brings that it does not hold already, each once, in the order met (the
// given ones first to last, each breadth first). Unknown names bring nothing; cycles end.
std::vector<BroughtCondition> BroughtBy(const Table& conditions, const std::vector<std::string>& given);

}  // namespace rulecraft::tables
