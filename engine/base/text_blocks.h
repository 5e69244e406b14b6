// The block-at-a-time part of FirstBadByte: how far a text is surely text, found sixteen or
// thirty-two bytes at a time with vector instructions, so that only the bytes from there on are
// read one character at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "base/text_bytes.h"

namespace rulecraft {

// An offset where a character starts (in the reading of `text` from its first byte) such that
// every byte before it is text as FirstBadByte reads it; the first bad byte, if any, is at or
// after it, and is found by reading on from it one character at a time (at most the last few
// bytes are left to read when all is text). 0 where vector instructions are not to be had.
size_t TextPrefixEnd(std::string_view text);

// The widths of the blocks TextPrefixEnd reads: the widest the machine has, 16 or 32 bytes.
enum class TextBlockWidth { kWidest, k16, k32 };

// TextPrefixEnd reading blocks of the given width (0 when the machine has no such instructions),
// so that tests can check each width on any machine that has it.
size_t TextPrefixEnd(std::string_view text, TextBlockWidth width);

// FirstBadByte(text) when the bytes before `from` are text and a character starts at `from`
// (as at TextPrefixEnd's offset): the bytes from `from` on read one character at a time.
std::optional<BadByte> FirstBadByteFrom(std::string_view text, size_t from);

}  // namespace rulecraft
