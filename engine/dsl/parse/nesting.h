// How deep the rules nest, estimated from above on the token stream before any recursive
// descent sees it: within each bracketed group every operator and keyword may open a level (a
// chain `a + b + c` nests as deep as it is long once it is a tree), a comma starts the next
// sibling, and each bracket adds its own. Both parsers (parse.cc's ANTLR path, fast_parser.cc)
// measure with it, so they refuse and fall back at the same tokens.
#pragma once

#include <cstddef>
#include <vector>

namespace rulecraft::parse {

// What a token does to the nesting.
enum class Nesting : char { kNone, kRule, kOpen, kClose, kComma, kLevel };

// The running estimate over a file's tokens, one token at a time.
class NestingDepth {
 public:
  // Takes the next token's effect and returns the depth after it.
  size_t Step(Nesting kind) {
    switch (kind) {
      case Nesting::kRule:
        levels_.assign(1, 0);
        depth_ = 0;
        break;
      case Nesting::kOpen:
        levels_.push_back(0);
        ++depth_;
        break;
      case Nesting::kClose:
        if (levels_.size() > 1) {
          depth_ -= levels_.back() + 1;
          levels_.pop_back();
        }
        break;
      case Nesting::kComma:
        depth_ -= levels_.back();
        levels_.back() = 0;
        break;
      case Nesting::kLevel:
        ++levels_.back();
        ++depth_;
        break;
      case Nesting::kNone:
        break;
    }
    return depth_;
  }

 private:
  std::vector<size_t> levels_{0};  // per open bracket: the levels its current sibling opened
  size_t depth_ = 0;               // the sum of `levels_` plus the brackets open
};

}  // namespace rulecraft::parse
