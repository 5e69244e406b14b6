// Reading many mappings of one kind (a table's rows) by a fixed list of key names (issue 15):
// each entry's key is looked up once in a hashed table of the names, and the reader's buffers
// are kept from one mapping to the next. It reports exactly what a TreeMapReader asked for the
// same keys in the same order reports.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/yaml_tree.h"

namespace rulecraft::yaml {

// The names a kind of mapping may have as keys, each given a slot; a name's text must outlive it.
class KeyNames {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;

  // Makes room for `names` names, so that adding as many grows nothing.
  void Reserve(size_t names);
  // The slot of `name`, added unless it is there already (a repeated name keeps its first slot).
  uint32_t Add(std::string_view name);
  // The slot of `key`, or kNone when it names none.
  uint32_t Find(std::string_view key) const;
  size_t size() const { return names_.size(); }
  std::string_view Name(uint32_t slot) const { return names_[slot]; }

 private:
  static size_t Hash(std::string_view key);
  // Rebuilds the buckets for the names, with room for at least `room` of them.
  void Rehash(size_t room = 0);

  std::vector<std::string_view> names_;
  std::vector<uint32_t> buckets_;  // open addressing: a slot, or kNone for an empty bucket
};

// Reads the keys of one mapping at a time by the slots of a KeyNames, checking unknown,
// duplicate and missing keys as BasicMapReader does.
class KeyedMapReader {
 public:
  // `keys` must outlive the reader.
  KeyedMapReader(const SourceFile& file, const KeyNames& keys, Diagnostics& diagnostics);

  // Starts reading `map`, forgetting the mapping before; reports nothing yet (Check does).
  void Start(const Node& map);
  // The value of the first entry whose key is a scalar of this slot's name, without asking for
  // it (as yaml::Get); undefined when there is none or the node is no mapping.
  Node Peek(uint32_t slot) const {
    uint32_t entry = first_[slot];
    return entry == KeyNames::kNone ? Node::Undefined() : entries_[entry].value;
  }
  // Names the mapping in messages, `what_format` (a fmt format string such as "row '{}' of
  // table '{}'") with `first` and `second`, formatted only when a message is written (the texts
  // must outlive the reading); then reports a node that is no mapping, or each key given twice.
  // True when the node is a mapping.
  bool Check(const char* what_format, std::string_view first, std::string_view second);

  // The value for the slot's key, or an undefined node when absent.
  Node Optional(uint32_t slot) {
    asked_.push_back(slot);
    asked_slots_[slot] = 1;
    if (!ok_) return Node::Undefined();
    return Peek(slot);
  }
  // The same; reports a missing-key error when absent.
  Node Required(uint32_t slot);
  // Asks for each slot of `order` in turn, as Optional called on each would, without reading
  // the values (Peek reads them).
  void AskEach(const std::vector<uint32_t>& order);
  // Asks for each slot of `order` in turn in every mapping read from now on, first of all (as
  // AskEach right after each Start would), at no cost per mapping.
  void AskAlways(const std::vector<uint32_t>& order);
  // Reports the missing-key error Required reports for a slot whose key is absent.
  void ReportMissing(uint32_t slot);
  // Reports every key that was never asked for, suggesting the closest asked-for name.
  void RejectUnknown();
  // The span of the mapping itself.
  SourceSpan Span() const;

 private:
  struct Entry {
    Node key;
    Node value;
    uint32_t slot;  // of the key's text (a key that is no scalar reads as "")
    bool repeated;  // an earlier entry has the same slot (for kNone, Check compares the texts)
  };
  std::string What() const;
  // Forgets what the entries of the mapping read last noted by slot, and what was asked of it.
  void Forget();

  const SourceFile& file_;
  const KeyNames& keys_;
  Diagnostics& diagnostics_;
  Node map_;
  bool is_map_ = false;
  bool ok_ = false;
  const char* what_format_ = "";
  std::string_view what_first_;
  std::string_view what_second_;
  std::vector<Entry> entries_;        // in the mapping's order, duplicates kept
  std::vector<uint32_t> first_;       // by slot: the first entry with a scalar key of it, or kNone
  std::vector<uint8_t> asked_slots_;  // by slot: whether Optional or Required named it
  std::vector<uint8_t> seen_slots_;   // by slot: whether an entry of the mapping has it
  std::vector<uint32_t> asked_;       // the slots asked for, in order
  // AskAlways: how many slots at the start of asked_ are asked of every mapping, each slot's mark
  // (asked_slots_ after Forget), and whether they are every slot.
  size_t always_asked_ = 0;
  std::vector<uint8_t> always_slots_;
  bool always_every_slot_ = false;
  size_t unknown_entries_ = 0;  // entries of no slot in the mapping
  bool repeated_entry_ = false;  // some entry repeats an earlier one's slot
};

}  // namespace rulecraft::yaml
