// QuickHash (dsl/check/quick_hash.h, issue 15), the hash Module, TableIndex, FindHookPoint and the
// lowering file names under: an index filed by it finds every name where a linear search finds it,
// for names of every length around its 4- and 8-byte reads, and it tells most names apart.
#include "dsl/check/quick_hash.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "dsl/check/name_index.h"

namespace rulecraft::check {
namespace {

// Names of every length from 0 to 40, several per length, some differing only in one byte.
std::vector<std::string> SampleNames() {
  std::vector<std::string> names;
  for (size_t size = 0; size <= 40; ++size) {
    std::string base;
    for (size_t i = 0; i < size; ++i) base += static_cast<char>('a' + (i * 7 + size) % 26);
    names.push_back(base);
    for (size_t at = 0; at < size; at += 3) {
      std::string changed = base;
      changed[at] = changed[at] == '_' ? 'x' : '_';
      names.push_back(changed);
    }
  }
  return names;
}

// The position a linear search finds `name` at, or -1 (the reference).
int LinearFind(const std::vector<std::string>& names, std::string_view name) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int>(i);
  }
  return -1;
}

TEST(QuickHash, IndexFindsWhatALinearSearchFinds) {
  std::vector<std::string> names = SampleNames();
  std::vector<std::string> filed;
  NameIndex index;
  auto find = [&](std::string_view name) {
    return index.FindHashed(QuickHash(name), [&](int at) { return filed[static_cast<size_t>(at)] == name; });
  };
  for (const std::string& name : names) {
    if (find(name) >= 0) continue;  // a name filed already (none here, but as the indexes do)
    filed.push_back(name);
    index.AddHashed(QuickHash(name), static_cast<int>(filed.size() - 1));
  }
  for (const std::string& name : names) EXPECT_EQ(find(name), LinearFind(filed, name)) << name;
  for (const std::string& name : names) {
    std::string absent = name + "!";
    EXPECT_EQ(find(absent), LinearFind(filed, absent)) << absent;
  }
}

TEST(QuickHash, ReadsOnlyTheNamesBytes) {
  // The same name inside different surrounding bytes hashes alike (views into larger texts).
  std::string text = "xxxxxxxx-movement_modes-yyyyyyyy";
  std::string copy = "movement_modes";
  EXPECT_EQ(QuickHash(std::string_view(text).substr(9, copy.size())), QuickHash(copy));
  EXPECT_EQ(QuickHash(std::string_view(text).substr(9, 0)), QuickHash(""));
}

TEST(QuickHash, TellsMostNamesApart) {
  std::vector<std::string> names = SampleNames();
  std::set<uint32_t> hashes;
  for (const std::string& name : names) hashes.insert(QuickHash(name));
  EXPECT_GE(hashes.size() + 2, names.size());
}

}  // namespace
}  // namespace rulecraft::check
