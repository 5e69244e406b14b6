// Byte archives: a type's fields are listed once, in one function template that either writes
// them (ByteWriter) or reads them back (ByteReader), so the two directions cannot drift apart.
//
//   template <class Archive> void Io(Archive& archive, Point& point) { archive(point.x, point.y); }
//
// Numbers are written in the machine's own byte order and layout: an archive is read back only by
// the build that wrote it (callers key what they keep by the build).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "rulecraft/diagnostic.h"

namespace rulecraft {

// Whether a type is written as its bytes: numbers and enums, and the structs of them that a
// specialization names (never a struct holding a pointer, such as a FileName).
template <class T>
inline constexpr bool kWrittenAsBytes = std::is_arithmetic_v<T> || std::is_enum_v<T>;

template <class T>
concept PlainBytes = kWrittenAsBytes<T> && std::is_trivially_copyable_v<T>;

// Appends values to a byte string.
class ByteWriter {
 public:
  static constexpr bool kReading = false;

  // Writes each value with its Io (found by argument-dependent lookup or below).
  template <class... T>
  void operator()(T&... values) {
    (Io(*this, values), ...);
  }
  // Writes the bytes of a plain value.
  template <PlainBytes T>
  void Plain(const T& value) {
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  // Writes `count` plain values at once.
  template <PlainBytes T>
  void PlainArray(const T* values, size_t count) {
    bytes_.append(reinterpret_cast<const char*>(values), count * sizeof(T));
  }
  // Writes a count of what follows.
  void Count(size_t count) { Plain(static_cast<uint32_t>(count)); }
  // Writes a number in 7-bit groups, the low one first: one byte below 128, at most five.
  void Varint(uint32_t value) {
    while (value >= 0x80) {
      bytes_.push_back(static_cast<char>((value & 0x7f) | 0x80));
      value >>= 7;
    }
    bytes_.push_back(static_cast<char>(value));
  }

  std::string& bytes() { return bytes_; }

  bool failed() const { return false; }  // writing cannot fail; for Io written for both
  int depth = 0;  // how deep a recursive type's Io is (for the reader's limit; unused here)
  std::unordered_map<const std::string*, uint32_t> file_ids;  // each FileName written, by its text

 private:
  std::string bytes_;
};

// Reads values back from bytes a ByteWriter wrote; on bytes that end early or hold an impossible
// count it stops reading and reports failed(), never reading past the end.
class ByteReader {
 public:
  static constexpr bool kReading = true;

  explicit ByteReader(std::string_view bytes) : at_(bytes.data()), end_(bytes.data() + bytes.size()) {}

  // Reads each value with its Io.
  template <class... T>
  void operator()(T&... values) {
    (Io(*this, values), ...);
  }
  template <PlainBytes T>
  void Plain(T& value) {
    if (!Take(sizeof value)) return;
    std::memcpy(&value, at_ - sizeof value, sizeof value);
  }
  template <PlainBytes T>
  void PlainArray(T* values, size_t count) {
    if (!Take(count * sizeof(T))) return;
    if (count > 0) std::memcpy(values, at_ - count * sizeof(T), count * sizeof(T));
  }
  // Reads a count of items of at least `item_bytes` bytes each; 0 when that many cannot follow.
  size_t Count(size_t item_bytes = 1) {
    uint32_t count = 0;
    Plain(count);
    if (failed_ || static_cast<size_t>(end_ - at_) / (item_bytes == 0 ? 1 : item_bytes) < count) {
      failed_ = true;
      return 0;
    }
    return count;
  }
  // Reads a number Varint wrote; 0, and failed(), when its bytes end early or it has more than five.
  void Varint(uint32_t& value) {
    uint32_t number = 0;
    if (!failed_ && end_ - at_ >= 5) {  // the usual case: no end to check byte by byte
      const auto* bytes = reinterpret_cast<const unsigned char*>(at_);
      for (int i = 0; i < 5; ++i) {
        number |= static_cast<uint32_t>(bytes[i] & 0x7f) << (7 * i);
        if (bytes[i] < 0x80) {
          at_ += i + 1;
          value = number;
          return;
        }
      }
      failed_ = true;
      value = 0;
      return;
    }
    for (int shift = 0; shift < 35 && !failed_ && at_ != end_; shift += 7) {
      uint8_t byte = static_cast<uint8_t>(*at_++);
      number |= static_cast<uint32_t>(byte & 0x7f) << shift;
      if ((byte & 0x80) == 0) {
        value = number;
        return;
      }
    }
    failed_ = true;
    value = 0;
  }
  // Decodes the next `count` varints (at most three) without reading them: the bytes they take,
  // or 0 when fewer than 15 bytes remain or one has more than five.
  size_t PeekVarints(uint32_t* values, size_t count) const {
    if (failed_ || count > 3 || end_ - at_ < 15) return 0;
    const auto* bytes = reinterpret_cast<const unsigned char*>(at_);
    size_t used = 0;
    for (size_t i = 0; i < count; ++i) {
      uint32_t number = 0;
      int shift = 0;
      unsigned char byte;
      do {
        if (shift > 28) return 0;
        byte = bytes[used++];
        number |= static_cast<uint32_t>(byte & 0x7f) << shift;
        shift += 7;
      } while (byte >= 0x80);
      values[i] = number;
    }
    return used;
  }
  // Reads on past `size` bytes that PeekVarints decoded.
  void Skip(size_t size) { at_ += size; }
  // Reads a text written as its size and its bytes.
  void Text(std::string& text) { text.assign(TextView()); }
  // Reads a text written as its size and its bytes, in place (empty when it is not there).
  std::string_view TextView() {
    uint32_t size = 0;
    if (failed_ || static_cast<size_t>(end_ - at_) < sizeof size) {
      failed_ = true;
      return {};
    }
    std::memcpy(&size, at_, sizeof size);
    at_ += sizeof size;
    if (static_cast<size_t>(end_ - at_) < size) {
      failed_ = true;
      return {};
    }
    at_ += size;
    return {at_ - size, size};
  }
  // A view of the next `size` bytes (empty when they are not there).
  std::string_view Bytes(size_t size) {
    if (!Take(size)) return {};
    return {at_ - size, size};
  }
  // Marks the bytes as not what was expected.
  void Fail() { failed_ = true; }
  bool failed() const { return failed_; }
  bool AtEnd() const { return at_ == end_; }

  int depth = 0;                       // how deep a recursive type's Io is; its Io sets a limit
  std::vector<FileName> file_names;  // each FileName read, by its id

 private:
  bool Take(size_t size) {
    if (failed_ || static_cast<size_t>(end_ - at_) < size) {
      failed_ = true;
      return false;
    }
    at_ += size;
    return true;
  }
  const char* at_;
  const char* end_;
  bool failed_ = false;
};

template <class Archive, PlainBytes T>
void Io(Archive& archive, T& value) {
  archive.Plain(value);
}

template <class Archive>
void Io(Archive& archive, std::string& text) {
  if constexpr (Archive::kReading) {
    archive.Text(text);
  } else {
    archive.Count(text.size());
    archive.bytes().append(text);
  }
}

template <class Archive, class T>
void Io(Archive& archive, std::vector<T>& items) {
  if constexpr (Archive::kReading && std::is_same_v<T, std::string>) {
    // Each text is made once, in place, from the bytes (not made empty, then assigned).
    items.clear();
    size_t count = archive.Count(sizeof(uint32_t));
    items.reserve(count);
    for (size_t i = 0; i < count && !archive.failed(); ++i) items.emplace_back(archive.TextView());
    return;
  }
  if constexpr (Archive::kReading) {
    items.clear();
    items.resize(archive.Count(PlainBytes<T> ? sizeof(T) : 1));
  } else {
    archive.Count(items.size());
  }
  if constexpr (PlainBytes<T>) {
    archive.PlainArray(items.data(), items.size());
  } else {
    for (T& item : items) {
      Io(archive, item);
      if constexpr (Archive::kReading) {
        if (archive.failed()) return;
      }
    }
  }
}

template <class Archive, class A, class B>
void Io(Archive& archive, std::pair<A, B>& pair) {
  Io(archive, pair.first);
  Io(archive, pair.second);
}

// A file name is written once, as its text, and then as its id (the order of first writing), a
// varint.
template <class Archive>
void Io(Archive& archive, FileName& name) {
  uint32_t id = 0;
  if constexpr (Archive::kReading) {
    archive.Varint(id);
    if (id < archive.file_names.size()) {
      name = archive.file_names[id];
    } else if (id == archive.file_names.size()) {
      std::string text;
      Io(archive, text);
      name = text.empty() ? FileName() : FileName(text);
      archive.file_names.push_back(name);
    } else {
      archive.Fail();
    }
  } else {
    auto [at, added] = archive.file_ids.try_emplace(&name.str(), static_cast<uint32_t>(archive.file_ids.size()));
    archive.Varint(at->second);
    if (added) {
      std::string text = name.str();
      Io(archive, text);
    }
  }
}

// A span is its file, then its begin and its length as varints (most spans take 3 to 5 bytes).
template <class Archive>
void Io(Archive& archive, SourceSpan& span) {
  if constexpr (Archive::kReading) {
    // Most spans point into a file named already: its id, begin and length, decoded in one step.
    uint32_t words[3];
    if (size_t used = archive.PeekVarints(words, 3); used > 0 && words[0] < archive.file_names.size()) {
      archive.Skip(used);
      span = {archive.file_names[words[0]], words[1], words[1] + words[2]};
      return;
    }
  }
  Io(archive, span.file);
  uint32_t length = span.end - span.begin;  // wraps when end < begin, and is read back as it was
  archive.Varint(span.begin);
  archive.Varint(length);
  if constexpr (Archive::kReading) span.end = span.begin + length;
}

}  // namespace rulecraft
