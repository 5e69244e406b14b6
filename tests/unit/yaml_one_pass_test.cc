// yaml::Parse reads a file in one pass of yaml-cpp's parser (issue 15): the nodes it builds are
// the nodes YAML::Load builds from the same text (types, scalars, tags, styles, marks, keys in
// order with duplicates kept, an alias the same node as its anchor), and the documents after
// the first are still counted, so a second document and a top-level ',' are still refused.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tables/yaml_file.h"

namespace rulecraft::yaml {
namespace {

// Fails the test where `got` and `want` differ, naming the path to the node.
void ExpectSame(const YAML::Node& got, const YAML::Node& want, const std::string& path) {
  ASSERT_EQ(got.Type(), want.Type()) << path;
  EXPECT_EQ(got.Tag(), want.Tag()) << path;
  EXPECT_EQ(got.Style(), want.Style()) << path;
  EXPECT_EQ(got.Mark().pos, want.Mark().pos) << path;
  EXPECT_EQ(got.Mark().line, want.Mark().line) << path;
  EXPECT_EQ(got.Mark().column, want.Mark().column) << path;
  if (got.IsScalar()) {
    EXPECT_EQ(got.Scalar(), want.Scalar()) << path;
  }
  if (!got.IsSequence() && !got.IsMap()) return;
  ASSERT_EQ(got.size(), want.size()) << path;
  auto g = got.begin();
  auto w = want.begin();
  for (size_t i = 0; g != got.end(); ++g, ++w, ++i) {
    std::string at = path + "/" + std::to_string(i);
    if (got.IsSequence()) {
      ExpectSame(*g, *w, at);
    } else {
      ExpectSame(g->first, w->first, at + "(key)");
      ExpectSame(g->second, w->second, at);
    }
  }
}

YAML::Node Parsed(const std::string& text, Diagnostics& diagnostics) {
  static SourceSet sources;  // the nodes' marks outlive the call
  const SourceFile& file = sources.Add("doc.yaml", text);
  std::optional<YAML::Node> node = Parse(file, diagnostics);
  return node ? *node : YAML::Node(YAML::NodeType::Undefined);
}

TEST(YamlOnePass, BuildsTheNodesLoadBuilds) {
  const std::vector<std::string> texts = {
      "",
      "# only a comment\n",
      "just a scalar\n",
      "~\n",
      "name: sizes\nrows:\n  - name: small\n    space: 5\n    reach: 5\n  - name: medium\n    space: 5\n",
      "a: [1, 2, {b: c, d: [e, f]}]\ne: {x: 1, y: null, z: ~}\n",
      "list:\n- one\n- - nested\n  - deeper: [x]\n- ''\n- \"quoted \\\" text\"\n",
      "text: |\n  two\n  lines\nfolded: >\n  one\n  line\n",
      "? complex key\n: value\n? [a, b]\n: flow key\n",
      "base: &base {space: 5, reach: 5}\nlarge: *base\nlist: &items [1, 2]\nagain: *items\n",
      "tagged: !custom value\nnumber: !!int 3\nseq: !list [a]\n",
      "dup: 1\nother: 2\ndup: 3\n",
      "---\nexplicit: start\n...\n",
      "empty_value:\nnext: 1\nlast:\n",
  };
  for (const std::string& text : texts) {
    SCOPED_TRACE(text);
    Diagnostics diagnostics;
    YAML::Node got = Parsed(text, diagnostics);
    YAML::Node want = YAML::Load(text);
    if (!diagnostics.items().empty()) {
      // Refused for its own reasons (a tag, a duplicate key) after it was read: nothing to compare.
      continue;
    }
    ExpectSame(got, want, "");
  }
}

TEST(YamlOnePass, AnAliasIsTheAnchoredNode) {
  Diagnostics diagnostics;
  YAML::Node node = Parsed("base: &base {space: 5}\nlarge: *base\n", diagnostics);
  ASSERT_TRUE(diagnostics.items().empty());
  EXPECT_TRUE(node["base"].is(node["large"]));
  EXPECT_EQ(node["large"]["space"].Scalar(), "5");
}

TEST(YamlOnePass, DuplicateKeysAreKeptForTheCheck) {
  Diagnostics diagnostics;
  Parsed("dup: 1\nother: 2\ndup: 3\n", diagnostics);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, "duplicate-key");
}

TEST(YamlOnePass, LaterDocumentsAreStillCounted) {
  Diagnostics two;
  Parsed("a: 1\n---\nb: 2\n", two);
  ASSERT_EQ(two.size(), 1u);
  EXPECT_EQ(two.items()[0].code, "yaml-documents");
  EXPECT_EQ(two.items()[0].message, "expected one YAML document in the file, found 2; a second starts here");
  Diagnostics comma;
  Parsed("- a\n, b: {}\n", comma);
  ASSERT_EQ(comma.size(), 1u);
  EXPECT_EQ(comma.items()[0].code, "yaml-syntax");
  EXPECT_EQ(comma.items()[0].message,
            "invalid YAML: expected a value or the end of the file, found ',' outside brackets");
}

}  // namespace
}  // namespace rulecraft::yaml
