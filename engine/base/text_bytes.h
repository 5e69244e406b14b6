// Checking that a file's bytes are text rulecraft reads: UTF-8 without control characters.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulecraft {

// Removes a UTF-8 byte-order mark from the start of `text`: it says nothing in UTF-8, and a text
// is kept without it.
inline void DropByteOrderMark(std::string& text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
}

// The first byte of `text` that is not text, and why.
struct BadByte {
  size_t offset = 0;
  std::string why;  // "a byte that is not UTF-8 (0x9E)", "a NUL byte", …
};

// The first byte that is not well-formed UTF-8 (no overlong forms, surrogates or code points
// past U+10FFFF), or a control character other than tab, line feed and carriage return;
// nullopt when every byte is text.
std::optional<BadByte> FirstBadByte(std::string_view text);

// The length of the well-formed UTF-8 sequence of two to four bytes at `at` (Unicode table 3-7:
// no overlong forms, surrogates or code points past U+10FFFF), or 0 when the bytes there are not
// one (an ASCII byte included).
inline size_t MultiByteLength(std::string_view text, size_t at) {
  auto byte = [&](size_t i) { return at + i < text.size() ? static_cast<unsigned char>(text[at + i]) : 0u; };
  auto in = [](unsigned value, unsigned low, unsigned high) { return value - low <= high - low; };
  unsigned lead = byte(0);
  if (in(lead, 0xC2, 0xDF)) return in(byte(1), 0x80, 0xBF) ? 2 : 0;
  if (in(lead, 0xE0, 0xEF)) {
    unsigned low = lead == 0xE0 ? 0xA0 : 0x80;
    unsigned high = lead == 0xED ? 0x9F : 0xBF;
    return in(byte(1), low, high) && in(byte(2), 0x80, 0xBF) ? 3 : 0;
  }
  if (in(lead, 0xF0, 0xF4)) {
    unsigned low = lead == 0xF0 ? 0x90 : 0x80;
    unsigned high = lead == 0xF4 ? 0x8F : 0xBF;
    return in(byte(1), low, high) && in(byte(2), 0x80, 0xBF) && in(byte(3), 0x80, 0xBF) ? 4 : 0;
  }
  return 0;
}

// The end of the run of printable ASCII (0x20-0x7E) and line feeds that starts at `at`: the
// first byte from `at` on that is neither, or the text's size. Most of any text is such a run;
// this reads it eight bytes at a time.
size_t EndOfPlainAscii(std::string_view text, size_t at);

// `text` cut into characters, as a reader counts them: each well-formed UTF-8 sequence is one,
// and so is each byte that is not part of one (a map row "..é." is four squares).
std::vector<std::string_view> SplitCharacters(std::string_view text);

}  // namespace rulecraft
