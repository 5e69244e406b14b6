// A `reach` answer drawn: every reached square shaded by its cost, with the cost written in it.
#pragma once

#include "render/query_layer.h"

namespace rulecraft::render {

// Draws a reach answer from its compact `grid` (docs/scenarios.md, "Reach grids").
class ReachLayer : public QueryLayer {
 public:
  // Keeps `answer`, which must outlive the layer.
  explicit ReachLayer(const nlohmann::json& answer) : answer_(answer) {}
  // Shades each reached square, darker as it costs more, and hatches those it may not end on.
  void DrawAreas(Canvas& canvas) const override;
  // Writes each reached square's cost in squares and the answer's counts in the legend.
  void DrawMarks(Canvas& canvas) const override;

 private:
  const nlohmann::json& answer_;
};

}  // namespace rulecraft::render
