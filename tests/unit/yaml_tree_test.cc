// The table loader's own tree (tables/yaml_tree.h, issue 15): yaml::ParseTree gives, for any
// text, the diagnostics yaml::Parse gives, and a tree whose every node answers as yaml-cpp's
// node does (type, scalar, tag, mark, span, description, entries in order): checked on every
// YAML file of the repository and on many small edits of them, mistakes included.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "diagnostics_written.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/yaml_file.h"
#include "tables/yaml_tree.h"
#include "repository_files.h"

namespace rulecraft::yaml {
namespace {

namespace fs = std::filesystem;

using testing_files::ReadFile;
using testing_files::RepositoryYaml;
using testing_diagnostics::Written;

// Whether our node answers every question as yaml-cpp's does, its entries too; reports the first
// difference at `where`.
void ExpectSame(const SourceFile& file, const Node& ours, const YAML::Node& theirs, const std::string& where,
                int depth = 0) {
  ASSERT_EQ(ours.IsDefined(), theirs.IsDefined()) << where;
  if (!theirs.IsDefined()) return;
  ASSERT_EQ(ours.IsNull(), theirs.IsNull()) << where;
  ASSERT_EQ(ours.IsScalar(), theirs.IsScalar()) << where;
  ASSERT_EQ(ours.IsSequence(), theirs.IsSequence()) << where;
  ASSERT_EQ(ours.IsMap(), theirs.IsMap()) << where;
  ASSERT_EQ(ours.Scalar(), theirs.Scalar()) << where;
  ASSERT_EQ(ours.Tag(), theirs.Tag()) << where;
  ASSERT_EQ(ours.Mark().pos, theirs.Mark().pos) << where;
  ASSERT_EQ(ours.Mark().line, theirs.Mark().line) << where;
  ASSERT_EQ(ours.Mark().column, theirs.Mark().column) << where;
  ASSERT_EQ(ours.size(), theirs.size()) << where;
  ASSERT_EQ(Describe(ours), Describe(theirs)) << where;
  SourceSpan our_span = SpanOf(file, ours);
  SourceSpan their_span = SpanOf(file, theirs);
  ASSERT_EQ(our_span.begin, their_span.begin) << where;
  ASSERT_EQ(our_span.end, their_span.end) << where;
  if (depth > 80) return;
  std::vector<NodeEntry> our_entries;
  for (const NodeEntry& entry : ours) our_entries.push_back(entry);
  size_t i = 0;
  for (const auto& entry : theirs) {
    ASSERT_LT(i, our_entries.size()) << where;
    std::string inner = fmt::format("{}/{}", where, i);
    if (theirs.IsMap()) {
      ExpectSame(file, our_entries[i].first, entry.first, inner + " key", depth + 1);
      ExpectSame(file, our_entries[i].second, entry.second, inner + " value", depth + 1);
      // Get finds the first entry of a scalar key, as yaml-cpp's walk does.
      if (entry.first.IsScalar()) {
        ExpectSame(file, Get(ours, entry.first.Scalar()), Get(theirs, entry.first.Scalar()), inner + " get",
                   depth + 1);
      }
    } else {
      ExpectSame(file, our_entries[i], entry, inner, depth + 1);
    }
    ++i;
  }
  ASSERT_EQ(i, our_entries.size()) << where;
}

// Reads a text both ways: the same diagnostics, and when read, the same nodes; true when read.
bool ExpectSameReading(const std::string& text, const std::string& name) {
  SourceSet sources;
  Diagnostics added;
  const SourceFile* file = sources.AddText(name, text, added);
  if (file == nullptr) return false;  // not UTF-8: neither reader sees it
  Diagnostics by_yaml_cpp;
  Diagnostics by_tree;
  std::optional<YAML::Node> theirs = Parse(*file, by_yaml_cpp);
  std::optional<Tree> ours = ParseTree(*file, by_tree);
  EXPECT_EQ(Written(by_tree), Written(by_yaml_cpp)) << name << ":\n" << text;
  EXPECT_EQ(ours.has_value(), theirs.has_value()) << name;
  if (!ours || !theirs) return false;
  ExpectSame(*file, ours->Root(), *theirs, name);
  return true;
}

TEST(YamlTree, EveryRepositoryFileReadsAsYamlCppsNodes) {
  std::vector<fs::path> files = RepositoryYaml();
  ASSERT_GT(files.size(), 300u);
  size_t read = 0;
  for (const fs::path& path : files) read += ExpectSameReading(ReadFile(path), path.string());
  EXPECT_GT(read, 250u);  // most are read; the bad inputs' mistakes are compared as diagnostics
}

// A mapping of `count` keys k0, k1, … one a line.
std::string ManyKeys(int count) {
  std::string text;
  for (int i = 0; i < count; ++i) text += fmt::format("k{}: {}\n", i, i);
  return text;
}

TEST(YamlTree, TextsAtTheEdges) {
  const std::vector<std::string> texts = {
      "",
      "# only a comment\n",
      "a: 1\na: 2\n",                              // a duplicate key, on the fast path
      "a: {b: 1, b: 2}\n",                         // in a flow mapping
      "~: 1\n",                                    // a null key
      "a: [1, [2, [3]]]\nb: {c: ~, d: null}\n",
      "base: &b {x: 1}\nother: *b\nthird: *b\n",    // aliases share a node (yaml-cpp's path)
      "tag: !custom x\n",
      "text: |\n  two\n  lines\n",
      "a: 'it''s'\nb: \"q\"\n",
      "- a\n- - b\n",
      "a: b: c\n",
      "a: [1, 2\n",
      "---\na: 1\n---\nb: 2\n",
      "a: " + std::string(70, '[') + std::string(70, ']') + "\n",
      // The checks the tree's summary lets ParseTree skip, each at its edge.
      "a: [" + std::string(62, '[') + "x" + std::string(62, ']') + "]\n",  // a scalar at depth 65
      "a: [" + std::string(61, '[') + "x" + std::string(61, ']') + "]\n",  // at 64
      "a: " + std::string(size_t{64} << 10, 'x') + "\n",                     // a scalar of the most bytes
      "a: " + std::string((size_t{64} << 10) + 1, 'x') + "\n",               // one more
      "~: 1\nb: 2\n",
      "a:\n  null: 1\n",
      "a: 1\nb: {c: 1, d: 2, c: 3}\n",
      "x: 1\ny: 2\nz: 3\n",
      ManyKeys(40) + "k7: again\n",  // a duplicate in a mapping of more than 32 keys
      ManyKeys(40),
      "- {a: 1}\n- {a: 1, a: 2}\n",
  };
  for (size_t i = 0; i < texts.size(); ++i) ExpectSameReading(texts[i], fmt::format("edge{}.yaml", i));
}

TEST(YamlTree, EditedTextsReadAsYamlCppReadsThem) {
  std::vector<std::string> bases = testing_files::SmallRepositoryYaml(3000);
  ASSERT_GT(bases.size(), 50u);
  const std::string pieces[] = {" ", "  ", ":", ": ", "-", "- ", "#", " #", "[", "]", "{", "}", ",", "'",
                                "\"", "\n", "\n  ", "~", "null", "?", "|", "&a", "*a", "!", "name: x\n"};
  std::mt19937 random(151);
  size_t read = 0;
  for (int round = 0; round < 1500; ++round) {
    std::string text = bases[random() % bases.size()];
    testing_files::EditText(random, text, pieces);
    read += ExpectSameReading(text, fmt::format("edit{}.yaml", round));
  }
  EXPECT_GT(read, 300u);
}

TEST(YamlTree, AMissingNodeIsUndefinedAndADefaultOneNull) {
  Node missing = Node::Undefined();
  EXPECT_FALSE(missing.IsDefined());
  EXPECT_FALSE(missing.IsNull());
  EXPECT_EQ(Describe(missing), "nothing");
  Node null;
  EXPECT_TRUE(null.IsDefined());
  EXPECT_TRUE(null.IsNull());
  EXPECT_EQ(null.Tag(), "");
  EXPECT_TRUE(null.Mark().is_null());
  EXPECT_EQ(null.begin(), null.end());
}

// IsName (what ReadName accepts) against the plain reference it replaced: a first byte that
// std::islower accepts or '_', then those, std::isdigit's and '_' (the "C" locale).
TEST(YamlTree, IsNameAgreesWithTheCharacterClassReference) {
  auto reference = [](std::string_view text) {
    if (text.empty() || !(std::islower(static_cast<unsigned char>(text[0])) || text[0] == '_')) return false;
    for (char c : text) {
      if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_')) {
        return false;
      }
    }
    return true;
  };
  std::vector<std::string> texts = {"", "a", "_", "snake_case2", "Upper", "2nd", "a-b", "a b", "é", "abc\xC3"};
  for (int first = 0; first < 256; ++first) {
    for (int second : std::vector<int>{-1, 'a', '0', '_', 'Z', 0x80, 0xFF, ' '}) {
      std::string text(1, static_cast<char>(first));
      if (second >= 0) text += static_cast<char>(second);
      texts.push_back(text);
    }
  }
  for (const std::string& text : texts) EXPECT_EQ(IsName(text), reference(text)) << text;
}

}  // namespace
}  // namespace rulecraft::yaml
