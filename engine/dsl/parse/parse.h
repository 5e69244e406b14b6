// Rules source text → AST. The only stage that sees ANTLR; no ANTLR type leaves dsl/parse.
#pragma once

#include <optional>

#include "dsl/ast/ast.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::parse {

// Parses one rules file; syntax errors become diagnostics (several per run) and nullopt.
// A file without a manifest parses; whether it needs one is the ruleset loader's call.
// Files that parse cleanly take a hand-written parser (fast_parser.h), the rest ANTLR's.
std::optional<ast::RulesFile> ParseRulesFile(const SourceFile& file, Diagnostics& diagnostics);

// ParseRulesFile by ANTLR's lexer and parser alone, the reference the hand-written one matches.
std::optional<ast::RulesFile> ParseRulesFileWithAntlr(const SourceFile& file, Diagnostics& diagnostics);

}  // namespace rulecraft::parse
