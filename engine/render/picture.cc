#include "render/picture.h"

#include <algorithm>
#include <memory>

#include "render/creature_layer.h"
#include "render/map_layer.h"
#include "render/query_layer.h"

namespace rulecraft::render {

std::string DrawPicture(const model::Scenario& scenario, const ruleset::Ruleset& rules,
                        const nlohmann::json* answer) {
  SvgWriter svg;
  Legend legend;
  Canvas canvas{scenario, rules, MapFrame{scenario.map->width, scenario.map->height}, svg, legend};
  std::unique_ptr<QueryLayer> layer = answer != nullptr ? LayerFor(*answer) : nullptr;
  svg.Open("g", {{"class", "map"}});
  DrawTerrain(canvas);
  if (layer != nullptr) layer->DrawAreas(canvas);
  DrawBarriers(canvas);
  DrawCreatures(canvas);
  if (layer != nullptr) layer->DrawMarks(canvas);
  svg.Close();
  double legend_left = canvas.frame.Right();
  legend.Draw(svg, legend_left, MapFrame::kMarginPx);
  double width = legend_left + legend.Width() + MapFrame::kMarginPx;
  double height = std::max(canvas.frame.Bottom(), MapFrame::kMarginPx * 2 + legend.Height());
  std::string title = "rulecraft: " + scenario.file;
  if (answer != nullptr) title += ", query " + answer->value("id", "");
  return svg.Finish(width, height, title);
}

}  // namespace rulecraft::render
