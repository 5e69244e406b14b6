// How a line of attack meets a barrier between two squares (combat/barrier_contact), worked by
// hand: corners are grid points, a barrier is a unit segment of a grid line.
#include <gtest/gtest.h>

#include "combat/barrier_contact.h"

namespace rulecraft::combat {
namespace {

// A barrier on the grid line x = 3, from y = 1 to y = 2 (between squares (2,1) and (3,1)).
constexpr Corner kP{3, 1}, kQ{3, 2};
// Inside points far west and far east of it: the spaces a line's ends belong to.
constexpr Inside kWest{0.5, 1.5}, kEast{6.5, 1.5};

TEST(BarrierContact, CrossingItsInsideIsInside) {
  EXPECT_EQ(BarrierContact({0, 1}, {6, 2}, kP, kQ, kWest, kEast), Contact::kInside);  // y = 1.5 at x = 3
}

TEST(BarrierContact, ThroughItsEndIsBorder) {
  EXPECT_EQ(BarrierContact({1, 0}, {5, 2}, kP, kQ, kWest, kEast), Contact::kBorder);  // (3, 1) exactly
}

TEST(BarrierContact, PassingBesideItIsNone) {
  EXPECT_EQ(BarrierContact({0, 4}, {6, 3}, kP, kQ, kWest, kEast), Contact::kNone);
  EXPECT_EQ(BarrierContact({0, 0}, {2, 3}, kP, kQ, kWest, kEast), Contact::kNone);  // ends before x = 3
}

TEST(BarrierContact, AlongItIsBorder) {
  EXPECT_EQ(BarrierContact({3, 0}, {3, 5}, kP, kQ, kWest, kEast), Contact::kBorder);
  EXPECT_EQ(BarrierContact({3, 2}, {3, 5}, kP, kQ, kWest, kEast), Contact::kNone);  // shares only a point
}

TEST(BarrierContact, AnEndOnItCrossesWhenItsSpaceIsBehind) {
  // A barrier from (3, 0) to (3, 2), so that corner (3, 1) lies inside it.
  Corner p{3, 0}, q{3, 2};
  EXPECT_EQ(BarrierContact({3, 1}, {6, 2}, p, q, kWest, kEast), Contact::kInside);   // standing west of it
  EXPECT_EQ(BarrierContact({3, 1}, {6, 2}, p, q, kEast, kEast), Contact::kNone);     // its space is east
  EXPECT_EQ(BarrierContact({0, 1}, {3, 1}, p, q, kWest, kEast), Contact::kInside);   // the target's corner on it
  EXPECT_EQ(BarrierContact({3, 0}, {6, 2}, p, q, kWest, kEast), Contact::kBorder);   // on its end
}

TEST(CrossesAt, TransversalCrossingsOnly) {
  EXPECT_TRUE(CrossesAt({0, 0}, {6, 4}, {3, 2}, true));
  EXPECT_FALSE(CrossesAt({0, 0}, {6, 4}, {3, 1}, true));   // not on the segment
  EXPECT_FALSE(CrossesAt({3, 0}, {3, 4}, {3, 2}, true));   // along the line
  EXPECT_FALSE(CrossesAt({0, 0}, {3, 2}, {3, 2}, true));   // its own end
}

}  // namespace
}  // namespace rulecraft::combat
