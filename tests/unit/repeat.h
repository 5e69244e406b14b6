// Building big test inputs: a piece of text repeated.
#pragma once

#include <string>
#include <string_view>

namespace rulecraft::testing {

// `piece` written `times` times.
inline std::string Repeat(std::string_view piece, size_t times) {
  std::string out;
  out.reserve(piece.size() * times);
  for (size_t i = 0; i < times; ++i) out += piece;
  return out;
}

}  // namespace rulecraft::testing
