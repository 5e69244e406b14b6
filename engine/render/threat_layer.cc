#include "render/threat_layer.h"

#include <fmt/format.h>

#include "render/palette.h"

namespace rulecraft::render {
namespace {

constexpr double kShade = 0.4;

}  // namespace

void ThreatLayer::DrawAreas(Canvas& canvas) const {
  const MapFrame& frame = canvas.frame;
  const nlohmann::json& overlay = answer_.at("overlay");
  canvas.svg.Open("g", {{"class", "threatened"}, {"fill", kThreatColour}, {"fill-opacity", Px(kShade)},
                        {"shape-rendering", "crispEdges"}});
  for (size_t row = 0; row < overlay.size(); ++row) {
    const std::string& line = overlay[row].get_ref<const std::string&>();
    for (size_t column = 0; column < line.size(); ++column) {
      if (line[column] != 'T' && line[column] != '@') continue;
      canvas.svg.Empty("rect", {{"x", Px(frame.Left(static_cast<double>(column)))},
                                {"y", Px(frame.Top(static_cast<double>(row)))},
                                {"width", Px(MapFrame::kSquarePx)}, {"height", Px(MapFrame::kSquarePx)}});
    }
  }
  canvas.svg.Close();
}

void ThreatLayer::DrawMarks(Canvas& canvas) const {
  Legend& legend = canvas.legend;
  legend.Heading("threatened " + answer_.value("id", "") + ": " + answer_.value("creature", ""));
  legend.Swatch(kThreatColour, "threatened (" + NumberText(answer_.at("threatened")) + " squares)", kShade);
  if (answer_.value("reach_weapon", false)) legend.Note("with a reach weapon");
  if (!answer_.contains("square") || !answer_.contains("threatens")) return;
  model::Square square = SquareIn(answer_.at("square"));
  const MapFrame& frame = canvas.frame;
  canvas.svg.Empty("circle", {{"cx", Px(frame.Left(square.x + 0.5))}, {"cy", Px(frame.Top(square.y + 0.5))},
                              {"r", Px(MapFrame::kSquarePx * 0.4)}, {"fill", "none"}, {"stroke", kInkColour},
                              {"stroke-width", "2.5"}});
  legend.Note(fmt::format("square [{}, {}] (ringed): {}", square.x, square.y,
                          answer_.at("threatens").get<bool>() ? "threatened" : "not threatened"));
}

}  // namespace rulecraft::render
