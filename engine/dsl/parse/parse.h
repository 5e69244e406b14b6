// Rules source text → AST. The only stage that sees ANTLR; no ANTLR type leaves dsl/parse.
#pragma once

#include <optional>

#include "dsl/ast/ast.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::parse {

// Parses one rules file; syntax errors become diagnostics (several per run) and nullopt.
// A file without a manifest parses; whether it needs one is the ruleset loader's call.
std::optional<ast::RulesFile> ParseRulesFile(const SourceFile& file, Diagnostics& diagnostics);

}  // namespace rulecraft::parse
