#include "tables/yaml_tree.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include <yaml-cpp/yaml.h>

// The identity of a yaml-cpp node (the detail::node its aliases share): yaml-cpp makes every
// as_if a friend of Node, and this one, for our own tag type, reads it.
namespace rulecraft::yaml {
struct TreeIdentity {};
}  // namespace rulecraft::yaml
template <>
struct YAML::as_if<rulecraft::yaml::TreeIdentity, rulecraft::yaml::TreeIdentity> {
  static const void* Of(const YAML::Node& node) { return node.m_pNode; }
};

namespace rulecraft::yaml {
namespace {

const std::string kNoText;
const std::string kTags[] = {"", "?", "!"};

}  // namespace

bool Node::IsNull() const { return !undefined_ && (tree_ == nullptr || tree_->nodes_[index_].type == Tree::Type::kNull); }
bool Node::IsScalar() const { return tree_ != nullptr && tree_->nodes_[index_].type == Tree::Type::kScalar; }
bool Node::IsSequence() const { return tree_ != nullptr && tree_->nodes_[index_].type == Tree::Type::kSequence; }
bool Node::IsMap() const { return tree_ != nullptr && tree_->nodes_[index_].type == Tree::Type::kMap; }

const std::string& Node::Scalar() const {
  if (tree_ == nullptr) return kNoText;
  return tree_->nodes_[index_].scalar;  // empty but for a scalar
}

const std::string& Node::Tag() const {
  if (tree_ == nullptr) return kTags[0];
  return kTags[static_cast<size_t>(tree_->nodes_[index_].tag)];
}

YAML::Mark Node::Mark() const { return tree_ == nullptr ? YAML::Mark::null_mark() : tree_->nodes_[index_].mark; }

size_t Node::size() const {
  if (tree_ == nullptr) return 0;
  const Tree::Entry& entry = tree_->nodes_[index_];
  if (entry.type == Tree::Type::kMap) return entry.kids_count / 2;
  return entry.type == Tree::Type::kSequence ? entry.kids_count : 0;
}

NodeIterator Node::begin() const {
  if (tree_ == nullptr) return NodeIterator(nullptr, 0, 1);
  const Tree::Entry& entry = tree_->nodes_[index_];
  return NodeIterator(tree_, entry.kids_begin, entry.type == Tree::Type::kMap ? 2 : 1);
}

NodeIterator Node::end() const {
  if (tree_ == nullptr) return NodeIterator(nullptr, 0, 1);
  const Tree::Entry& entry = tree_->nodes_[index_];
  bool collection = entry.type == Tree::Type::kMap || entry.type == Tree::Type::kSequence;
  return NodeIterator(tree_, entry.kids_begin + (collection ? entry.kids_count : 0), 1);
}

NodeEntry NodeIterator::operator*() const {
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

uint32_t Tree::Add(Type type, TagKind tag, const YAML::Mark& mark) {
  Entry& entry = nodes_.emplace_back();
  entry.type = type;
  entry.tag = tag;
  entry.mark = mark;
  return static_cast<uint32_t>(nodes_.size() - 1);
}

void Tree::Finished(uint32_t index) {
  if (!open_.empty()) pending_.push_back(index);
}

void Tree::Close() {
  auto [index, from] = open_.back();
  open_.pop_back();
  Entry& entry = nodes_[index];
  entry.kids_begin = static_cast<uint32_t>(kids_.size());
  entry.kids_count = static_cast<uint32_t>(pending_.size() - from);
  kids_.insert(kids_.end(), pending_.begin() + static_cast<std::ptrdiff_t>(from), pending_.end());
  pending_.resize(from);
  Finished(index);
}

void Tree::OnNull(const YAML::Mark& mark, YAML::anchor_t) { Finished(Add(Type::kNull, TagKind::kNone, mark)); }

void Tree::OnAlias(const YAML::Mark& mark, YAML::anchor_t) {
  // The subset reader reports no aliases; a null keeps the tree whole if one ever came.
  Finished(Add(Type::kNull, TagKind::kNone, mark));
}

void Tree::OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t, const std::string& value) {
  uint32_t index = Add(Type::kScalar, tag == "!" ? TagKind::kQuoted : TagKind::kPlain, mark);
  nodes_[index].scalar = value;
  Finished(index);
}

void Tree::OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) {
  open_.emplace_back(Add(Type::kSequence, TagKind::kPlain, mark), pending_.size());
}

void Tree::OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) {
  open_.emplace_back(Add(Type::kMap, TagKind::kPlain, mark), pending_.size());
}

Tree::Summary Tree::Summarize() const {
  Summary summary;
  summary.nodes = nodes_.size();
  std::vector<uint32_t> depth(nodes_.size(), 1);  // every kid's index is past its collection's
  std::vector<std::string_view> keys;
  for (size_t index = 0; index < nodes_.size(); ++index) {
    const Entry& entry = nodes_[index];
    summary.deepest = std::max<size_t>(summary.deepest, depth[index]);
    if (entry.type == Type::kScalar) summary.longest_scalar = std::max(summary.longest_scalar, entry.scalar.size());
    for (uint32_t kid = 0; kid < entry.kids_count; ++kid) depth[kids_[entry.kids_begin + kid]] = depth[index] + 1;
    if (entry.type != Type::kMap) continue;
    keys.clear();
    for (uint32_t kid = 0; kid < entry.kids_count; kid += 2) {
      const Entry& key = nodes_[kids_[entry.kids_begin + kid]];
      if (key.type != Type::kScalar) {
        summary.non_scalar_key = true;
        continue;
      }
      keys.push_back(key.scalar);
    }
    std::sort(keys.begin(), keys.end());
    if (std::adjacent_find(keys.begin(), keys.end()) != keys.end()) summary.repeated_key = true;
  }
  return summary;
}

Tree Tree::FromYamlCpp(const YAML::Node& document) {
  Tree tree;
  std::unordered_map<const void*, uint32_t> copied;
  if (document.IsDefined()) tree.Copy(document, copied);
  return tree;
}

uint32_t Tree::Copy(const YAML::Node& node, std::unordered_map<const void*, uint32_t>& copied) {
  const void* identity = YAML::as_if<TreeIdentity, TreeIdentity>::Of(node);
  if (identity != nullptr) {
    if (auto seen = copied.find(identity); seen != copied.end()) return seen->second;
  }
  // Documents reach here checked (CheckDocument): their tags are "", "?" or "!".
  const std::string& tag = node.Tag();
  TagKind kind = tag.empty() ? TagKind::kNone : tag == "!" ? TagKind::kQuoted : TagKind::kPlain;
  Type type = node.IsScalar() ? Type::kScalar : node.IsSequence() ? Type::kSequence : node.IsMap() ? Type::kMap : Type::kNull;
  uint32_t index = Add(type, kind, node.Mark());
  if (identity != nullptr) copied.emplace(identity, index);
  if (type == Type::kScalar) nodes_[index].scalar = node.Scalar();
  if (type != Type::kSequence && type != Type::kMap) return index;
  std::vector<uint32_t> kids;
  for (const auto& item : node) {
    if (type == Type::kMap) {
      kids.push_back(Copy(item.first, copied));
      kids.push_back(Copy(item.second, copied));
    } else {
      kids.push_back(Copy(item, copied));
    }
  }
  nodes_[index].kids_begin = static_cast<uint32_t>(kids_.size());
  nodes_[index].kids_count = static_cast<uint32_t>(kids.size());
  kids_.insert(kids_.end(), kids.begin(), kids.end());
  return index;
}

}  // namespace rulecraft::yaml
