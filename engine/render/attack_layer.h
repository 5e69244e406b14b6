// An `attack` answer drawn: the lines of cover from the attacker's chosen corner to the corners
// of the defender's chosen square, each coloured by what it meets, and the flanking lines.
#pragma once

#include "render/query_layer.h"

namespace rulecraft::render {

// Draws an attack answer from its `cover_lines` and `flankers`.
class AttackLayer : public QueryLayer {
 public:
  // Keeps `answer`, which must outlive the layer.
  explicit AttackLayer(const nlohmann::json& answer) : answer_(answer) {}
  // Outlines the defender's chosen square.
  void DrawAreas(Canvas& canvas) const override;
  // Draws the four lines of cover, the flanking lines and the attack's numbers in the legend.
  void DrawMarks(Canvas& canvas) const override;

 private:
  const nlohmann::json& answer_;
};

}  // namespace rulecraft::render
