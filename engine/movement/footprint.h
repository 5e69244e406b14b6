// The squares a creature of several squares occupies: its whole side × side space or, while it
// squeezes between obstacles, a narrower band (000 쥐어짜기: "큰 생물이 한 칸 너비인 공간으로
// 쥐어짤 때 … 두 칸을 차지합니다", a Large creature squeezing into a space one square wide
// occupies two squares). A position is always the top-left square the creature occupies.
#pragma once

#include <cstdint>
#include <vector>

namespace rulecraft::movement {

// A rectangle of squares. As a shape its top-left square is the position; as the footprint a
// step moves into, (x, y) is where that top-left square lies from the step's target (the
// position moved by the step's direction).
struct Footprint {
  int32_t x = 0;
  int32_t y = 0;
  int32_t width = 1;
  int32_t height = 1;
  int32_t narrowed = 0;  // squares across while narrower than the space, 0 for the whole space
};

// The whole side × side space.
Footprint WholeSpace(int32_t side);

// The shapes a space may take: the whole space first; with `squeeze`, then every band 1 to
// side − 1 squares across, upright and lying.
std::vector<Footprint> Footprints(int32_t side, bool squeeze);

// One step of a space: its direction (kDirections index), the shape after it (index into the
// shapes) and that shape placed relative to the step's target (Footprint::x, y).
struct SpaceMove {
  int direction = 0;
  int32_t shape = 0;
  Footprint footprint;
};

// Every step a space in shape `from` may take: the whole space moves one square; a space that
// squeezes may also change shape, so that it enters at least one new square and the new squares
// lie within the old ones and the old ones moved by the step, or the old squares within the new
// ones and the new ones moved back (it narrows as it enters a passage, widens as it leaves one,
// turns in a bend, and never jumps across a wall); a band steps straight only along its
// length, so squeezing never gains ground.
std::vector<SpaceMove> MovesFrom(const std::vector<Footprint>& shapes, int32_t from);

}  // namespace rulecraft::movement
