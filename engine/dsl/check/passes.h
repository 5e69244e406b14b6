// The named checking passes, run in this order by dsl/compile/pipeline:
// ResolveNames → CheckTypes → CheckUnits. Each reports into the context's diagnostics and
// leaves the AST annotated for the next one.
#pragma once

#include "dsl/check/module.h"

namespace rulecraft::check {

// Binds every name to a parameter, `let`, rule, built-in, table or table row; rejects
// unknown names (suggesting the closest), duplicate parameters and recursive rules.
void ResolveNames(PassContext& context);

// Gives every expression its type, binds members (table columns, record fields, methods),
// and checks hook-point signatures, argument types and conditions.
void CheckTypes(PassContext& context);

// Checks units: feet never meet plain numbers without a conversion, no lengths are
// multiplied together, and branches, arguments and results agree.
void CheckUnits(PassContext& context);

}  // namespace rulecraft::check
