#include "render/query_layer.h"

#include <cmath>
#include <map>

#include "render/attack_layer.h"
#include "render/reach_layer.h"
#include "render/route_layer.h"
#include "render/threat_layer.h"

namespace rulecraft::render {

void QueryLayer::DrawAreas(Canvas&) const {}

namespace {

using MakeLayer = std::unique_ptr<QueryLayer> (*)(const nlohmann::json& answer);

template <class Layer>
std::unique_ptr<QueryLayer> Make(const nlohmann::json& answer) {
  return std::make_unique<Layer>(answer);
}

// Each drawn query kind and the layer that draws it.
const std::map<std::string, MakeLayer, std::less<>>& Layers() {
  static const std::map<std::string, MakeLayer, std::less<>> layers = {
      {"reach", &Make<ReachLayer>},         {"path", &Make<RouteLayer>},     {"route", &Make<RouteLayer>},
      {"threatened", &Make<ThreatLayer>}, {"attack", &Make<AttackLayer>}};
  return layers;
}

}  // namespace

std::unique_ptr<QueryLayer> LayerFor(const nlohmann::json& answer) {
  auto found = Layers().find(answer.value("kind", ""));
  return found == Layers().end() ? nullptr : found->second(answer);
}

std::vector<std::string> DrawableKinds() {
  std::vector<std::string> kinds;
  for (const auto& [kind, make] : Layers()) kinds.push_back(kind);
  return kinds;
}

model::Square SquareIn(const nlohmann::json& place) {
  return {place.at(0).get<int32_t>(), place.at(1).get<int32_t>()};
}

std::string NumberText(const nlohmann::json& number) {
  if (number.is_number_float() && number.get<double>() == std::floor(number.get<double>()) &&
      std::abs(number.get<double>()) < 1e15) {
    return std::to_string(static_cast<int64_t>(number.get<double>()));
  }
  return number.dump();
}

void DrawLabel(Canvas& canvas, double x, double y, const std::string& text, const std::string& colour,
               double font_px, bool bold) {
  Attributes label = {{"x", Px(x)},
                      {"y", Px(y + font_px / 3)},
                      {"font-size", Px(font_px)},
                      {"text-anchor", "middle"},
                      {"fill", colour},
                      {"stroke", "#ffffff"},
                      {"stroke-width", "2.5"},
                      {"stroke-opacity", "0.8"},
                      {"paint-order", "stroke"}};
  if (bold) label.emplace_back("font-weight", "bold");
  canvas.svg.WithText("text", label, text);
}

}  // namespace rulecraft::render
