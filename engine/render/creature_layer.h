// The creatures on the map: their footprints and names, coloured by side.
#pragma once

#include <string>

#include "render/canvas.h"

namespace rulecraft::render {

// Draws each creature as the squares it occupies (model::Creature::Occupied(): its whole space,
// or the band it is squeezed to) with its id, coloured by its side; names the sides in the legend.
void DrawCreatures(Canvas& canvas);

// The colour of `side` among the scenario's sides, in the order they first appear.
std::string ColourOfSide(const model::Scenario& scenario, const std::string& side);

}  // namespace rulecraft::render
