// Prints the AST as S-expressions, with types once checked (`--dump-after=parse|…|fold`).
#pragma once

#include <string>
#include <vector>

#include "dsl/ast/ast.h"

namespace rulecraft::ast {

// One expression, e.g. `(+ (. mover:creature size):sizes 5 ft):distance`.
std::string PrintExpr(const Expr& expr);

// Every rule, one a line: `rule name(param: type) : result = expr`.
std::string PrintRules(const std::vector<Rule>& rules);

}  // namespace rulecraft::ast
