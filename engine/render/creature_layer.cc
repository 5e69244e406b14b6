#include "render/creature_layer.h"

#include <algorithm>
#include <vector>

#include "render/palette.h"

namespace rulecraft::render {
namespace {

constexpr double kNamePx = 12;
constexpr double kSmallestNamePx = 7;
constexpr double kCharacterWidth = 0.6;  // of a bold sans-serif character, in ems
constexpr double kInsetPx = 3;  // a footprint is drawn this far inside its squares

// The scenario's sides in the order they first appear.
std::vector<std::string> Sides(const model::Scenario& scenario) {
  std::vector<std::string> sides;
  for (const model::Creature& creature : scenario.creatures) {
    if (std::find(sides.begin(), sides.end(), creature.side) == sides.end()) sides.push_back(creature.side);
  }
  return sides;
}

void DrawCreature(Canvas& canvas, const model::Creature& creature) {
  const MapFrame& frame = canvas.frame;
  model::Area area = creature.Occupied();
  std::string colour = ColourOfSide(canvas.scenario, creature.side);
  double width = area.width * MapFrame::kSquarePx - 2 * kInsetPx;
  canvas.svg.Empty("rect", {{"x", Px(frame.Left(area.at.x) + kInsetPx)}, {"y", Px(frame.Top(area.at.y) + kInsetPx)},
                            {"width", Px(width)}, {"height", Px(area.height * MapFrame::kSquarePx - 2 * kInsetPx)},
                            {"rx", "6"}, {"fill", colour}, {"fill-opacity", "0.45"}, {"stroke", colour},
                            {"stroke-width", "2"}});
  // A long name shrinks to fit its footprint, down to a size still readable.
  double fit = width / (kCharacterWidth * static_cast<double>(std::max<size_t>(creature.id.size(), 1)));
  double font_px = std::clamp(fit, kSmallestNamePx, kNamePx);
  Attributes name = {{"x", Px(frame.MiddleX(area))}, {"y", Px(frame.MiddleY(area) + font_px / 3)}};
  if (font_px < kNamePx) name.emplace_back("font-size", Px(font_px));
  canvas.svg.WithText("text", name, creature.id);
}

}  // namespace

std::string ColourOfSide(const model::Scenario& scenario, const std::string& side) {
  std::vector<std::string> sides = Sides(scenario);
  auto found = std::find(sides.begin(), sides.end(), side);
  return SideColour(static_cast<size_t>(found - sides.begin()));
}

void DrawCreatures(Canvas& canvas) {
  if (canvas.scenario.creatures.empty()) return;
  canvas.svg.Open("g", {{"class", "creatures"}, {"font-size", Px(kNamePx)}, {"font-weight", "bold"},
                        {"fill", kInkColour}, {"text-anchor", "middle"}});
  for (const model::Creature& creature : canvas.scenario.creatures) DrawCreature(canvas, creature);
  canvas.svg.Close();
  canvas.legend.Heading("Sides");
  for (const std::string& side : Sides(canvas.scenario)) {
    canvas.legend.Swatch(ColourOfSide(canvas.scenario, side), side.empty() ? "(no side)" : side, 0.45);
  }
}

}  // namespace rulecraft::render
