// One query's answer (query::Answer's JSON) drawn on the map.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "render/canvas.h"

namespace rulecraft::render {

// A drawn answer: areas go under the creatures, lines and numbers over them.
class QueryLayer {
 public:
  virtual ~QueryLayer() = default;
  // Shades squares (reached, threatened) before the creatures are drawn.
  virtual void DrawAreas(Canvas& canvas) const;
  // Draws lines, marks and numbers over the creatures and adds the answer's legend entries.
  virtual void DrawMarks(Canvas& canvas) const = 0;
};

// The layer that draws `answer`, by its `kind`; nullptr for a kind with nothing on the map to draw.
std::unique_ptr<QueryLayer> LayerFor(const nlohmann::json& answer);

// The query kinds a layer draws ("attack", "path", …), sorted.
std::vector<std::string> DrawableKinds();

// A square written [x, y] (or [x, y, altitude]) in an answer.
model::Square SquareIn(const nlohmann::json& place);

// A number of an answer as the picture writes it: 10 (also for 10.0), 2.5.
std::string NumberText(const nlohmann::json& number);

// Writes `text` centred at (`x`, `y`) in `colour`, with a pale halo that keeps it readable on
// any terrain.
void DrawLabel(Canvas& canvas, double x, double y, const std::string& text, const std::string& colour,
               double font_px = 10, bool bold = false);

}  // namespace rulecraft::render
