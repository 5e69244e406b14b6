// The table rows' reader (tables/keyed_map_reader.h, issue 15): KeyedMapReader, which looks each
// key up once by slot and keeps its buffers from one mapping to the next, answers and reports
// exactly what TreeMapReader (the plain reference) does when asked for the same keys in the same
// order: checked on many generated mappings (unknown, repeated, quoted and empty keys, non-mappings)
// read one after the other by one reader.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "diagnostics_written.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/keyed_map_reader.h"
#include "tables/yaml_file.h"
#include "tables/yaml_subset.h"
#include "tables/yaml_tree.h"

namespace rulecraft::yaml {
namespace {

using testing_diagnostics::Written;

// The diagnostics of `all` from the `first`th on.
Diagnostics From(const Diagnostics& all, size_t first) {
  Diagnostics tail;
  for (size_t at = first; at < all.size(); ++at) {
    const Diagnostic& item = all.items()[at];
    tail.Add(item.severity, item.code, item.span, item.message).notes = item.notes;
  }
  return tail;
}

// How a node reads, for comparing two readers' answers.
std::string Answer(const SourceFile& file, const Node& node) {
  if (!node.IsDefined()) return "undefined";
  SourceSpan span = SpanOf(file, node);
  return fmt::format("{} {}-{}", Describe(node), span.begin, span.end);
}

const std::vector<std::string> kNames = {"name", "label", "text", "melee", "ranged", "notes",
                                         "a",    "b",     "name", "ac_melee_long_name"};
// Keys written in the mappings: the names, near misses, quoted and empty ones.
const std::vector<std::string> kWritten = {"name",  "label", "text",  "melee", "ranged", "notes", "a",   "b",
                                           "ac_melee_long_name", "mele", "rangd", "zzz", "'name'", "''", "\"a\"",
                                           "n",     "eman"};

// A document of `count` mappings (some not mappings), each a sequence item.
std::string Document(std::mt19937& random, size_t count) {
  std::string text;
  for (size_t item = 0; item < count; ++item) {
    switch (random() % 10) {
      case 0:
        text += "- just_text\n";
        continue;
      case 1:
        text += "- [1, 2]\n";
        continue;
      case 2:
        text += "- {}\n";
        continue;
      default:
        break;
    }
    size_t keys = 1 + random() % 6;
    bool flow = random() % 2 == 0;
    text += flow ? "- { " : "- ";
    for (size_t key = 0; key < keys; ++key) {
      std::string written = kWritten[random() % kWritten.size()];
      if (!flow && (written[0] == '\'' || written[0] == '"')) written = "quoted_only_in_flow";
      std::string value = random() % 5 == 0 ? "[x, y]" : random() % 4 == 0 ? "{ k: v }" : fmt::format("v{}", key);
      if (flow) {
        text += fmt::format("{}{}: {}", key == 0 ? "" : ", ", written, value);
      } else {
        text += fmt::format("{}{}: {}\n", key == 0 ? "" : "  ", written, value);
      }
    }
    if (flow) text += " }\n";
  }
  return text;
}

TEST(KeyedMapReader, AnswersAndReportsAsTreeMapReader) {
  std::mt19937 random(15);
  KeyNames keys;
  std::vector<uint32_t> slots;
  for (const std::string& name : kNames) slots.push_back(keys.Add(name));
  ASSERT_EQ(slots[8], slots[0]);  // a repeated name keeps its slot
  ASSERT_EQ(keys.Find("zzz"), KeyNames::kNone);
  size_t compared = 0;
  for (int document = 0; document < 300; ++document) {
    SourceFile file("rows.yaml", Document(random, 1 + random() % 8));
    Tree tree;
    ASSERT_TRUE(ReadYamlSubset(file.text(), tree)) << file.text();
    Diagnostics ours;
    KeyedMapReader reader(file, keys, ours);
    for (const Node& item : tree.Root()) {
      Diagnostics theirs;
      size_t ours_before = ours.size();
      Node named = Get(item, "name");
      const char* format = named.IsScalar() ? "row '{}' of table '{}'" : "row of table '{}'";
      std::string_view first = named.IsScalar() ? named.Scalar() : std::string_view("t");
      std::string_view second = named.IsScalar() ? std::string_view("t") : std::string_view();
      TreeMapReader reference(file, item, format, first, second, theirs);
      reader.Start(item);
      ASSERT_EQ(Answer(file, reader.Peek(slots[0])), Answer(file, named)) << file.text();
      ASSERT_EQ(reader.Check(format, first, second), reference.ok());
      // Some of the names, in a random order, each Optional or Required.
      std::vector<size_t> asked;
      for (size_t at = 0; at < kNames.size(); ++at) {
        if (random() % 4 != 0) asked.push_back(at);
      }
      std::shuffle(asked.begin(), asked.end(), random);
      // Asked one by one, or all at once (AskEach) with the values peeked and the missing
      // required ones reported.
      bool at_once = reference.ok() && random() % 2 == 0;
      if (at_once) {
        std::vector<uint32_t> order;
        for (size_t at : asked) order.push_back(slots[at]);
        reader.AskEach(order);
      }
      for (size_t at : asked) {
        bool required = random() % 2 == 0;
        Node mine;
        if (at_once) {
          mine = reader.Peek(slots[at]);
          if (required && !mine.IsDefined()) reader.ReportMissing(slots[at]);
        } else {
          mine = required ? reader.Required(slots[at]) : reader.Optional(slots[at]);
        }
        Node reference_value = required ? reference.Required(kNames[at]) : reference.Optional(kNames[at]);
        ASSERT_EQ(Answer(file, mine), Answer(file, reference_value)) << file.text() << kNames[at];
      }
      reader.RejectUnknown();
      reference.RejectUnknown();
      ASSERT_EQ(reader.Span().begin, reference.Span().begin);
      ASSERT_EQ(Written(From(ours, ours_before)), Written(theirs)) << file.text();
      compared += theirs.size();
    }
  }
  EXPECT_GT(compared, 300u);  // the mappings held mistakes to report
}

// AskAlways (what the table rows' reader uses): every name asked of every mapping at no cost per
// mapping, some asked again one by one; answers and reports as TreeMapReader asking them in the
// same order, mapping after mapping.
TEST(KeyedMapReader, AskedAlwaysReportsAsTreeMapReader) {
  std::mt19937 random(18);
  KeyNames keys;
  std::vector<uint32_t> slots;
  for (const std::string& name : kNames) slots.push_back(keys.Add(name));
  // Each distinct slot once, in a fixed shuffled order; for some readers one name left out.
  std::vector<size_t> always;
  for (size_t at = 0; at < kNames.size(); ++at) {
    if (at != 8) always.push_back(at);  // the repeated "name"
  }
  size_t compared = 0;
  for (int document = 0; document < 300; ++document) {
    std::shuffle(always.begin(), always.end(), random);
    std::vector<size_t> asked_always = always;
    if (random() % 3 == 0) asked_always.pop_back();
    std::vector<uint32_t> order;
    for (size_t at : asked_always) order.push_back(slots[at]);
    SourceFile file("rows.yaml", Document(random, 1 + random() % 8));
    Tree tree;
    ASSERT_TRUE(ReadYamlSubset(file.text(), tree)) << file.text();
    Diagnostics ours;
    KeyedMapReader reader(file, keys, ours);
    reader.AskAlways(order);
    for (const Node& item : tree.Root()) {
      Diagnostics theirs;
      size_t ours_before = ours.size();
      TreeMapReader reference(file, item, "row of table '{}'", "t", {}, theirs);
      reader.Start(item);
      ASSERT_EQ(reader.Check("row of table '{}'", "t", {}), reference.ok());
      for (size_t at : asked_always) {
        Node reference_value = reference.Optional(kNames[at]);
        ASSERT_EQ(Answer(file, reader.Peek(slots[at])), Answer(file, reference_value)) << file.text();
      }
      // Now and then one more name asked one by one (already asked always, or not).
      if (random() % 2 == 0) {
        size_t at = random() % kNames.size();
        ASSERT_EQ(Answer(file, reader.Required(slots[at])), Answer(file, reference.Required(kNames[at])));
      }
      reader.RejectUnknown();
      reference.RejectUnknown();
      ASSERT_EQ(Written(From(ours, ours_before)), Written(theirs)) << file.text();
      compared += theirs.size();
    }
  }
  EXPECT_GT(compared, 300u);
}

}  // namespace
}  // namespace rulecraft::yaml
