// yaml::ParseTree skips the text checks run before reading (TooDeepAt, FindLayoutMistake's sure
// mistakes) on a text the subset reader took, unless the reader's notes (tables/yaml_subset.h)
// say they may find something: checked directly on every YAML file of the repository and on
// many edits of them made of the bytes those checks act on, and on the texts where they do
// report on a text the reader took.
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "base/limits.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/yaml_file.h"
#include "tables/yaml_limits.h"
#include "tables/yaml_mistakes.h"
#include "tables/yaml_subset.h"
#include "repository_files.h"

namespace rulecraft::yaml {
namespace {

// Whether the subset reader took the text; when it did and its notes let the checks be skipped,
// they must find nothing: TooDeepAt not even at one level past the reader's deepest.
bool ExpectChecksSilentUnlessNoted(const std::string& text, const std::string& name) {
  SourceSet sources;
  Diagnostics added;
  const SourceFile* file = sources.AddText(name, text, added);
  if (file == nullptr) return false;
  Tree tree;
  SubsetNotes notes;
  if (!ReadYamlSubset(file->text(), tree, &notes)) return false;
  if (notes.steering) return true;
  EXPECT_FALSE(TooDeepAt(file->text(), notes.deepest + 1).has_value()) << name << ":\n" << text;
  std::optional<Diagnostic> mistake = FindLayoutMistake(*file, true);
  EXPECT_FALSE(mistake.has_value()) << name << ": " << (mistake ? mistake->message : "") << "\n" << text;
  return true;
}

TEST(YamlSubsetNotes, RepositoryFilesTakenWithoutNotesHoldNothingForTheTextChecks) {
  size_t taken = 0;
  for (const auto& path : testing_files::RepositoryYaml()) {
    taken += ExpectChecksSilentUnlessNoted(testing_files::ReadFile(path), path.string());
  }
  EXPECT_GT(taken, 250u);
}

TEST(YamlSubsetNotes, EditedTextsTakenWithoutNotesHoldNothingForTheTextChecks) {
  std::vector<std::string> bases = testing_files::SmallRepositoryYaml(3000);
  ASSERT_GT(bases.size(), 50u);
  const std::string pieces[] = {" ", "  ", ":", ": ", "-", "- ", "-x", "#", " #", "[", "]", "{", "}", ",", "'",
                                "\"", "\n", "\n  ", "\n- ", "\n-", "|", ">", "a:b", " - '", "?", "x: [", "]]"};
  std::mt19937 random(1515);
  size_t taken = 0;
  for (int round = 0; round < 6000; ++round) {
    std::string text = bases[random() % bases.size()];
    testing_files::EditText(random, text, pieces);
    taken += ExpectChecksSilentUnlessNoted(text, fmt::format("edit{}.yaml", round));
  }
  EXPECT_GT(taken, 1000u);
}

// Texts the subset reader takes on which the sure layout check reports a mistake: the reader
// notes each, and ParseTree reports what Parse (which always checks first) reports.
TEST(YamlSubsetNotes, TextsTheReaderTakesButTheChecksReportAreNoted) {
  const std::vector<std::string> texts = {
      "rows:\n- name: a\n-name: b\n",       // '-' without its space, read as a key "-name"
      "text: a - 'b\nother: c\n",           // a quote the layout check sees open, never closed
      "foo:bar: x\n",                       // a key holding ':' (read as a key by both)
      "a: x ? \"y\nb: 1\n",
      "a: [" + std::string(62, '[') + "x" + std::string(62, ']') + "]\n",  // nesting at the limit
  };
  for (size_t i = 0; i < texts.size(); ++i) {
    std::string name = fmt::format("noted{}.yaml", i);
    SourceSet sources;
    Diagnostics added;
    const SourceFile* file = sources.AddText(name, texts[i], added);
    ASSERT_NE(file, nullptr);
    Tree tree;
    SubsetNotes notes;
    ASSERT_TRUE(ReadYamlSubset(file->text(), tree, &notes)) << texts[i];
    EXPECT_TRUE(notes.steering || notes.deepest + 1 > limits::kMaxYamlDepth) << texts[i];
    Diagnostics by_tree;
    Diagnostics by_yaml_cpp;
    std::optional<Tree> ours = ParseTree(*file, by_tree);
    std::optional<YAML::Node> theirs = Parse(*file, by_yaml_cpp);
    EXPECT_EQ(ours.has_value(), theirs.has_value()) << texts[i];
    ASSERT_EQ(by_tree.items().size(), by_yaml_cpp.items().size()) << texts[i];
    for (size_t k = 0; k < by_tree.items().size(); ++k) {
      EXPECT_EQ(by_tree.items()[k].code, by_yaml_cpp.items()[k].code) << texts[i];
      EXPECT_EQ(by_tree.items()[k].message, by_yaml_cpp.items()[k].message) << texts[i];
      EXPECT_EQ(by_tree.items()[k].span.begin, by_yaml_cpp.items()[k].span.begin) << texts[i];
    }
    if (i < 2) {
      EXPECT_FALSE(by_tree.items().empty()) << texts[i];  // the check's mistake
    }
  }
}

}  // namespace
}  // namespace rulecraft::yaml
