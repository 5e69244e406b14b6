// A `threatened` answer drawn: the squares a creature threatens.
#pragma once

#include "render/query_layer.h"

namespace rulecraft::render {

// Draws a threatened answer from its `overlay` (T threatened, @ its own space threatened).
class ThreatLayer : public QueryLayer {
 public:
  // Keeps `answer`, which must outlive the layer.
  explicit ThreatLayer(const nlohmann::json& answer) : answer_(answer) {}
  // Shades every threatened square.
  void DrawAreas(Canvas& canvas) const override;
  // Rings the square the query asked about, if any, and adds the counts to the legend.
  void DrawMarks(Canvas& canvas) const override;

 private:
  const nlohmann::json& answer_;
};

}  // namespace rulecraft::render
