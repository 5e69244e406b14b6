// How a line of attack meets a barrier on the edge between two squares (a map's `edges:`): the
// edge is a unit segment of a grid line; a line between two corners may cross it, touch it
// (through its end, or along it), or miss it. Ends of the line that lie on the barrier cross it
// when the space behind that end is on the far side (an attacker standing against a wall).
#pragma once

#include "combat/line_contact.h"

namespace rulecraft::combat {

// A point strictly inside a space (its centre), which tells on which side of a barrier the
// space stands.
struct Inside {
  double x = 0;
  double y = 0;
};

// How the segment from `from` to `to` meets the barrier from `p` to `q`: kInside when it
// crosses the barrier's inside, kBorder when it passes through the barrier's end or runs along
// it, kNone otherwise. `from_space` and `to_space` are inside the spaces the ends belong to.
Contact BarrierContact(Corner from, Corner to, Corner p, Corner q, Inside from_space, Inside to_space);

// Whether the segment crosses the grid line through `point` transversally at that point, not
// at either of its own ends (two barriers meeting there in a straight line then form one wall
// the line goes through).
bool CrossesAt(Corner from, Corner to, Corner point, bool vertical_line);

}  // namespace rulecraft::combat
