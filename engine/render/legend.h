// The legend beside the map: what each colour, line and number of the picture means.
#pragma once

#include <string>
#include <vector>

#include "render/svg_writer.h"

namespace rulecraft::render {

// The legend's entries in the order added; drawn once every layer has added its own.
class Legend {
 public:
  // A bold line naming what follows ("Terrain", "reach valeros_move").
  void Heading(std::string text);
  // A filled square of `colour` (at `opacity`) and what it means.
  void Swatch(std::string colour, std::string label, double opacity = 1);
  // A short line of `colour`, dashed or not, and what it means.
  void Line(std::string colour, std::string label, bool dashed = false);
  // A line of plain text (a total, a count, why an attack is impossible).
  void Note(std::string text);

  // The width the legend takes, in pixels: room for its longest line.
  double Width() const;
  // The height the legend takes, in pixels.
  double Height() const;
  // Draws the legend with its top-left corner at (`left`, `top`).
  void Draw(SvgWriter& svg, double left, double top) const;

 private:
  enum class Mark { kHeading, kSwatch, kLine, kDashedLine, kNote };
  struct Entry {
    Mark mark;
    std::string colour;
    std::string label;
    double opacity = 1;
  };
  std::vector<Entry> entries_;
};

}  // namespace rulecraft::render
