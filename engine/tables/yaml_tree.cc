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

const std::string kTags[] = {"", "?", "!"};

}  // namespace

const std::string& Node::Tag() const {
  if (tree_ == nullptr) return kTags[0];
  return kTags[static_cast<size_t>(tree_->nodes_[index_].tag)];
}

void Tree::Close() {
  auto [index, from] = open_.back();
  open_.pop_back();
  Entry& entry = nodes_[index];
  entry.kids_begin = static_cast<uint32_t>(kids_.size());
  entry.kids_count = static_cast<uint32_t>(pending_.size() - from);
  kids_.insert(kids_.end(), pending_.begin() + static_cast<std::ptrdiff_t>(from), pending_.end());
  pending_.resize(from);
  if (entry.type == Type::kMap) CheckKeys(kids_.data() + entry.kids_begin, entry.kids_count);
  Finished(index);
}

void Tree::CheckKeys(const uint32_t* kids, size_t count) {
  constexpr size_t kFewKeys = 16;  // compared pairwise; more are sorted
  std::string_view few[kFewKeys];
  std::vector<std::string_view> many;
  std::string_view* keys = few;
  if (count / 2 > kFewKeys) {
    many.resize(count / 2);
    keys = many.data();
  }
  size_t scalars = 0;
  for (size_t kid = 0; kid < count; kid += 2) {
    const Entry& key = nodes_[kids[kid]];
    if (key.type != Type::kScalar) {
      summary_.non_scalar_key = true;
      continue;
    }
    keys[scalars++] = key.scalar;
  }
  if (summary_.repeated_key) return;
  if (scalars <= kFewKeys) {
    for (size_t i = 1; i < scalars; ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (keys[i].size() == keys[j].size() && keys[i] == keys[j]) summary_.repeated_key = true;
      }
    }
    return;
  }
  std::sort(keys, keys + scalars);
  if (std::adjacent_find(keys, keys + scalars) != keys + scalars) summary_.repeated_key = true;
}

void Tree::Replay(YAML::EventHandler& handler) const {
  if (nodes_.empty()) return;
  handler.OnDocumentStart(nodes_[0].mark);
  std::string value;  // each scalar's text in turn, in one buffer
  ReplayNode(0, handler, value);
  handler.OnDocumentEnd();
}

void Tree::ReplayNode(uint32_t index, YAML::EventHandler& handler, std::string& value) const {
  const Entry& entry = nodes_[index];
  YAML::EmitterStyle::value style = entry.flow ? YAML::EmitterStyle::Flow : YAML::EmitterStyle::Block;
  switch (entry.type) {
    case Type::kNull:
      handler.OnNull(entry.mark, YAML::NullAnchor);
      return;
    case Type::kScalar:
      value.assign(entry.scalar);
      handler.OnScalar(entry.mark, kTags[static_cast<size_t>(entry.tag)], YAML::NullAnchor, value);
      return;
    case Type::kSequence:
      handler.OnSequenceStart(entry.mark, "?", YAML::NullAnchor, style);
      break;
    case Type::kMap:
      handler.OnMapStart(entry.mark, "?", YAML::NullAnchor, style);
      break;
  }
  for (uint32_t kid = 0; kid < entry.kids_count; ++kid) ReplayNode(kids_[entry.kids_begin + kid], handler, value);
  if (entry.type == Type::kSequence) {
    handler.OnSequenceEnd();
  } else {
    handler.OnMapEnd();
  }
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
  if (type == Type::kScalar) {
    nodes_[index].scalar = *owned_.emplace_back(std::make_unique<std::string>(node.Scalar()));
  }
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
