// The FoldConstants pass: arithmetic and comparisons of literals, and `if`, `and`, `or`
// with a literal condition, are computed once at compile time.
#pragma once

#include "dsl/check/module.h"

namespace rulecraft::compile {

// Folds every rule body in place. Table reads are kept, so explanations still name them.
void FoldConstants(check::PassContext& context);

}  // namespace rulecraft::compile
