// A hand-written lexer and precedence-climbing parser for rules files that parse cleanly (issue 15);
// internal to dsl/parse, which falls back to ANTLR's parse whenever this one is not sure.
#pragma once

#include <optional>

#include "dsl/ast/ast.h"
#include "rulecraft/source.h"

namespace rulecraft::parse {

// The AST (nodes, texts, numbers and spans) ANTLR's parse of grammar/Rules.g4 builds for `file`,
// or nullopt without a word when the file has anything this parser is not sure of (a lexer or
// syntax error, a limit of base/limits.h approached, bytes that are not UTF-8 text), which the
// ANTLR parse then reports.
std::optional<ast::RulesFile> FastParseRulesFile(const SourceFile& file);

// The manifest FastParseRulesFile(file) holds when it parses and has one, read from the file's
// first tokens up to the manifest's '}' alone; nullopt when those tokens are not a manifest this
// parser is sure of. The rest of the file is not read: FastParseRulesFile may still decline it.
std::optional<ast::Manifest> FastParseManifest(const SourceFile& file);

}  // namespace rulecraft::parse
