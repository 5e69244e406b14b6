// A `path` or `route` answer drawn: the creature's way square by square, each step's cost and the
// running total, where it stops, and the attacks of opportunity it provokes.
#pragma once

#include "render/query_layer.h"

namespace rulecraft::render {

// Draws a path or route answer from its `steps` and `attacks_of_opportunity`.
class RouteLayer : public QueryLayer {
 public:
  // Keeps `answer`, which must outlive the layer.
  explicit RouteLayer(const nlohmann::json& answer) : answer_(answer) {}
  // Draws the line of steps with their costs, the first illegal step of a route, where the
  // creature ends, each attack of opportunity as a line from the attacker, and the totals.
  void DrawMarks(Canvas& canvas) const override;

 private:
  const nlohmann::json& answer_;
};

}  // namespace rulecraft::render
