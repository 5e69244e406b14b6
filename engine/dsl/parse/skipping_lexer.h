// The rules lexer with a fast skip of whitespace and comments (issue 15); internal to dsl/parse.
#pragma once

#include <memory>

#include "RulesLexer.h"
#include "antlr4-runtime.h"

namespace rulecraft::parse {

// The grammar's lexer, which before each token steps over whitespace and comments itself, a
// compare per character, where the generated lexer would walk its DFA (under a lock) for
// every one of them and then drop them (WS and COMMENT are `-> skip` in Rules.g4). Nothing
// but WS and COMMENT starts with whitespace or '#', so the tokens, their lines, columns and
// indices, and every lexer error are the generated lexer's.
class SkippingLexer : public grammar::RulesLexer {
 public:
  using grammar::RulesLexer::RulesLexer;

  std::unique_ptr<antlr4::Token> nextToken() override {
    size_t line = getLine();
    size_t column = getCharPositionInLine();
    bool moved = false;
    while (true) {
      size_t c = _input->LA(1);
      if (c == '#') {  // COMMENT : '#' ~[\r\n]*
        do {
          _input->consume();
          ++column;
          c = _input->LA(1);
        } while (c != '\n' && c != '\r' && c != antlr4::IntStream::EOF);
        moved = true;
        continue;
      }
      if (c == '\n') {  // WS : [ \t\r\n]+
        ++line;
        column = 0;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++column;
      } else {
        break;
      }
      _input->consume();
      moved = true;
    }
    if (moved) {
      setLine(line);
      setCharPositionInLine(column);
    }
    return grammar::RulesLexer::nextToken();
  }
};

}  // namespace rulecraft::parse
