// Checking that a file's bytes are text rulecraft reads: UTF-8 without control characters.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rulecraft {

// The first byte of `text` that is not text, and why.
struct BadByte {
  size_t offset = 0;
  std::string why;  // "a byte that is not UTF-8 (0x9E)", "a NUL byte", …
};

// The first byte that is not well-formed UTF-8 (no overlong forms, surrogates or code points
// past U+10FFFF), or a control character other than tab, line feed and carriage return;
// nullopt when every byte is text.
std::optional<BadByte> FirstBadByte(std::string_view text);

}  // namespace rulecraft
