#include "tables/keyed_map_reader.h"

#include <algorithm>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "tables/yaml_file.h"

namespace rulecraft::yaml {

size_t KeyNames::Hash(std::string_view key) {
  // The length and three bytes tell the few names of a table apart; the probe compares whole texts.
  size_t size = key.size();
  if (size == 0) return 0;
  auto byte = [&](size_t at) { return static_cast<size_t>(static_cast<unsigned char>(key[at])); };
  size_t mixed = size ^ (byte(0) << 8) ^ (byte(size - 1) << 16) ^ (byte(size / 2) << 24);
  return (mixed * 0x9E3779B97F4A7C15ULL) >> 40;
}

namespace {

// Whether two texts of the same `size` hold the same bytes: up to 16 bytes by two overlapping
// loads a side, no call.
bool SameBytes(const char* a, const char* b, size_t size) {
  auto load8 = [](const char* at) {
    uint64_t word;
    std::memcpy(&word, at, sizeof word);
    return word;
  };
  auto load4 = [](const char* at) {
    uint32_t word;
    std::memcpy(&word, at, sizeof word);
    return word;
  };
  if (size >= 8) {
    if (size > 16) return std::memcmp(a, b, size) == 0;
    return load8(a) == load8(b) && load8(a + size - 8) == load8(b + size - 8);
  }
  if (size >= 4) return load4(a) == load4(b) && load4(a + size - 4) == load4(b + size - 4);
  for (size_t at = 0; at < size; ++at) {
    if (a[at] != b[at]) return false;
  }
  return true;
}

}  // namespace

uint32_t KeyNames::Find(std::string_view key) const {
  if (buckets_.empty()) return kNone;
  size_t mask = buckets_.size() - 1;
  for (size_t bucket = Hash(key) & mask;; bucket = (bucket + 1) & mask) {
    uint32_t slot = buckets_[bucket];
    if (slot == kNone) return kNone;
    std::string_view name = names_[slot];
    if (name.size() == key.size() && SameBytes(name.data(), key.data(), key.size())) return slot;
  }
}

uint32_t KeyNames::Add(std::string_view name) {
  if (uint32_t slot = Find(name); slot != kNone) return slot;
  names_.push_back(name);
  if (names_.size() * 2 > buckets_.size()) {
    Rehash();
  } else {
    size_t mask = buckets_.size() - 1;
    size_t bucket = Hash(name) & mask;
    while (buckets_[bucket] != kNone) bucket = (bucket + 1) & mask;
    buckets_[bucket] = static_cast<uint32_t>(names_.size() - 1);
  }
  return static_cast<uint32_t>(names_.size() - 1);
}

void KeyNames::Reserve(size_t names) {
  names_.reserve(names);
  if (names * 2 > buckets_.size()) Rehash(names);
}

void KeyNames::Rehash(size_t room) {
  size_t count = 16;
  while (count < std::max(names_.size(), room) * 2) count *= 2;
  buckets_.assign(count, kNone);
  for (uint32_t slot = 0; slot < names_.size(); ++slot) {
    size_t bucket = Hash(names_[slot]) & (count - 1);
    while (buckets_[bucket] != kNone) bucket = (bucket + 1) & (count - 1);
    buckets_[bucket] = slot;
  }
}

KeyedMapReader::KeyedMapReader(const SourceFile& file, const KeyNames& keys, Diagnostics& diagnostics)
    : file_(file),
      keys_(keys),
      diagnostics_(diagnostics),
      first_(keys.size(), KeyNames::kNone),
      asked_slots_(keys.size(), 0),
      seen_slots_(keys.size(), 0),
      always_slots_(keys.size(), 0) {}

void KeyedMapReader::Forget() {
  // Only the slots the last mapping's entries or askings touched are marked: those are cleared.
  for (const Entry& entry : entries_) {
    if (entry.slot == KeyNames::kNone) continue;
    first_[entry.slot] = KeyNames::kNone;
    seen_slots_[entry.slot] = 0;
  }
  for (size_t at = always_asked_; at < asked_.size(); ++at) asked_slots_[asked_[at]] = always_slots_[asked_[at]];
  asked_.resize(always_asked_);
  entries_.clear();
  unknown_entries_ = 0;
  repeated_entry_ = false;
}

void KeyedMapReader::AskAlways(const std::vector<uint32_t>& order) {
  Forget();
  asked_.insert(asked_.begin(), order.begin(), order.end());
  always_asked_ = asked_.size();
  for (uint32_t slot : order) {
    asked_slots_[slot] = 1;
    always_slots_[slot] = 1;
  }
  always_every_slot_ = std::all_of(always_slots_.begin(), always_slots_.end(), [](uint8_t asked) { return asked != 0; });
}

void KeyedMapReader::Start(const Node& map) {
  Forget();
  map_ = map;
  ok_ = false;
  is_map_ = map.IsMap();
  if (!is_map_) return;
  entries_.reserve(map.size());
  for (const auto& entry : map) {
    uint32_t slot = keys_.Find(entry.first.Scalar());
    bool repeated = false;
    if (slot != KeyNames::kNone) {
      if (first_[slot] == KeyNames::kNone && entry.first.IsScalar()) first_[slot] = static_cast<uint32_t>(entries_.size());
      repeated = seen_slots_[slot] != 0;
      seen_slots_[slot] = 1;
      repeated_entry_ = repeated_entry_ || repeated;
    } else {
      ++unknown_entries_;
    }
    entries_.push_back({entry.first, entry.second, slot, repeated});
  }
}

bool KeyedMapReader::Check(const char* what_format, std::string_view first, std::string_view second) {
  what_format_ = what_format;
  what_first_ = first;
  what_second_ = second;
  if (!is_map_) {
    ReportNotMapping(SpanOf(file_, map_), What(), Describe(map_), diagnostics_);
    return false;
  }
  ok_ = true;
  if (!repeated_entry_ && unknown_entries_ < 2) return true;  // no key can repeat another
  // A key repeats an earlier one of the same text: of the same slot (as Start noted), or both of
  // none.
  for (size_t at = 1; at < entries_.size(); ++at) {
    const Entry& entry = entries_[at];
    std::string_view key = entry.key.Scalar();
    bool seen = entry.repeated;
    if (entry.slot == KeyNames::kNone) {
      seen = std::any_of(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(at), [&](const Entry& earlier) {
        return earlier.slot == KeyNames::kNone && earlier.key.Scalar() == key;
      });
    }
    if (seen) {
      ReportDuplicateKey(SpanOf(file_, entry.key), key, What(), diagnostics_);
    }
  }
  return true;
}

Node KeyedMapReader::Required(uint32_t slot) {
  Node value = Optional(slot);
  if (ok_ && !value.IsDefined()) ReportMissing(slot);
  return value;
}

void KeyedMapReader::AskEach(const std::vector<uint32_t>& order) {
  asked_.insert(asked_.end(), order.begin(), order.end());
  for (uint32_t slot : order) asked_slots_[slot] = 1;
}

void KeyedMapReader::ReportMissing(uint32_t slot) {
  ReportMissingKey(Span(), keys_.Name(slot), What(), diagnostics_);
}

void KeyedMapReader::RejectUnknown() {
  if (!ok_) return;
  if (unknown_entries_ == 0 && always_every_slot_) return;  // every entry's slot is asked for
  for (const Entry& entry : entries_) {
    if (entry.slot != KeyNames::kNone && asked_slots_[entry.slot] != 0) continue;
    std::vector<std::string> asked;
    asked.reserve(asked_.size());
    for (uint32_t slot : asked_) asked.emplace_back(keys_.Name(slot));
    ReportUnknownKey(SpanOf(file_, entry.key), entry.key.Scalar(), What(), asked, diagnostics_);
  }
}

SourceSpan KeyedMapReader::Span() const { return SpanOf(file_, map_); }

std::string KeyedMapReader::What() const {
  return fmt::format(fmt::runtime(what_format_), what_first_, what_second_);
}

}  // namespace rulecraft::yaml
