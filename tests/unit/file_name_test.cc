// A span's file name is kept once per process: copies and comparisons never touch the text.
#include <sstream>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft {
namespace {

TEST(FileName, EqualNamesAreOneKeptText) {
  std::string path = "rulesets/dnd35/tables/terrain.yaml";
  FileName first(path);
  FileName second(std::string_view("rulesets/dnd35/tables/terrain.yaml"));
  FileName copy = first;
  EXPECT_EQ(&first.str(), &second.str());  // the same kept text, not an equal copy
  EXPECT_EQ(&copy.str(), &first.str());
  EXPECT_EQ(first, second);
  EXPECT_EQ(first.str(), path);
  EXPECT_NE(first, FileName("rulesets/dnd35/tables/terrain.yml"));
}

TEST(FileName, DefaultIsNoFileAndEqualsTheEmptyName) {
  FileName none;
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none.str(), "");
  EXPECT_EQ(none, FileName(""));
  EXPECT_EQ(none, "");
  EXPECT_FALSE(SourceSpan{}.HasFile());
  EXPECT_TRUE((SourceSpan{"a.rules", 0, 0}.HasFile()));
}

TEST(FileName, ComparesWithStringsByText) {
  FileName name("b.rules");
  EXPECT_TRUE(name == "b.rules");
  EXPECT_TRUE(name == std::string("b.rules"));
  EXPECT_TRUE(name == std::string_view("b.rules"));
  EXPECT_TRUE(std::string("b.rules") == name);
  EXPECT_TRUE(name != "b.rule");
  EXPECT_TRUE(std::string("c.rules") != name);
}

TEST(FileName, OrdersByTextAsStringsDo) {
  // Made in the opposite order to their text's: the order must not follow the kept addresses.
  FileName later("order_test/zz.rules");
  FileName earlier("order_test/aa.rules");
  FileName prefix("order_test/a");
  EXPECT_LT(earlier, later);
  EXPECT_LT(prefix, earlier);
  EXPECT_GT(later, prefix);
  EXPECT_FALSE(earlier < earlier);
  EXPECT_LT(FileName(), prefix);  // no file sorts first, as "" does
}

TEST(FileName, PrintsItsText) {
  FileName name("printed/x.yaml");
  EXPECT_EQ(fmt::format("{}:{}", name, 3), "printed/x.yaml:3");
  EXPECT_EQ(fmt::format("[{:>8}]", FileName("ab")), "[      ab]");
  std::ostringstream out;
  out << name;
  EXPECT_EQ(out.str(), "printed/x.yaml");
  EXPECT_EQ(nlohmann::json({{"file", name}}).dump(), R"({"file":"printed/x.yaml"})");
  std::string copied = name;
  EXPECT_EQ(copied, "printed/x.yaml");
}

TEST(FileName, ThreadsMakingTheSameNamesGetTheSameKeptTexts) {
  constexpr size_t kThreads = 4;
  constexpr size_t kNames = 200;
  std::vector<std::vector<const std::string*>> seen(kThreads);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &seen] {
      for (size_t i = 0; i < kNames; ++i) {
        // Each thread walks the names in its own order, so threads race to add each one.
        size_t which = t % 2 == 0 ? i : kNames - 1 - i;
        seen[t].push_back(&FileName(fmt::format("threads/{}.yaml", which)).str());
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (size_t t = 0; t < kThreads; ++t) {
    for (size_t i = 0; i < kNames; ++i) {
      size_t which = t % 2 == 0 ? i : kNames - 1 - i;
      EXPECT_EQ(seen[t][i], &FileName(fmt::format("threads/{}.yaml", which)).str());
      EXPECT_EQ(*seen[t][i], fmt::format("threads/{}.yaml", which));
    }
  }
}

TEST(FileName, ASourceFilesSpansShareItsName) {
  SourceSet sources;
  const SourceFile& file = sources.Add("shared/name.rules", "rule x = 1\n");
  SourceSpan span{file.path(), 5, 6};
  EXPECT_EQ(&span.file.str(), &file.path().str());
  EXPECT_EQ(sources.Find(span.file), &file);
}

}  // namespace
}  // namespace rulecraft
