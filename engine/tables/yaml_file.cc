#include "tables/yaml_file.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/node/detail/memory.h>
#include <yaml-cpp/node/detail/node.h>

#include "base/limits.h"
#include "base/suggest.h"
#include "tables/yaml_limits.h"
#include "tables/yaml_mistakes.h"
#include "tables/yaml_subset.h"

namespace rulecraft::yaml {
namespace {

// yaml-cpp's messages start with "yaml-cpp: error at line …"; keep only the reason.
std::string CleanMessage(const YAML::Exception& error) {
  std::string message = error.msg;
  if (!message.empty()) message[0] = static_cast<char>(std::tolower(message[0]));
  return message;
}

// The byte offset of a yaml-cpp mark (0 for a mark that names no place).
uint32_t OffsetOf(const SourceFile& file, const YAML::Mark& mark) {
  if (mark.is_null()) return 0;
  return file.OffsetOf(static_cast<uint32_t>(mark.line + 1), static_cast<uint32_t>(mark.column + 1));
}

// A lower_snake_case name: a lowercase ASCII letter or '_', then those and digits (what
// std::islower and std::isdigit accept in the "C" locale rulecraft runs in, without their calls).
bool IsIdentifier(std::string_view text) {
  auto lower = [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; };
  if (text.empty() || !lower(text[0])) return false;
  for (char c : text) {
    if (!(lower(c) || (c >= '0' && c <= '9'))) return false;
  }
  return true;
}

// One pass of yaml-cpp's parser over a text: builds the first document's nodes as YAML::Load
// would (same types, tags, styles, marks, anchors shared by their aliases, keys in order and
// duplicates kept) and notes where each document starts, at most kMost: yaml-cpp's LoadAll
// never ends on a ',' at a document's top level (it reads an empty document there, forever),
// so the documents after the first are only counted.
class FirstDocument : public YAML::EventHandler {
 public:
  static constexpr size_t kMost = 100;
  std::vector<YAML::Mark> starts;

  FirstDocument() : memory_(std::make_shared<YAML::detail::memory_holder>()) {}

  // The first document's root: a null node when it has none.
  YAML::Node Root() const;

  void OnDocumentStart(const YAML::Mark& mark) override { starts.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    if (!Building()) return;
    Open(mark, anchor).set_null();
    Close();
  }
  void OnAlias(const YAML::Mark&, YAML::anchor_t anchor) override {
    if (!Building()) return;
    if (anchor >= anchors_.size() || anchors_[anchor] == nullptr) {  // the parser reports these itself
      Open(YAML::Mark::null_mark(), 0).set_null();
    } else {
      Enter(*anchors_[anchor]);
    }
    Close();
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    if (!Building()) return;
    YAML::detail::node& node = Open(mark, anchor);
    node.set_scalar(value);
    node.set_tag(tag);
    Close();
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value style) override {
    if (!Building()) return;
    YAML::detail::node& node = Open(mark, anchor);
    node.set_tag(tag);
    node.set_type(YAML::NodeType::Sequence);
    node.set_style(style);
  }
  void OnSequenceEnd() override {
    if (Building()) Close();
  }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value style) override {
    if (!Building()) return;
    YAML::detail::node& node = Open(mark, anchor);
    node.set_type(YAML::NodeType::Map);
    node.set_tag(tag);
    node.set_style(style);
    ++maps_open_;
  }
  void OnMapEnd() override {
    if (!Building()) return;
    --maps_open_;
    Close();
  }

 private:
  bool Building() const { return starts.size() == 1; }
  // A new node at `mark`, remembered under its anchor (anchors are numbered from 1 in order),
  // entered as the innermost open node.
  YAML::detail::node& Open(const YAML::Mark& mark, YAML::anchor_t anchor) {
    YAML::detail::node& node = memory_->create_node();
    node.set_mark(mark);
    if (anchor != 0) {
      if (anchors_.size() <= anchor) anchors_.resize(anchor + 1, nullptr);
      anchors_[anchor] = &node;
    }
    Enter(node);
    return node;
  }
  // Makes `node` the innermost open one; in a mapping waiting for a key, it is that key.
  void Enter(YAML::detail::node& node) {
    bool is_key = !open_.empty() && open_.back()->type() == YAML::NodeType::Map && keys_.size() < maps_open_;
    open_.push_back(&node);
    if (is_key) keys_.push_back({&node, false});
  }
  // Ends the innermost open node: the root, an item of its sequence, or its mapping's key or
  // value (the pair is added once the value ends).
  void Close() {
    YAML::detail::node* node = open_.back();
    open_.pop_back();
    if (open_.empty()) {
      root_ = node;
      return;
    }
    YAML::detail::node& parent = *open_.back();
    if (parent.type() == YAML::NodeType::Sequence) {
      parent.push_back(*node, memory_);
    } else if (parent.type() == YAML::NodeType::Map && !keys_.empty()) {
      if (keys_.back().second) {
        parent.insert(*keys_.back().first, *node, memory_);
        keys_.pop_back();
      } else {
        keys_.back().second = true;
      }
    }
  }

  YAML::detail::shared_memory_holder memory_;
  YAML::detail::node* root_ = nullptr;
  std::vector<YAML::detail::node*> open_;
  std::vector<std::pair<YAML::detail::node*, bool>> keys_;  // each open mapping's key, and whether it ended
  size_t maps_open_ = 0;
  std::vector<YAML::detail::node*> anchors_{nullptr};
};

}  // namespace
}  // namespace rulecraft::yaml

// A YAML::Node over a built detail::node: yaml-cpp makes every as_if a friend of Node, and this
// one (for our own tag type) reaches the constructor its own NodeBuilder uses.
namespace rulecraft::yaml {
struct BuiltNode {};
}  // namespace rulecraft::yaml
template <>
struct YAML::as_if<rulecraft::yaml::BuiltNode, rulecraft::yaml::BuiltNode> {
  static YAML::Node Make(YAML::detail::node& node, YAML::detail::shared_memory_holder memory) {
    return YAML::Node(node, std::move(memory));
  }
};

namespace rulecraft::yaml {
namespace {

YAML::Node FirstDocument::Root() const {
  if (root_ == nullptr) return YAML::Node();
  return YAML::as_if<BuiltNode, BuiltNode>::Make(*root_, memory_);
}

}  // namespace

namespace {

// The checks of the text before it is read: nesting too deep, a mistake of layout yaml-cpp
// would read without a word. False when one was reported.
bool CheckText(const SourceFile& file, Diagnostics& diagnostics) {
  if (auto at = TooDeepAt(file.text(), limits::kMaxYamlDepth)) {
    auto offset = static_cast<uint32_t>(*at);
    diagnostics.Error("too-deep", {file.path(), offset, offset + 1},
                      fmt::format("values nest deeper than {} levels here (limits::kMaxYamlDepth)",
                                  limits::kMaxYamlDepth));
    return false;
  }
  // The mistakes yaml-cpp reads without a word (an unclosed quote swallows the lines after it).
  if (auto mistake = FindLayoutMistake(file, true)) {
    diagnostics.Add(mistake->severity, mistake->code, mistake->span, mistake->message);
    return false;
  }
  return true;
}

// Reads a checked text's one document with yaml-cpp's node builder (replaying `subset`, the
// subset reader's tree of it, when given), and checks it; the checks whose summary of `subset`
// shows nothing to report are skipped.
std::optional<YAML::Node> ReadDocument(const SourceFile& file, const Tree* subset, Diagnostics& diagnostics) {
  std::vector<YAML::Node> documents;
  FirstDocument counted;
  try {
    // The tables' plain YAML is read by our own reader, with yaml-cpp's events; anything
    // else (and every mistake) by yaml-cpp itself.
    if (subset != nullptr) {
      subset->Replay(counted);
    } else {
      std::istringstream text(file.text());
      YAML::Parser parser(text);
      while (counted.starts.size() <= FirstDocument::kMost && parser.HandleNextDocument(counted)) {
      }
    }
    if (counted.starts.size() == 1) documents.push_back(counted.Root());
  } catch (const YAML::Exception& error) {
    uint32_t offset = OffsetOf(file, error.mark);
    // yaml-cpp names what it expected where it gave up, often a line late; the layout says
    // what the user got wrong, where.
    if (auto mistake = FindLayoutMistake(file, false)) {
      Diagnostic& diagnostic = diagnostics.Add(mistake->severity, mistake->code, mistake->span, mistake->message);
      LineColumn at = file.Locate(offset);
      diagnostic.notes.push_back(
          {{}, fmt::format("the YAML reader stopped at line {}, column {}: {}", at.line, at.column, CleanMessage(error))});
      return std::nullopt;
    }
    diagnostics.Error("yaml-syntax", {file.path(), offset, offset + 1},
                      "invalid YAML: " + CleanMessage(error));
    return std::nullopt;
  } catch (const std::exception& error) {
    diagnostics.Error("yaml-syntax", {file.path(), 0, 1}, std::string("invalid YAML: ") + error.what());
    return std::nullopt;
  }
  if (counted.starts.size() > 1) {
    uint32_t offset = OffsetOf(file, counted.starts[1]);
    if (offset < file.text().size() && file.text()[offset] == ',') {
      diagnostics.Error("yaml-syntax", {file.path(), offset, offset + 1},
                        "invalid YAML: expected a value or the end of the file, found ',' outside brackets");
    } else if (counted.starts.size() > FirstDocument::kMost) {
      diagnostics.Error("yaml-documents", {file.path(), offset, offset + 1},
                        fmt::format("expected one YAML document in the file, found more than {}; a second starts here",
                                    FirstDocument::kMost));
    } else {
      diagnostics.Error("yaml-documents", {file.path(), offset, offset + 1},
                        fmt::format("expected one YAML document in the file, found {}; a second starts here",
                                    counted.starts.size()));
    }
    return std::nullopt;
  }
  if (documents.empty()) return YAML::Node(YAML::NodeType::Null);
  // As ParseTree: a subset tree's summary says which checks could report anything.
  Tree::Summary summary = subset != nullptr ? subset->Summarize() : Tree::Summary{};
  bool within = subset != nullptr && summary.nodes <= limits::kMaxYamlNodes &&
                summary.deepest <= limits::kMaxYamlDepth && summary.longest_scalar <= limits::kMaxYamlScalarBytes &&
                !summary.non_scalar_key;
  if (!within && !CheckDocument(file, documents[0], diagnostics)) return std::nullopt;
  if (subset == nullptr || summary.repeated_key) {
    size_t errors = diagnostics.ErrorCount();
    CheckDuplicateKeys(file, documents[0], diagnostics);
    if (diagnostics.ErrorCount() > errors) return std::nullopt;
  }
  return documents[0];
}

}  // namespace

std::optional<YAML::Node> Parse(const SourceFile& file, Diagnostics& diagnostics) {
  Tree tree;
  SubsetNotes notes;
  if (ReadYamlSubset(file.text(), tree, &notes, file.checked())) {
    // As ParseTree: the text checks run only when the reader's notes say they could report.
    if ((notes.steering || notes.deepest + 1 > limits::kMaxYamlDepth) && !CheckText(file, diagnostics)) {
      return std::nullopt;
    }
    return ReadDocument(file, &tree, diagnostics);
  }
  if (!CheckText(file, diagnostics)) return std::nullopt;
  return ReadDocument(file, nullptr, diagnostics);
}

std::optional<Tree> ParseTree(const SourceFile& file, Diagnostics& diagnostics) {
  Tree tree;
  SubsetNotes notes;
  if (ReadYamlSubset(file.text(), tree, &notes, file.checked())) {
    // The text checks find nothing in a text the subset reader took (its quotes and brackets
    // are the ones they track, its lines the layout they accept, its depth below theirs) unless
    // the reader noted a plain scalar they may read otherwise, or a nesting near the limit.
    if ((notes.steering || notes.deepest + 1 > limits::kMaxYamlDepth) && !CheckText(file, diagnostics)) {
      return std::nullopt;
    }
    // As ReadDocument's checks after the subset reader (yaml-cpp throws nothing on its events),
    // each walked only when the tree's summary shows it something to report. The subset's tags
    // ("?", "!", none) are never reported.
    Tree::Summary summary = tree.Summarize();
    bool within = summary.nodes <= limits::kMaxYamlNodes && summary.deepest <= limits::kMaxYamlDepth &&
                  summary.longest_scalar <= limits::kMaxYamlScalarBytes && !summary.non_scalar_key;
    if (!within && !CheckDocument(file, tree.Root(), diagnostics)) return std::nullopt;
    if (summary.repeated_key) {
      size_t errors = diagnostics.ErrorCount();
      CheckDuplicateKeys(file, tree.Root(), diagnostics);
      if (diagnostics.ErrorCount() > errors) return std::nullopt;
    }
    return tree;
  }
  if (!CheckText(file, diagnostics)) return std::nullopt;
  std::optional<YAML::Node> document = ReadDocument(file, nullptr, diagnostics);
  if (!document) return std::nullopt;
  return Tree::FromYamlCpp(*document);
}

void ReportException(const SourceFile& file, const YAML::Exception& error, Diagnostics& diagnostics) {
  uint32_t offset = OffsetOf(file, error.mark);
  diagnostics.Error("yaml-error", {file.path(), offset, offset + 1},
                    "could not read this YAML: " + CleanMessage(error));
}

namespace {

template <typename YamlNode>
YamlNode Undefined();
template <>
YAML::Node Undefined<YAML::Node>() {
  return YAML::Node(YAML::NodeType::Undefined);
}
template <>
Node Undefined<Node>() {
  return Node::Undefined();
}

template <typename YamlNode>
YamlNode GetOf(const YamlNode& map, std::string_view key) {
  if (map.IsMap()) {
    for (const auto& entry : map) {
      if (entry.first.IsScalar() && entry.first.Scalar() == key) return entry.second;
    }
  }
  return Undefined<YamlNode>();
}

// The byte offset of a node's mark, as OffsetOf gives it: a tree that knows its nodes' offsets
// (the subset reader's: marks on lines cut at line feeds only, each at a byte before its line's
// end) gives it without a look at the file's lines.
// A known offset is also a node of the subset reader's, every scalar of which (plain, or quoted
// to its closing quote) stands on one line.
int64_t KnownOffset(const YAML::Node&) { return -1; }
int64_t KnownOffset(const Node& node) { return node.Offset(); }
template <typename YamlNode>
uint32_t BeginOf(const SourceFile& file, const YamlNode& node) {
  int64_t offset = KnownOffset(node);
  return offset >= 0 ? static_cast<uint32_t>(offset) : OffsetOf(file, node.Mark());
}

// The width of a scalar written at the start of `rest` whose value is `value_size` bytes long: to
// its closing quote when quoted, else its value's; never past `rest`.
size_t ScalarWidth(std::string_view rest, size_t value_size) {
  size_t width = value_size;
  if (!rest.empty() && (rest[0] == '"' || rest[0] == '\'')) {
    size_t close = rest.find(rest[0], 1);
    width = close == std::string_view::npos ? rest.size() : close + 1;
  }
  return std::min(width, rest.size());
}

template <typename YamlNode>
SourceSpan SpanOfNode(const SourceFile& file, const YamlNode& node) {
  if (!node.IsDefined()) return {file.path(), 0, 0};
  if (node.Mark().is_null()) return {file.path(), 0, 0};
  uint32_t begin = BeginOf(file, node);
  uint32_t end = begin + 1;
  if (node.IsScalar()) {
    // The scalar's width (to its closing quote, if quoted), cut at the end of its line: the
    // line's end is looked for only within that width.
    std::string_view rest = std::string_view(file.text()).substr(begin);
    size_t width = ScalarWidth(rest, node.Scalar().size());
    size_t line_end = KnownOffset(node) >= 0 ? std::string_view::npos : rest.substr(0, width).find('\n');
    if (line_end != std::string_view::npos) width = line_end;
    end = begin + static_cast<uint32_t>(std::max<size_t>(1, width));
  }
  return {file.path(), begin, end};
}

template <typename YamlNode>
std::string DescribeNode(const YamlNode& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing";
  if (node.IsSequence()) return "a list";
  if (node.IsMap()) return "a mapping";
  return "'" + std::string(node.Scalar()) + "'";
}

}  // namespace

YAML::Node Get(const YAML::Node& map, std::string_view key) { return GetOf(map, key); }
Node Get(const Node& map, std::string_view key) { return GetOf(map, key); }
SourceSpan SpanOf(const SourceFile& file, const YAML::Node& node) { return SpanOfNode(file, node); }
SourceSpan SpanOf(const SourceFile& file, const Node& node) {
  // A node of the subset reader's (its offset known) as SpanOfNode gives it, without the detours
  // of a general node: its mark is never null, its scalars stand on one line.
  int64_t offset = node.Offset();
  if (offset < 0) return SpanOfNode(file, node);
  auto begin = static_cast<uint32_t>(offset);
  if (!node.IsScalar()) return {file.path(), begin, begin + 1};
  size_t width = ScalarWidth(std::string_view(file.text()).substr(begin), node.Scalar().size());
  return {file.path(), begin, begin + static_cast<uint32_t>(std::max<size_t>(1, width))};
}
std::string Describe(const YAML::Node& node) { return DescribeNode(node); }
std::string Describe(const Node& node) { return DescribeNode(node); }

template <typename YamlNode>
BasicMapReader<YamlNode>::BasicMapReader(const SourceFile& file, const YamlNode& map, std::string what,
                     Diagnostics& diagnostics)
    : file_(file), map_(map), what_(std::move(what)), diagnostics_(diagnostics) {
  ReadEntries();
}

template <typename YamlNode>
BasicMapReader<YamlNode>::BasicMapReader(const SourceFile& file, const YamlNode& map, const char* what_format,
                                         std::string_view first, std::string_view second, Diagnostics& diagnostics)
    : file_(file),
      map_(map),
      what_format_(what_format),
      what_first_(first),
      what_second_(second),
      diagnostics_(diagnostics) {
  ReadEntries();
}

template <typename YamlNode>
std::string BasicMapReader<YamlNode>::What() const {
  if (what_format_ == nullptr) return what_;
  return fmt::format(fmt::runtime(what_format_), what_first_, what_second_);
}

template <typename YamlNode>
void BasicMapReader<YamlNode>::ReadEntries() {
  const SourceFile& file = file_;
  const YamlNode& map = map_;
  if (!map.IsMap()) {
    ReportNotMapping(SpanOf(file, map), What(), Describe(map), diagnostics_);
    return;
  }
  ok_ = true;
  entries_.reserve(map.size());
  asked_.reserve(256);  // the names asked for, most rows' in one allocation
  for (const auto& entry : map) {
    std::string_view key = entry.first.Scalar();
    bool seen = std::any_of(entries_.begin(), entries_.end(), [&](const Entry& earlier) { return earlier.key == key; });
    if (seen) {
      ReportDuplicateKey(SpanOf(file, entry.first), key, What(), diagnostics_);
    }
    entries_.push_back({key, entry.first.IsScalar(), false, entry.first, entry.second});
    // The text is the key node's own: the copy in the entry keeps it where it is.
    entries_.back().key = entries_.back().key_node.Scalar();
  }
}

// One undefined node per thread, for readers to return by reference.
template <typename YamlNode>
const YamlNode& SharedUndefined() {
  thread_local const YamlNode undefined = Undefined<YamlNode>();
  return undefined;
}

template <typename YamlNode>
YamlNode BasicMapReader<YamlNode>::Optional(std::string_view key) {
  const YamlNode& value = Find(key);
  return &value == &SharedUndefined<YamlNode>() ? Undefined<YamlNode>() : value;
}

template <typename YamlNode>
const YamlNode& BasicMapReader<YamlNode>::Find(std::string_view key) {
  asked_.append(key);
  asked_.push_back('\0');
  if (!ok_) return SharedUndefined<YamlNode>();
  // As Get: the first entry whose key is this scalar. Every entry of this text is asked for.
  const YamlNode* found = nullptr;
  for (Entry& entry : entries_) {
    // Most keys differ in length or first letter: compared whole only when both agree.
    if (entry.key.size() != key.size() || (!key.empty() && entry.key[0] != key[0]) || entry.key != key) continue;
    entry.asked = true;
    if (found == nullptr && entry.key_is_scalar) found = &entry.value;
  }
  return found != nullptr ? *found : SharedUndefined<YamlNode>();
}

template <typename YamlNode>
std::vector<std::string> BasicMapReader<YamlNode>::AskedNames() const {
  std::vector<std::string> names;
  for (size_t start = 0; start < asked_.size();) {
    size_t end = asked_.find('\0', start);
    names.emplace_back(asked_.substr(start, end - start));
    start = end + 1;
  }
  return names;
}

template <typename YamlNode>
YamlNode BasicMapReader<YamlNode>::Required(std::string_view key) {
  YamlNode value = Optional(key);
  if (ok_ && !value.IsDefined()) {
    ReportMissingKey(Span(), key, What(), diagnostics_);
  }
  return value;
}

template <typename YamlNode>
void BasicMapReader<YamlNode>::RejectUnknown() {
  if (!ok_) return;
  for (const Entry& entry : entries_) {
    if (entry.asked) continue;
    ReportUnknownKey(SpanOf(file_, entry.key_node), entry.key, What(), AskedNames(), diagnostics_);
  }
}

void ReportNotMapping(const SourceSpan& span, const std::string& what, const std::string& found,
                      Diagnostics& diagnostics) {
  diagnostics.Error("expected-mapping", span, fmt::format("expected a mapping for {}, found {}", what, found));
}

void ReportDuplicateKey(const SourceSpan& span, std::string_view key, const std::string& what,
                        Diagnostics& diagnostics) {
  diagnostics.Error("duplicate-key", span, fmt::format("duplicate key '{}' in {}", key, what));
}

void ReportMissingKey(const SourceSpan& span, std::string_view key, const std::string& what,
                      Diagnostics& diagnostics) {
  diagnostics.Error("missing-key", span, fmt::format("{} is missing '{}'", what, key));
}

void ReportUnknownKey(const SourceSpan& span, std::string_view key, const std::string& what,
                      const std::vector<std::string>& asked, Diagnostics& diagnostics) {
  Diagnostic& error = diagnostics.Error("unknown-key", span, fmt::format("unknown key '{}' in {}", key, what));
  SuggestName(error, key, asked);
  if (error.notes.empty()) {
    std::string expected;
    for (const std::string& name : asked) expected += (expected.empty() ? "" : ", ") + name;
    error.notes.push_back({{}, "expected one of: " + expected});
  }
}

template <typename YamlNode>
SourceSpan BasicMapReader<YamlNode>::KeySpan(std::string_view key) const {
  if (ok_) {
    for (const Entry& entry : entries_) {
      if (entry.key == key) return SpanOf(file_, entry.key_node);
    }
  }
  return Span();
}

template <typename YamlNode>
SourceSpan BasicMapReader<YamlNode>::Span() const { return SpanOf(file_, map_); }

template class BasicMapReader<YAML::Node>;
template class BasicMapReader<Node>;

bool IsName(std::string_view text) { return IsIdentifier(text); }

std::optional<int64_t> ParseInt(std::string_view text) {
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::optional<double> ParseNumber(std::string_view text) {
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty() ||
      !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

namespace {

template <typename YamlNode>
bool CheckScalar(const SourceFile& file, const YamlNode& node, std::string_view expected,
                 std::string_view what, Diagnostics& diagnostics) {
  if (node.IsScalar()) return true;
  diagnostics.Error("wrong-type", SpanOf(file, node),
                    fmt::format("expected {} for {}, found {}", expected, what, Describe(node)));
  return false;
}

template <typename YamlNode>
std::optional<std::string> ReadTextOf(const SourceFile& file, const YamlNode& node,
                                    std::string_view what, Diagnostics& diagnostics) {
  if (!CheckScalar(file, node, "text", what, diagnostics)) return std::nullopt;
  return std::string(node.Scalar());
}

template <typename YamlNode>
std::optional<std::string> ReadNameOf(const SourceFile& file, const YamlNode& node,
                                    std::string_view what, Diagnostics& diagnostics) {
  if (!CheckScalar(file, node, "a name", what, diagnostics)) return std::nullopt;
  if (!IsIdentifier(node.Scalar())) {
    diagnostics.Error("wrong-type", SpanOf(file, node),
                      fmt::format("expected a lower_snake_case name for {}, found '{}'", what,
                                  node.Scalar()));
    return std::nullopt;
  }
  return std::string(node.Scalar());
}

template <typename YamlNode>
std::optional<int64_t> ReadIntOf(const SourceFile& file, const YamlNode& node,
                               std::string_view what, Diagnostics& diagnostics) {
  if (!CheckScalar(file, node, "a whole number", what, diagnostics)) return std::nullopt;
  auto value = ParseInt(node.Scalar());
  if (!value) {
    diagnostics.Error("wrong-type", SpanOf(file, node),
                      fmt::format("expected a whole number for {}, found '{}'", what, node.Scalar()));
  }
  return value;
}

template <typename YamlNode>
std::optional<double> ReadNumberOf(const SourceFile& file, const YamlNode& node,
                                 std::string_view what, Diagnostics& diagnostics) {
  if (!CheckScalar(file, node, "a number", what, diagnostics)) return std::nullopt;
  auto value = ParseNumber(node.Scalar());
  if (!value) {
    diagnostics.Error("wrong-type", SpanOf(file, node),
                      fmt::format("expected a number for {}, found '{}'", what, node.Scalar()));
  }
  return value;
}

template <typename YamlNode>
std::optional<bool> ReadBoolOf(const SourceFile& file, const YamlNode& node,
                             std::string_view what, Diagnostics& diagnostics) {
  if (!CheckScalar(file, node, "true or false", what, diagnostics)) return std::nullopt;
  std::string_view text = node.Scalar();
  if (text == "true") return true;
  if (text == "false") return false;
  diagnostics.Error("wrong-type", SpanOf(file, node),
                    fmt::format("expected true or false for {}, found '{}'", what, text));
  return std::nullopt;
}

}  // namespace

std::optional<std::string> ReadText(const SourceFile& file, const YAML::Node& node, std::string_view what,
                       Diagnostics& diagnostics) {
  return ReadTextOf(file, node, what, diagnostics);
}
std::optional<std::string> ReadText(const SourceFile& file, const Node& node, std::string_view what,
                       Diagnostics& diagnostics) {
  return ReadTextOf(file, node, what, diagnostics);
}
std::optional<std::string> ReadName(const SourceFile& file, const YAML::Node& node, std::string_view what,
                       Diagnostics& diagnostics) {
  return ReadNameOf(file, node, what, diagnostics);
}
std::optional<std::string> ReadName(const SourceFile& file, const Node& node, std::string_view what,
                       Diagnostics& diagnostics) {
  return ReadNameOf(file, node, what, diagnostics);
}
std::optional<int64_t> ReadInt(const SourceFile& file, const YAML::Node& node, std::string_view what,
                       Diagnostics& diagnostics) {
  return ReadIntOf(file, node, what, diagnostics);
}
std::optional<int64_t> ReadInt(const SourceFile& file, const Node& node, std::string_view what,
                       Diagnostics& diagnostics) {
  return ReadIntOf(file, node, what, diagnostics);
}
std::optional<double> ReadNumber(const SourceFile& file, const YAML::Node& node, std::string_view what,
                       Diagnostics& diagnostics) {
  return ReadNumberOf(file, node, what, diagnostics);
}
std::optional<double> ReadNumber(const SourceFile& file, const Node& node, std::string_view what,
                       Diagnostics& diagnostics) {
  return ReadNumberOf(file, node, what, diagnostics);
}
std::optional<bool> ReadBool(const SourceFile& file, const YAML::Node& node, std::string_view what,
                       Diagnostics& diagnostics) {
  return ReadBoolOf(file, node, what, diagnostics);
}
std::optional<bool> ReadBool(const SourceFile& file, const Node& node, std::string_view what,
                       Diagnostics& diagnostics) {
  return ReadBoolOf(file, node, what, diagnostics);
}

}  // namespace rulecraft::yaml
