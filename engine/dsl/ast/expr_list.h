// The list of an expression node's children (issue 15): owning pointers kept in storage cut from
// the node blocks (node_blocks.h) like the nodes themselves, so a node's operands cost no malloc.
// It offers the part of std::vector's interface the passes use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>

#include "dsl/ast/node_blocks.h"

namespace rulecraft::ast {

// An ordered list of owned nodes (null entries allowed), moved but not copied. A template only so
// that its members are compiled where `Node` is complete (ast.h's Expr holds two of them).
template <typename Node>
class NodeList {
 public:
  using value_type = std::unique_ptr<Node>;
  using iterator = value_type*;
  using const_iterator = const value_type*;

  NodeList() = default;
  NodeList(const NodeList&) = delete;
  NodeList& operator=(const NodeList&) = delete;
  NodeList(NodeList&& other) noexcept
      : items_(std::exchange(other.items_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  // The entries held before are freed after `other`'s are taken, so `other` may be one of theirs.
  NodeList& operator=(NodeList&& other) noexcept {
    if (this != &other) {
      NodeList old(std::move(*this));
      items_ = std::exchange(other.items_, nullptr);
      size_ = std::exchange(other.size_, 0);
      capacity_ = std::exchange(other.capacity_, 0);
    }
    return *this;
  }
  ~NodeList() {
    clear();
    Deallocate(items_, capacity_);
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  value_type& operator[](size_t i) { return items_[i]; }
  const value_type& operator[](size_t i) const { return items_[i]; }
  iterator begin() { return items_; }
  iterator end() { return items_ + size_; }
  const_iterator begin() const { return items_; }
  const_iterator end() const { return items_ + size_; }

  // Makes room for `count` entries in all, so that appending up to there moves none.
  void reserve(size_t count) {
    if (count > capacity_) Grow(count);
  }
  // Appends `node` (null allowed).
  void push_back(value_type node) {
    if (size_ == capacity_) Grow(capacity_ == 0 ? 2 : size_t{capacity_} * 2);
    new (items_ + size_) value_type(std::move(node));
    ++size_;
  }
  // Destroys every entry, keeping the storage.
  void clear() noexcept {
    for (; size_ > 0; --size_) items_[size_ - 1].~value_type();
  }

 private:
  // Storage for this many entries or fewer comes from the node blocks; for more, from operator new.
  static constexpr size_t kMaxBlockEntries = kMaxNodeBytes / sizeof(value_type);

  static value_type* Allocate(size_t count) {
    void* storage = count <= kMaxBlockEntries ? AllocateNode(count * sizeof(value_type))
                                              : ::operator new(count * sizeof(value_type));
    return static_cast<value_type*>(storage);
  }
  static void Deallocate(value_type* items, size_t count) noexcept {
    if (items == nullptr) return;
    if (count <= kMaxBlockEntries) {
      FreeNode(items);
    } else {
      ::operator delete(items);
    }
  }

  void Grow(size_t count) {
    if (count > UINT32_MAX) throw std::bad_alloc();
    value_type* items = Allocate(count);
    for (size_t i = 0; i < size_; ++i) {
      new (items + i) value_type(std::move(items_[i]));
      items_[i].~value_type();
    }
    Deallocate(items_, capacity_);
    items_ = items;
    capacity_ = static_cast<uint32_t>(count);
  }

  value_type* items_ = nullptr;
  uint32_t size_ = 0;
  uint32_t capacity_ = 0;
};

}  // namespace rulecraft::ast
