// The fast reader of the tables' YAML subset (tables/yaml_subset.h, issue 15) reports exactly
// the events yaml-cpp's parser reports (values, tags, styles, marks), and refuses every text
// outside the subset, so yaml::Parse gives the same nodes and the same diagnostics either way:
// checked on every YAML file of the repository, on hand-written texts at the subset's edges,
// and on many small edits of them.
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "base/text_bytes.h"
#include "tables/yaml_subset.h"
#include "repository_files.h"

namespace rulecraft::yaml {
namespace {

namespace fs = std::filesystem;

// Writes each event as one line: what it is, its mark, tag, style and value.
class Recorder : public YAML::EventHandler {
 public:
  std::vector<std::string> events;

  void OnDocumentStart(const YAML::Mark& mark) override { Add("document", mark); }
  void OnDocumentEnd() override { events.push_back("end document"); }
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { Add("null", mark, "", anchor); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override { Add("alias", mark, "", anchor); }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    Add("scalar", mark, tag, anchor, "'" + value + "'");
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value style) override {
    Add("sequence", mark, tag, anchor, fmt::format("style {}", static_cast<int>(style)));
  }
  void OnSequenceEnd() override { events.push_back("end sequence"); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value style) override {
    Add("map", mark, tag, anchor, fmt::format("style {}", static_cast<int>(style)));
  }
  void OnMapEnd() override { events.push_back("end map"); }

 private:
  void Add(const char* what, const YAML::Mark& mark, const std::string& tag = "", YAML::anchor_t anchor = 0,
           const std::string& rest = "") {
    events.push_back(fmt::format("{} pos {} line {} column {} tag '{}' anchor {} {}", what, mark.pos, mark.line,
                                 mark.column, tag, anchor, rest));
  }
};

// yaml-cpp's events for a text (its first 10 documents), or nullopt when it throws.
std::optional<std::vector<std::string>> YamlCppEvents(const std::string& text) {
  Recorder recorder;
  try {
    std::istringstream stream(text);
    YAML::Parser parser(stream);
    for (int i = 0; i < 10 && parser.HandleNextDocument(recorder); ++i) {
    }
  } catch (const YAML::Exception&) {
    return std::nullopt;
  }
  return recorder.events;
}

// Whether the subset reader took the text; when it did, its events must be yaml-cpp's.
bool ExpectSameEvents(const std::string& text, const std::string& name) {
  Recorder fast;
  if (!ReadYamlSubset(text, fast)) {
    EXPECT_TRUE(fast.events.empty()) << name << ": a refused text reported events";
    return false;
  }
  auto slow = YamlCppEvents(text);
  EXPECT_TRUE(slow.has_value()) << name << ": yaml-cpp refuses a text the subset reader took:\n" << text;
  if (slow) {
    EXPECT_EQ(fast.events, *slow) << name << ":\n" << text;
  }
  return true;
}

using testing_files::ReadFile;
using testing_files::RepositoryYaml;

TEST(YamlSubset, EveryRepositoryFileReadsAsYamlCppReadsIt) {
  std::vector<fs::path> files = RepositoryYaml();
  ASSERT_GT(files.size(), 300u);
  size_t taken = 0;
  size_t tables = 0;
  size_t tables_taken = 0;
  for (const fs::path& path : files) {
    bool is_table = path.parent_path().filename() == "tables" &&
                    path.string().find(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/") == 0;
    bool took = ExpectSameEvents(ReadFile(path), path.string());
    taken += took;
    tables += is_table;
    tables_taken += is_table && took;
    if (is_table && !took) ADD_FAILURE() << "a bundled table outside the subset: " << path;
  }
  // The subset is the tables' own: every bundled table is read by it.
  EXPECT_GT(tables, 60u);
  EXPECT_EQ(tables_taken, tables);
  EXPECT_GT(taken, 150u);
}

TEST(YamlSubset, TextsInsideTheSubset) {
  const std::vector<std::string> texts = {
      "a: 1\n",
      "a: 1",
      "# comment\n\nname: sizes # trailing\nrows:\n  - name: small  \n    space: 5 ft\n  - name: medium\n",
      "list:\n- one\n- two\nnext: x\n",
      "- a\n- b: c\n  d: e\n-   f: g\n- [h, i]\n",
      "a: [1, 2, {b: c, d: [e, f]}]\ne: {x: 1, y: null, z: ~}\nf: []\ng: {}\n",
      "q: \"double 'quoted' text\"\nr: 'single ''quoted'' text'\ns: ''\nt: \"\"\n",
      "n: ~\nm: null\nl: Null\nk: NULL\nnullish: nulls\n",
      "text: a, b [c] {d} e#f\nminus: -16\nplus: +8\nspace: 6 in.–1 ft.\n",
      "한국어: 극소\nmixed: { text: 완전 은폐, ac: n/a }\n",
      "rows:\n  - { name: a, label: A }\n  - { name: b, label: 'B' }\n\n\n# end\n",
      "a:\n  b:\n    c: 1\n  d: 2\ne: 3\n",
      "key  : value\n",
      "rows:\n  - { name: a,\n      label: A }\n  - [1,\n    2]\n",
      "- x\n",
      "",
      "# nothing\n   \n",
      // Quoted keys of flow mappings: a scenario map's legend.
      "map:\n  legend: { \".\": open, \"#\": wall, \"~\": difficult, 'x': y, '''': q }\n",
      "a: [{ \"k\": v }, { \"\": e, 'it''s': [1] }]\n",
      // The bytes each scan looks up in its table: '#' inside a word, a backslash in single quotes,
      // a quote of the other kind, an indicator inside a plain scalar.
      "a: [x#y, 'back\\slash', \"it's\", 'say \"hi\"', a-b, c!d, e%f]\nb: x#y @z\n",
  };
  for (const std::string& text : texts) {
    EXPECT_TRUE(ExpectSameEvents(text, "text")) << "refused:\n" << text;
  }
}

TEST(YamlSubset, TextsOutsideTheSubsetAreRefused) {
  const std::vector<std::string> texts = {
      "text: |\n  two\n  lines\n",
      "text: >\n  folded\n",
      "a: plain\n  continued\n",
      "a:\n  on the next line\n",
      "a: \"escape \\n\"\n",
      "a: \"two\n  lines\"\n",
      "a: [1,\n2]\n",
      "a: [1,\n\n  2]\n",
      "a: [1, # comment\n  2]\n",
      "a: [one\n  two]\n",
      "base: &b 1\nother: *b\n",
      "tag: !t x\n",
      "? complex\n: key\n",
      "---\na: 1\n",
      "a: 1\n...\n",
      "%YAML 1.2\n---\na: 1\n",
      "empty:\nnext: 1\n",
      "- \n- a\n",
      "a: [1, ]\n",
      "a: {b: }\n",
      "a: {b: 1,}\n",
      "a: [b: c]\n",
      "a: b: c\n",
      "a:\tb\n",
      "a: b\r\n",
      "\xEF\xBB\xBF" "a: 1\n",
      "a: \xC3\n",
      "a: 1\n  b: 2\n",
      "- - a\n",
      "a: 'x'y\n",
      "a: [x]y\n",
      "just a scalar\n",
      "a: {b: c d: e}\n",
      "a: " + std::string(70, '[') + std::string(70, ']') + "\n",
      "a: what?\n",  // fine in block context, but see the flow case next
      "a: [what?]\n",
      "a: {\"b\":c}\n",
      "a: {\"b\" : c}\n",
      "a: {\"b\\n\": c}\n",
      "a: {\"b\n  c\": d}\n",
      "a: [x #y]\n",
      "a: [@x]\n",
      "a: {b: `c}\n",
  };
  for (size_t i = 0; i < texts.size(); ++i) {
    // Some of these are valid YAML and some are not; either way yaml-cpp must read them.
    if (texts[i] == "a: what?\n") {
      EXPECT_TRUE(ExpectSameEvents(texts[i], "text"));
      continue;
    }
    Recorder recorder;
    EXPECT_FALSE(ReadYamlSubset(texts[i], recorder)) << texts[i];
    EXPECT_TRUE(recorder.events.empty());
  }
}

// Small edits of the repository's smaller files: whenever the subset reader takes one, it
// reads it as yaml-cpp does, and yaml-cpp takes it too.
TEST(YamlSubset, EditedTextsReadAsYamlCppReadsThem) {
  std::vector<std::string> bases = testing_files::SmallRepositoryYaml(3000);
  ASSERT_GT(bases.size(), 50u);
  const std::string pieces[] = {" ", "  ", ":", ": ", "-", "- ", "#", " #", "[", "]", "{", "}", ",",
                                "'", "\"", "\n", "\n  ", "~", "null", "?", "|", "&a", "*a", "!"};
  std::mt19937 random(15);
  size_t taken = 0;
  for (int round = 0; round < 4000; ++round) {
    std::string text = bases[random() % bases.size()];
    testing_files::EditText(random, text, pieces);
    taken += ExpectSameEvents(text, fmt::format("edit {}", round));
  }
  EXPECT_GT(taken, 500u);  // the edits exercise the reader, not only its refusals
}

// A text known to be UTF-8 text (SourceFile::checked()) is read with only the characters the
// subset refuses beyond FirstBadByte's looked for: it reads exactly as the full check reads it
// (same answer, nodes, marks and notes), on edits that add those characters and their neighbours.
TEST(YamlSubset, CheckedTextsReadAsUncheckedOnes) {
  std::vector<std::string> bases = testing_files::SmallRepositoryYaml(3000);
  ASSERT_GT(bases.size(), 50u);
  const std::string pieces[] = {"\t", "\r", "\r\n", "\x7F", "\xC2\x85", "\xC2\x9F", "\xC2\xA0", "\xE2\x80\xA8",
                                "\xE2\x80\xA9", "\xE2\x80\x94", "\xEF\xBB\xBF", "\xEF\xBC\x81", "\xED\x95\x9C",
                                "\xC3\xA9", "\x01", "\xFF", " ", ": ", "\n", "'", "#"};
  std::mt19937 random(15);
  size_t checked = 0;
  size_t refused = 0;
  for (int round = 0; round < 4000; ++round) {
    std::string text = bases[random() % bases.size()];
    testing_files::EditText(random, text, pieces);
    if (FirstBadByte(text)) continue;  // not text: never read as checked
    ++checked;
    Tree full;
    Tree quick;
    SubsetNotes full_notes;
    SubsetNotes quick_notes;
    bool full_took = ReadYamlSubset(text, full, &full_notes, false);
    ASSERT_EQ(ReadYamlSubset(text, quick, &quick_notes, true), full_took) << text;
    refused += !full_took;
    if (!full_took) continue;
    Recorder full_events;
    Recorder quick_events;
    full.Replay(full_events);
    quick.Replay(quick_events);
    ASSERT_EQ(quick_events.events, full_events.events) << text;
    ASSERT_EQ(quick_notes.steering, full_notes.steering);
    ASSERT_EQ(quick_notes.deepest, full_notes.deepest);
  }
  EXPECT_GT(checked, 1000u);
  EXPECT_GT(refused, 200u);          // the refused characters were met
  EXPECT_GT(checked - refused, 200u) << checked << " " << refused;  // and so were texts the reader took
}

}  // namespace
}  // namespace rulecraft::yaml
