// The map itself: terrain painted by the ruleset's terrain table, the grid, its coordinates and
// the barriers on edges.
#pragma once

#include "render/canvas.h"

namespace rulecraft::render {

// Paints every square by its terrain row's colour (render/palette.h), draws the grid and the
// column and row numbers, and names each terrain kind of the map in the legend.
void DrawTerrain(Canvas& canvas);

// Draws each barrier of the map's `edges:` as a thick line along its edge, in its terrain's
// colour, and names its kinds in the legend.
void DrawBarriers(Canvas& canvas);

}  // namespace rulecraft::render
