#include "dsl/ast/node_blocks.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>

#include "dsl/ast/ast.h"

#if defined(__SANITIZE_ADDRESS__)
#define RULECRAFT_NODES_ONE_BY_ONE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RULECRAFT_NODES_ONE_BY_ONE 1
#endif
#endif

namespace rulecraft::ast {

static_assert(sizeof(Expr) <= kMaxNodeBytes, "an expression node must fit the node blocks");

#ifdef RULECRAFT_NODES_ONE_BY_ONE

void* AllocateNode(std::size_t size) { return ::operator new(size); }

void FreeNode(void* node) noexcept { ::operator delete(node); }

#else

namespace {

constexpr std::size_t kBlockBytes = 32 * 1024;  // a power of two: a node's block is its address rounded down
constexpr std::size_t kAlign = alignof(std::max_align_t);

// The start of each block: how many of its nodes are live, plus kBias while a thread still cuts
// nodes from it. Its filling thread counts the nodes it cuts on the side and takes the bias off
// when it moves on, so that cutting a node touches no atomic and only freeing one does.
struct alignas(kAlign) BlockHeader {
  std::atomic<uint64_t> live;
};
constexpr uint64_t kBias = uint64_t{1} << 62;

// The block a thread is cutting nodes from.
struct Filling {
  char* block = nullptr;
  char* next = nullptr;
  char* end = nullptr;
  uint64_t taken = 0;  // nodes cut from the block so far
};

thread_local Filling filling;

void Drop(BlockHeader* header, uint64_t count) noexcept {
  if (header->live.fetch_sub(count, std::memory_order_acq_rel) == count) {
    header->~BlockHeader();
    std::free(header);
  }
}

// Stops cutting from the thread's block, which then goes when its last node does.
void Release(Filling& state) noexcept {
  if (state.block == nullptr) return;
  Drop(reinterpret_cast<BlockHeader*>(state.block), kBias - state.taken);
  state = {};
}

// Releases the thread's block when the thread ends.
struct ReleaseAtExit {
  ~ReleaseAtExit() { Release(filling); }
};

thread_local ReleaseAtExit release_at_exit;

void StartBlock(Filling& state) {
  (void)&release_at_exit;  // constructs it in this thread, so that it runs at the thread's end
  Release(state);
  void* block = std::aligned_alloc(kBlockBytes, kBlockBytes);
  if (block == nullptr) throw std::bad_alloc();
  new (block) BlockHeader{kBias};
  state.block = static_cast<char*>(block);
  state.next = state.block + sizeof(BlockHeader);
  state.end = state.block + kBlockBytes;
  state.taken = 0;
}

}  // namespace

void* AllocateNode(std::size_t size) {
  size = (size + kAlign - 1) & ~(kAlign - 1);
  Filling& state = filling;
  if (static_cast<std::size_t>(state.end - state.next) < size) StartBlock(state);
  void* node = state.next;
  state.next += size;
  ++state.taken;
  return node;
}

void FreeNode(void* node) noexcept {
  if (node == nullptr) return;
  auto address = reinterpret_cast<std::uintptr_t>(node) & ~(std::uintptr_t{kBlockBytes} - 1);
  Drop(reinterpret_cast<BlockHeader*>(address), 1);
}

#endif

}  // namespace rulecraft::ast
