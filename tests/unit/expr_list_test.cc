// A node's child list (dsl/ast/expr_list.h, issue 15): entries kept in order through growth past
// the node blocks' largest size, null entries, clear, and a node taking the place of its own child
// (fold_constants' Become), which moves the child's list into the node that owned the child.
#include "dsl/ast/expr_list.h"

#include <memory>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "dsl/ast/ast.h"

namespace rulecraft::ast {
namespace {

ExprPtr Leaf(double number) {
  auto node = std::make_unique<Expr>();
  node->number = number;
  node->text = "a leaf with a text longer than a short string holds";
  return node;
}

TEST(ExprList, KeepsEntriesInOrderAsItGrowsPastTheBlockSize) {
  ExprList list;
  EXPECT_TRUE(list.empty());
  for (int i = 0; i < 1000; ++i) list.push_back(i % 7 == 3 ? nullptr : Leaf(i));
  ASSERT_EQ(list.size(), 1000u);
  EXPECT_FALSE(list.empty());
  for (int i = 0; i < 1000; ++i) {
    if (i % 7 == 3) {
      EXPECT_TRUE(list[static_cast<size_t>(i)] == nullptr);
    } else {
      ASSERT_TRUE(list[static_cast<size_t>(i)] != nullptr);
      EXPECT_EQ(list[static_cast<size_t>(i)]->number, i);
    }
  }
  int seen = 0;
  for (const ExprPtr& entry : list) seen += entry ? 1 : 0;
  EXPECT_EQ(seen, 1000 - 143);
  list.clear();
  EXPECT_EQ(list.size(), 0u);
  list.push_back(Leaf(5));
  EXPECT_EQ(list[0]->number, 5);
}

TEST(ExprList, ReservedRoomIsFilledInPlace) {
  ExprList list;
  list.reserve(3);
  list.push_back(Leaf(1));
  const ExprPtr* first = &list[0];
  list.push_back(Leaf(2));
  list.push_back(Leaf(3));
  EXPECT_EQ(&list[0], first);
  EXPECT_EQ(list[2]->number, 3);
}

TEST(ExprList, MovedListsKeepTheirEntries) {
  ExprList a;
  a.push_back(Leaf(1));
  a.push_back(Leaf(2));
  ExprList b(std::move(a));
  EXPECT_TRUE(a.empty());  // NOLINT(bugprone-use-after-move): a moved-from list is empty
  ASSERT_EQ(b.size(), 2u);
  ExprList c;
  c.push_back(Leaf(9));
  c = std::move(b);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[1]->number, 2);
}

TEST(ExprList, ANodeTakesThePlaceOfItsOwnChild) {
  // (- (+ 1 2) 3) becomes (+ 1 2): the child's operands move into the node that held the child.
  auto child = std::make_unique<Expr>();
  child->text = "+";
  child->operands.push_back(Leaf(1));
  child->operands.push_back(Leaf(2));
  Expr node;
  node.text = "-";
  node.operands.push_back(std::move(child));
  node.operands.push_back(Leaf(3));
  ExprPtr replacement = std::move(node.operands[0]);
  node = std::move(*replacement);
  EXPECT_EQ(node.text, "+");
  ASSERT_EQ(node.operands.size(), 2u);
  EXPECT_EQ(node.operands[0]->number, 1);
  EXPECT_EQ(node.operands[1]->number, 2);
  EXPECT_TRUE(replacement->operands.empty());
}

}  // namespace
}  // namespace rulecraft::ast
