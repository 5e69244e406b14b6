// The hash index checking and lowering look names up in (dsl/check/name_index.h, issue 15): every
// name added is found at its position through any number of growths, names that are not there
// (including ones whose hash collides) are not, and the empty name is a name like any other.
#include "dsl/check/name_index.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace rulecraft::check {
namespace {

// A list of names with its index, filled as Module and the lowering fill theirs.
struct Names {
  std::vector<std::string> list;
  NameIndex index;

  int Find(std::string_view name) const {
    return index.Find(name, [&](int at) -> const std::string& { return list[static_cast<size_t>(at)]; });
  }
  void Add(std::string name) {
    list.push_back(std::move(name));
    index.Add(list.back(), static_cast<int>(list.size() - 1));
  }
};

TEST(NameIndex, FindsEveryNameAtItsPositionAcrossGrowth) {
  Names names;
  EXPECT_EQ(names.Find("speed"), -1);  // an empty index
  for (int i = 0; i < 1000; ++i) names.Add("rule_" + std::to_string(i));
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(names.Find("rule_" + std::to_string(i)), i);
  EXPECT_EQ(names.Find("rule_1000"), -1);
  EXPECT_EQ(names.Find("rule_"), -1);
  EXPECT_EQ(names.Find(""), -1);
}

TEST(NameIndex, TellsApartNamesOfOneHash) {
  // Two names FNV-1a files alike would still be compared in full; find such a pair among short
  // names, then check that each is found at its own position and neither at the other's.
  std::vector<std::string> candidates;
  for (char a = 'a'; a <= 'z'; ++a) {
    for (char b = 'a'; b <= 'z'; ++b) {
      for (char c = 'a'; c <= 'z'; ++c) candidates.push_back(std::string{a, b, c});
    }
  }
  std::vector<std::pair<uint32_t, size_t>> hashes;
  for (size_t i = 0; i < candidates.size(); ++i) hashes.emplace_back(NameIndex::Hash(candidates[i]) & 0xffu, i);
  std::sort(hashes.begin(), hashes.end());
  // Names sharing the low byte land in one probe run of a small table, which is what matters.
  size_t first = hashes[0].second;
  size_t second = hashes[1].second;
  ASSERT_EQ(hashes[0].first, hashes[1].first);
  Names names;
  names.Add(candidates[first]);
  EXPECT_EQ(names.Find(candidates[second]), -1);
  names.Add(candidates[second]);
  EXPECT_EQ(names.Find(candidates[first]), 0);
  EXPECT_EQ(names.Find(candidates[second]), 1);
}

TEST(NameIndex, KeepsNoNameOfItsOwn) {
  // The index reads the caller's list: a name changed in the list (as a replaced rule is renamed
  // only after it left its slot) is found by its new spelling only where the hash still leads.
  Names names;
  names.Add("may_enter");
  names.Add("");
  EXPECT_EQ(names.Find(""), 1);
  EXPECT_EQ(names.Find("may_enter"), 0);
  names.list[0] = "may_enterX";
  EXPECT_EQ(names.Find("may_enter"), -1);
}

TEST(NameIndex, ReservedRoomHoldsThatManyNames) {
  Names names;
  names.index.Reserve(100);
  for (int i = 0; i < 100; ++i) names.Add(std::string(static_cast<size_t>(i), 'x'));
  for (int i = 0; i < 100; ++i) EXPECT_EQ(names.Find(std::string(static_cast<size_t>(i), 'x')), i);
  EXPECT_EQ(names.Find(std::string(100, 'x')), -1);
}

}  // namespace
}  // namespace rulecraft::check
