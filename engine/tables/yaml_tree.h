// A read-only YAML document in one flat array (issue 15): what the table loader walks instead
// of yaml-cpp's reference-counted nodes. Its Node answers the few questions the loader asks of
// a YAML::Node (type, scalar, tag, mark, entries) with the very same answers.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/node/node.h>

namespace rulecraft::yaml {

class Tree;
class NodeIterator;

// A view of one node of a Tree (which must outlive it), or a null or an undefined node of none,
// answering as a YAML::Node of the same document would.
class Node {
 public:
  // A null node, defined (as a default YAML::Node is).
  Node() = default;
  // A node that is not there (what a missing key gives).
  static Node Undefined() {
    Node node;
    node.undefined_ = true;
    return node;
  }

  bool IsDefined() const { return !undefined_; }
  bool IsNull() const;
  bool IsScalar() const;
  bool IsSequence() const;
  bool IsMap() const;
  // The scalar's text; empty for any other node (as yaml-cpp's). It lives as long as the tree
  // (and, for a tree read from a text, as that text).
  std::string_view Scalar() const;
  // "?" for a plain scalar or a collection, "!" for a quoted scalar, "" for a null.
  const std::string& Tag() const;
  YAML::Mark Mark() const;
  // The node's byte offset in the text its tree was read from, or -1 when the tree knows only
  // its line and column (a copy of a yaml-cpp document).
  int64_t Offset() const;
  // Entries of a mapping, items of a sequence, 0 otherwise.
  size_t size() const;

  // Items of a sequence (each the node), or entries of a mapping (each with `first` and `second`).
  NodeIterator begin() const;
  NodeIterator end() const;

 private:
  friend class Tree;
  friend class NodeIterator;
  Node(const Tree* tree, uint32_t index) : tree_(tree), index_(index) {}

  const Tree* tree_ = nullptr;
  uint32_t index_ = 0;
  bool undefined_ = false;
};

// What iterating a Node gives: a sequence's item (the Node itself), or a mapping's entry.
struct NodeEntry : Node {
  Node first;
  Node second;
};

// Walks the items or entries of one node.
class NodeIterator {
 public:
  NodeEntry operator*() const;
  NodeIterator& operator++() {
    position_ += step_;
    return *this;
  }
  bool operator==(const NodeIterator& other) const { return position_ == other.position_; }
  bool operator!=(const NodeIterator& other) const { return position_ != other.position_; }

 private:
  friend class Node;
  NodeIterator(const Tree* tree, uint32_t position, uint32_t step) : tree_(tree), position_(position), step_(step) {}
  const Tree* tree_ = nullptr;
  uint32_t position_ = 0;
  uint32_t step_ = 1;
};

// The nodes of one document: built by the subset reader (yaml_subset.h), its scalars views
// into the text it read (which must outlive the tree) where they need no unescaping, or copied
// from a yaml-cpp document.
class Tree {
 public:
  Tree() = default;
  Tree(Tree&&) = default;
  Tree& operator=(Tree&&) = default;
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;

  // A copy of a yaml-cpp document: same types, scalars, tags and marks; a node its aliases
  // share is copied once.
  static Tree FromYamlCpp(const YAML::Node& document);

  // The document's root: a null node when it has none.
  Node Root() const { return nodes_.empty() ? Node() : Node(this, 0); }

  // What the document checks (yaml_limits.h, yaml_mistakes.h) look for.
  struct Summary {
    size_t nodes = 0;             // every node, keys included
    size_t deepest = 0;           // the depth of the deepest node, the root's being 1
    size_t longest_scalar = 0;    // the bytes of the longest scalar
    bool non_scalar_key = false;  // some mapping has a key that is not a scalar
    bool repeated_key = false;    // some mapping has two scalar keys of the same text
  };
  // The summary of a tree built node by node (below), kept up while it was built.
  Summary Summarize() const {
    Summary summary = summary_;
    summary.nodes = nodes_.size();
    return summary;
  }

  // Notes that every mark added from now on has as its `pos` the byte offset of its node in the
  // text read, which SpanOf then takes as it is.
  void MarksAreOffsets() { marks_are_offsets_ = true; }

  // Makes room for about `nodes` nodes, so that building grows no array on the way.
  void Reserve(size_t nodes) {
    nodes_.reserve(nodes);
    kids_.reserve(nodes);
  }

  // Building, in document order (the subset reader's): each collection is opened, its items
  // (a mapping's keys and values in turn) added, then closed.
  // A scalar whose text outlives the tree; `quoted` gives it the tag "!", else "?".
  void AddScalar(const YAML::Mark& mark, bool quoted, std::string_view text) {
    uint32_t index = Add(Type::kScalar, quoted ? TagKind::kQuoted : TagKind::kPlain, mark);
    nodes_[index].scalar = text;
    if (text.size() > summary_.longest_scalar) summary_.longest_scalar = text.size();
    Finished(index);
  }
  // A scalar whose text the tree keeps.
  void AddOwnedScalar(const YAML::Mark& mark, bool quoted, std::string text) {
    AddScalar(mark, quoted, *owned_.emplace_back(std::make_unique<std::string>(std::move(text))));
  }
  void AddNull(const YAML::Mark& mark) { Finished(Add(Type::kNull, TagKind::kNone, mark)); }
  // Opens a mapping (else a sequence), written in flow style (`{}`, `[]`) or block style.
  void Open(bool map, const YAML::Mark& mark, bool flow) {
    uint32_t index = Add(map ? Type::kMap : Type::kSequence, TagKind::kPlain, mark);
    nodes_[index].flow = flow;
    open_.emplace_back(index, pending_.size());
  }
  // Closes the innermost open collection.
  void Close();

  // Reports the document to an event handler as yaml-cpp's parser would have (the subset
  // reader's events: no anchors, aliases or explicit tags).
  void Replay(YAML::EventHandler& handler) const;

 private:
  friend class Node;
  friend class NodeIterator;
  enum class Type : uint8_t { kNull, kScalar, kSequence, kMap };
  enum class TagKind : uint8_t { kNone, kPlain, kQuoted };  // "", "?", "!"
  struct Entry {
    Type type = Type::kNull;
    TagKind tag = TagKind::kNone;
    bool flow = false;  // a collection written in flow style
    YAML::Mark mark;
    std::string_view scalar;
    uint32_t kids_begin = 0;  // into kids_: a sequence's items, a mapping's keys and values in turn
    uint32_t kids_count = 0;
  };

  uint32_t Add(Type type, TagKind tag, const YAML::Mark& mark) {
    size_t depth = open_.size() + 1;
    if (depth > summary_.deepest) summary_.deepest = depth;
    Entry& entry = nodes_.emplace_back();
    entry.type = type;
    entry.tag = tag;
    entry.mark = mark;
    return static_cast<uint32_t>(nodes_.size() - 1);
  }
  // A finished node: an item or a key or value of the innermost open collection.
  void Finished(uint32_t index) {
    if (!open_.empty()) pending_.push_back(index);
  }
  // Notes a mapping's key that is not a scalar, or repeated, in the summary.
  void CheckKeys(const uint32_t* kids, size_t count);
  void ReplayNode(uint32_t index, YAML::EventHandler& handler, std::string& value) const;
  uint32_t Copy(const YAML::Node& node, std::unordered_map<const void*, uint32_t>& copied);

  std::vector<Entry> nodes_;
  std::vector<uint32_t> kids_;
  std::vector<std::pair<uint32_t, size_t>> open_;  // open collections and where their kids start in pending_
  std::vector<uint32_t> pending_;                  // finished kids of the open collections
  std::vector<std::unique_ptr<std::string>> owned_;  // scalars not in the text read (never moved)
  Summary summary_;
  bool marks_are_offsets_ = false;  // see MarksAreOffsets
};

// Node's and NodeIterator's answers, inline: the loader asks them of every key and cell.
inline bool Node::IsNull() const { return !undefined_ && (tree_ == nullptr || tree_->nodes_[index_].type == Tree::Type::kNull); }
inline bool Node::IsScalar() const { return tree_ != nullptr && tree_->nodes_[index_].type == Tree::Type::kScalar; }
inline bool Node::IsSequence() const { return tree_ != nullptr && tree_->nodes_[index_].type == Tree::Type::kSequence; }
inline bool Node::IsMap() const { return tree_ != nullptr && tree_->nodes_[index_].type == Tree::Type::kMap; }

inline std::string_view Node::Scalar() const {
  if (tree_ == nullptr) return {};
  return tree_->nodes_[index_].scalar;  // empty but for a scalar
}

inline YAML::Mark Node::Mark() const { return tree_ == nullptr ? YAML::Mark::null_mark() : tree_->nodes_[index_].mark; }

inline int64_t Node::Offset() const {
  if (tree_ == nullptr || !tree_->marks_are_offsets_) return -1;
  return tree_->nodes_[index_].mark.pos;
}

inline size_t Node::size() const {
  if (tree_ == nullptr) return 0;
  const Tree::Entry& entry = tree_->nodes_[index_];
  if (entry.type == Tree::Type::kMap) return entry.kids_count / 2;
  return entry.type == Tree::Type::kSequence ? entry.kids_count : 0;
}

inline NodeIterator Node::begin() const {
  if (tree_ == nullptr) return NodeIterator(nullptr, 0, 1);
  const Tree::Entry& entry = tree_->nodes_[index_];
  return NodeIterator(tree_, entry.kids_begin, entry.type == Tree::Type::kMap ? 2 : 1);
}

inline NodeIterator Node::end() const {
  if (tree_ == nullptr) return NodeIterator(nullptr, 0, 1);
  const Tree::Entry& entry = tree_->nodes_[index_];
  bool collection = entry.type == Tree::Type::kMap || entry.type == Tree::Type::kSequence;
  return NodeIterator(tree_, entry.kids_begin + (collection ? entry.kids_count : 0), 1);
}

inline NodeEntry NodeIterator::operator*() const {
  NodeEntry entry;
  if (step_ == 2) {
    entry.undefined_ = true;  // a mapping's entry is its two nodes, not one
    entry.first = Node(tree_, tree_->kids_[position_]);
    entry.second = Node(tree_, tree_->kids_[position_ + 1]);
  } else {
    static_cast<Node&>(entry) = Node(tree_, tree_->kids_[position_]);
    entry.first = Node::Undefined();
    entry.second = Node::Undefined();
  }
  return entry;
}

}  // namespace rulecraft::yaml
