// Comparing a name or operator with a literal word, for the passes that do it at every node
// (issue 15): std::string_view's == calls compare() out of line whenever the sizes match.
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

namespace rulecraft::check {

// Whether `text` is the literal `word`: sizes first, then the bytes, compared inline.
template <std::size_t N>
bool IsWord(std::string_view text, const char (&word)[N]) {
  return text.size() == N - 1 && std::memcmp(text.data(), word, N - 1) == 0;
}

}  // namespace rulecraft::check
