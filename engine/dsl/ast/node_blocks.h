// Storage for the AST's expression nodes (issue 15): nodes are cut from blocks of many, so a
// file's tree costs a few allocations instead of one a node. A block goes back to the system when
// the last node cut from it is freed, by whichever thread frees it; builds with AddressSanitizer
// allocate each node on its own, so that its checks still see every node.
#pragma once

#include <cstddef>

namespace rulecraft::ast {

// The largest node AllocateNode gives storage for.
inline constexpr std::size_t kMaxNodeBytes = 1024;

// Storage for one node of `size` bytes (at most kMaxNodeBytes), aligned for any type; throws
// std::bad_alloc when memory runs out.
void* AllocateNode(std::size_t size);

// Gives back storage AllocateNode gave (null does nothing).
void FreeNode(void* node) noexcept;

}  // namespace rulecraft::ast
