// The Lower pass: checked, folded AST → Program (bytecode with every index resolved).
#pragma once

#include "dsl/check/module.h"
#include "dsl/compile/program.h"

namespace rulecraft::compile {

// Lowers every rule of a checked module; table columns, flags and strings the rules use
// are copied into the program so evaluation reads them by index. The rules' names, name spans
// and types are moved into the program: the module is not to be used after, but destroyed.
Program Lower(check::PassContext& context);

}  // namespace rulecraft::compile
