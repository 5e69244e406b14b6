// Expression nodes cut from blocks (dsl/ast/node_blocks.h, issue 15): every node keeps its own
// storage and values whatever order nodes are freed in, across many blocks, and when a node is
// freed by another thread than the one that made it, before or after that thread ends.
#include "dsl/ast/node_blocks.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "dsl/ast/ast.h"

namespace rulecraft::ast {
namespace {

// `count` nodes, the i-th holding i in its number and text.
std::vector<ExprPtr> MakeNodes(size_t count) {
  std::vector<ExprPtr> nodes;
  for (size_t i = 0; i < count; ++i) {
    auto node = std::make_unique<Expr>();
    node->number = static_cast<double>(i);
    node->text = "node number " + std::to_string(i) + " of the test";
    nodes.push_back(std::move(node));
  }
  return nodes;
}

// Whether each node still holds what MakeNodes put in it (null nodes skipped).
bool Intact(const std::vector<ExprPtr>& nodes) {
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (!nodes[i]) continue;
    if (nodes[i]->number != static_cast<double>(i)) return false;
    if (nodes[i]->text != "node number " + std::to_string(i) + " of the test") return false;
  }
  return true;
}

TEST(NodeBlocks, NodesAreDistinctAlignedAndKeepTheirValues) {
  std::vector<ExprPtr> nodes = MakeNodes(5000);  // many blocks' worth
  std::set<const Expr*> addresses;
  for (const ExprPtr& node : nodes) {
    addresses.insert(node.get());
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(node.get()) % alignof(Expr), 0u);
  }
  EXPECT_EQ(addresses.size(), nodes.size());
  for (auto it = addresses.begin(); std::next(it) != addresses.end(); ++it) {
    ASSERT_GE(reinterpret_cast<const char*>(*std::next(it)) - reinterpret_cast<const char*>(*it),
              static_cast<std::ptrdiff_t>(sizeof(Expr)));
  }
  EXPECT_TRUE(Intact(nodes));
}

TEST(NodeBlocks, FreedInAnyOrderWhileOthersAreMade) {
  std::mt19937 random(15);
  std::vector<ExprPtr> nodes = MakeNodes(3000);
  std::vector<size_t> order(nodes.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), random);
  for (size_t k = 0; k < order.size() / 2; ++k) nodes[order[k]].reset();
  std::vector<ExprPtr> more = MakeNodes(3000);
  EXPECT_TRUE(Intact(nodes));
  EXPECT_TRUE(Intact(more));
  for (size_t k = order.size() / 2; k < order.size(); ++k) nodes[order[k]].reset();
  EXPECT_TRUE(Intact(more));
  EXPECT_EQ(std::count(nodes.begin(), nodes.end(), nullptr), static_cast<std::ptrdiff_t>(nodes.size()));
}

TEST(NodeBlocks, FreedByAnotherThreadBeforeOrAfterItsMakerEnds) {
  std::vector<ExprPtr> made_elsewhere;
  std::thread maker([&] { made_elsewhere = MakeNodes(2000); });
  maker.join();  // its last block is still in use after it ends
  EXPECT_TRUE(Intact(made_elsewhere));

  std::vector<ExprPtr> made_here = MakeNodes(2000);
  std::thread freer([&] {
    made_here.clear();
    made_elsewhere.resize(1000);
  });
  freer.join();
  EXPECT_TRUE(made_here.empty());
  EXPECT_TRUE(Intact(made_elsewhere));
  made_elsewhere.clear();

  // Two threads making and freeing at once.
  auto churn = [] {
    for (int round = 0; round < 20; ++round) {
      std::vector<ExprPtr> nodes = MakeNodes(500);
      if (!Intact(nodes)) return false;
    }
    return true;
  };
  bool other_ok = false;
  std::thread other([&] { other_ok = churn(); });
  bool here_ok = churn();
  other.join();
  EXPECT_TRUE(other_ok);
  EXPECT_TRUE(here_ok);
}

TEST(NodeBlocks, AllocateNodeTakesAnySizeUpToTheLargest) {
  std::vector<void*> storage;
  for (size_t size : {size_t{1}, size_t{8}, size_t{17}, sizeof(Expr), kMaxNodeBytes}) {
    void* node = AllocateNode(size);
    ASSERT_NE(node, nullptr);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(node) % alignof(std::max_align_t), 0u) << size;
    std::fill_n(static_cast<unsigned char*>(node), size, static_cast<unsigned char>(size));
    storage.push_back(node);
  }
  EXPECT_EQ(static_cast<unsigned char*>(storage[3])[sizeof(Expr) - 1], static_cast<unsigned char>(sizeof(Expr)));
  EXPECT_EQ(static_cast<unsigned char*>(storage[1])[7], 8);
  for (void* node : storage) FreeNode(node);
  FreeNode(nullptr);
}

}  // namespace
}  // namespace rulecraft::ast
