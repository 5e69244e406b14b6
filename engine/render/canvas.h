// What every layer of a picture draws on: where the map's squares lie, the document, the legend.
#pragma once

#include <cstdint>

#include "model/scenario.h"
#include "render/legend.h"
#include "render/svg_writer.h"
#include "ruleset/ruleset.h"

namespace rulecraft::render {

// Where the squares lie: a margin for the coordinates, then `kSquarePx` pixels per square.
// Positions are in squares; whole numbers are the corners between squares.
struct MapFrame {
  static constexpr double kSquarePx = 40;
  static constexpr double kMarginPx = 24;

  int32_t columns = 0;
  int32_t rows = 0;

  // The picture's x of a position `x` squares from the map's left edge.
  double Left(double x) const { return kMarginPx + x * kSquarePx; }
  // The picture's y of a position `y` squares from the map's top edge.
  double Top(double y) const { return kMarginPx + y * kSquarePx; }
  // The picture's x of the middle of an area.
  double MiddleX(const model::Area& area) const { return Left(area.at.x + area.width / 2.0); }
  // The picture's y of the middle of an area.
  double MiddleY(const model::Area& area) const { return Top(area.at.y + area.height / 2.0); }
  // Right edge of the map in the picture, margin included.
  double Right() const { return Left(columns) + kMarginPx; }
  // Bottom edge of the map in the picture, margin included.
  double Bottom() const { return Top(rows) + kMarginPx; }
};

// The layers' shared state while one picture is drawn.
struct Canvas {
  const model::Scenario& scenario;
  const ruleset::Ruleset& rules;
  MapFrame frame;
  SvgWriter& svg;
  Legend& legend;
};

}  // namespace rulecraft::render
