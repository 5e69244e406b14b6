// Texts found to be UTF-8 text by an earlier read (a kept compiled ruleset records their hashes),
// so that SourceSet::Read need not check them again. Defined in base/source.cc.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rulecraft {

class SourceFile;

// While it lives, SourceSet::Read on the thread that made it keeps a file whose text (without a
// byte-order mark) hashes (ContentHash) to the hash given for its path, and whose `checked` flag
// is 1, as checked without checking its bytes again; any other text is checked as always. Both
// lists (of the same length) must outlive the scope.
class CheckedTextsScope {
 public:
  CheckedTextsScope(const std::vector<std::pair<std::string, uint64_t>>& texts, const std::vector<uint8_t>& checked);
  ~CheckedTextsScope();
  CheckedTextsScope(const CheckedTextsScope&) = delete;
  CheckedTextsScope& operator=(const CheckedTextsScope&) = delete;

  // Whether `text`, read from `path`, is a text this scope says was checked.
  bool Knows(std::string_view path, std::string_view text);
  // Notes that `file` was kept with the last text Knows vouched for (its hash is the one given).
  void Vouched(const SourceFile* file) { last_vouched_ = file; }
  // Whether `file` is the last file kept with a text this scope vouched for: its text then hashes
  // as the hash given for its path, without hashing it again.
  bool VouchedFor(const SourceFile* file) const { return file != nullptr && file == last_vouched_; }

 private:
  const std::vector<std::pair<std::string, uint64_t>>& texts_;
  const std::vector<uint8_t>& checked_;
  size_t next_ = 0;  // where the next path is looked for first (files are read in the listed order)
  CheckedTextsScope* outer_;
  const SourceFile* last_vouched_ = nullptr;
};

}  // namespace rulecraft
