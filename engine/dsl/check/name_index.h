// A hash index from names to their positions in a list the caller keeps (issue 15): checking and
// lowering look names up by the thousand, and a linear search or a node-per-name hash map cost
// more than the work around them.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace rulecraft::check {

// Positions of names kept elsewhere (a vector the caller appends to): open addressing over the
// names' hashes, so adding allocates only when the table doubles and a lookup compares about one
// name. The index keeps no name: `name_at(position)` gives it back when a hash matches.
class NameIndex {
 public:
  // The position of `name`, or -1.
  template <typename NameAt>
  int Find(std::string_view name, NameAt name_at) const {
    return FindHashed(Hash(name), [&](int position) { return std::string_view(name_at(position)) == name; });
  }

  // Records that `name`, not yet in the index, is at `position`.
  void Add(std::string_view name, int position) { AddHashed(Hash(name), position); }

  // The same for keys of several names (a table and a column): the position filed under `hash`
  // for which `is_key(position)` holds, or -1.
  template <typename IsKey>
  int FindHashed(uint32_t hash, IsKey is_key) const {
    if (slots_.empty()) return -1;
    for (size_t at = hash & Mask();; at = (at + 1) & Mask()) {
      const Slot& slot = slots_[at];
      if (slot.position < 0) return -1;
      if (slot.hash == hash && is_key(slot.position)) return slot.position;
    }
  }

  // Records that a key hashed `hash`, not yet in the index, is at `position`.
  void AddHashed(uint32_t hash, int position) {
    if ((used_ + 1) * 2 > slots_.size()) Grow();
    Place({hash, position});
    ++used_;
  }

  // Makes room for `names` names without growing.
  void Reserve(size_t names) {
    while (names * 2 > slots_.size()) Grow();
  }

  // The hash the index files a name under (FNV-1a: names are short).
  static uint32_t Hash(std::string_view name) {
    uint32_t hash = 2166136261u;
    for (char c : name) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
    return hash;
  }

 private:
  struct Slot {
    uint32_t hash = 0;
    int32_t position = -1;  // -1: empty
  };

  size_t Mask() const { return slots_.size() - 1; }

  void Place(Slot slot) {
    size_t at = slot.hash & Mask();
    while (slots_[at].position >= 0) at = (at + 1) & Mask();
    slots_[at] = slot;
  }

  void Grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 16 : old.size() * 2, Slot{});
    for (const Slot& slot : old) {
      if (slot.position >= 0) Place(slot);
    }
  }

  std::vector<Slot> slots_;  // a power of two long, at most half full
  size_t used_ = 0;
};

}  // namespace rulecraft::check
