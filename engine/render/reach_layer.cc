#include "render/reach_layer.h"

#include <algorithm>
#include <functional>

#include "render/palette.h"

namespace rulecraft::render {
namespace {

constexpr double kLightest = 0.12;  // opacity of the cheapest square's shade
constexpr double kDarkest = 0.6;    // opacity of the dearest square's shade
constexpr const char* kPassOnlyPattern = "pass-only";

// Calls `visit(square, cost, may_end)` for each reached square of a reach answer's grid.
void ForEachReached(const nlohmann::json& grid,
                    const std::function<void(model::Square, const nlohmann::json&, bool)>& visit) {
  model::Square origin = SquareIn(grid.at("origin"));
  const nlohmann::json& costs = grid.at("cost");
  const nlohmann::json& may_end = grid.at("may_end");
  for (size_t row = 0; row < costs.size(); ++row) {
    for (size_t column = 0; column < costs[row].size(); ++column) {
      const nlohmann::json& cost = costs[row][column];
      if (cost.is_null()) continue;
      visit({origin.x + static_cast<int32_t>(column), origin.y + static_cast<int32_t>(row)}, cost,
            may_end[row].get<std::string>()[column] == '1');
    }
  }
}

double HighestCost(const nlohmann::json& grid) {
  double highest = 0;
  ForEachReached(grid, [&](model::Square, const nlohmann::json& cost, bool) {
    highest = std::max(highest, cost.get<double>());
  });
  return highest;
}

// Diagonal hatching for squares the move may pass but not end on.
void DefinePassOnlyPattern(SvgWriter& svg) {
  svg.Open("defs");
  svg.Open("pattern", {{"id", kPassOnlyPattern}, {"width", "6"}, {"height", "6"},
                       {"patternUnits", "userSpaceOnUse"}, {"patternTransform", "rotate(45)"}});
  svg.Empty("line", {{"x1", "0"}, {"y1", "0"}, {"x2", "0"}, {"y2", "6"}, {"stroke", kInkColour},
                     {"stroke-width", "1.5"}, {"stroke-opacity", "0.6"}});
  svg.Close();
  svg.Close();
}

}  // namespace

void ReachLayer::DrawAreas(Canvas& canvas) const {
  const nlohmann::json& grid = answer_.at("grid");
  double highest = HighestCost(grid);
  const MapFrame& frame = canvas.frame;
  DefinePassOnlyPattern(canvas.svg);
  canvas.svg.Open("g", {{"class", "reach"}, {"fill", kReachColour}, {"shape-rendering", "crispEdges"}});
  ForEachReached(grid, [&](model::Square square, const nlohmann::json& cost, bool may_end) {
    double share = highest > 0 ? cost.get<double>() / highest : 0;
    Attributes shade = {{"x", Px(frame.Left(square.x))}, {"y", Px(frame.Top(square.y))},
                        {"width", Px(MapFrame::kSquarePx)}, {"height", Px(MapFrame::kSquarePx)},
                        {"fill-opacity", Px(kLightest + (kDarkest - kLightest) * share)}};
    canvas.svg.Empty("rect", shade);
    if (may_end) return;
    shade.back() = {"fill", std::string("url(#") + kPassOnlyPattern + ")"};
    canvas.svg.Empty("rect", shade);
  });
  canvas.svg.Close();
}

void ReachLayer::DrawMarks(Canvas& canvas) const {
  const nlohmann::json& grid = answer_.at("grid");
  const MapFrame& frame = canvas.frame;
  canvas.svg.Open("g", {{"class", "reach-costs"}, {"font-size", "10"}, {"text-anchor", "middle"},
                        {"fill", kInkColour}, {"stroke", "#ffffff"}, {"stroke-width", "2.5"},
                        {"stroke-opacity", "0.8"}, {"paint-order", "stroke"}});
  // The cost sits low in its square, clear of a creature's name in the middle.
  ForEachReached(grid, [&](model::Square square, const nlohmann::json& cost, bool) {
    canvas.svg.WithText("text", {{"x", Px(frame.Left(square.x + 0.5))}, {"y", Px(frame.Top(square.y + 0.9))}},
                        NumberText(cost));
  });
  canvas.svg.Close();
  Legend& legend = canvas.legend;
  legend.Heading("reach " + answer_.value("id", "") + ": " + answer_.value("creature", "") + ", " +
                 answer_.value("mode", "move"));
  legend.Swatch(kReachColour, "reached, cheap", kLightest);
  legend.Swatch(kReachColour, "reached, dear (" + NumberText(HighestCost(grid)) + " squares)", kDarkest);
  legend.Swatch(std::string("url(#") + kPassOnlyPattern + ")", "may pass, not end");
  legend.Note("numbers: cost in squares");
  legend.Note(answer_.at("reachable_count").dump() + " squares reached, " + answer_.at("may_end_count").dump() +
              " may end there");
}

}  // namespace rulecraft::render
