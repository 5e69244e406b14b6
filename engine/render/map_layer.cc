#include "render/map_layer.h"

#include <algorithm>
#include <set>
#include <string>

#include "render/palette.h"

namespace rulecraft::render {
namespace {

// The terrain row of a kind; every kind of a loaded map is a row of the table.
const tables::Row& TerrainRow(const Canvas& canvas, const std::string& kind) {
  return *canvas.rules.Table("terrain").Find(kind);
}

// What the legend calls a terrain kind: its label, else its name.
std::string TerrainLabel(const tables::Row& row) { return row.label.empty() ? row.name : row.label; }

// One rectangle per run of equal terrain along a row, so a picture stays small.
void PaintSquares(Canvas& canvas) {
  const model::GridMap& map = *canvas.scenario.map;
  const MapFrame& frame = canvas.frame;
  canvas.svg.Open("g", {{"class", "terrain"}, {"shape-rendering", "crispEdges"}});
  for (int32_t y = 0; y < map.height; ++y) {
    int32_t x = 0;
    while (x < map.width) {
      const std::string& kind = map.TerrainAt({x, y});
      int32_t end = x + 1;
      while (end < map.width && map.TerrainAt({end, y}) == kind) ++end;
      canvas.svg.Empty("rect", {{"x", Px(frame.Left(x))}, {"y", Px(frame.Top(y))},
                                {"width", Px((end - x) * MapFrame::kSquarePx)}, {"height", Px(MapFrame::kSquarePx)},
                                {"fill", TerrainColour(TerrainRow(canvas, kind))}});
      x = end;
    }
  }
  canvas.svg.Close();
}

// The grid as one path of thin lines.
void DrawGrid(Canvas& canvas) {
  const MapFrame& frame = canvas.frame;
  std::string path;
  for (int32_t x = 0; x <= frame.columns; ++x) {
    path += "M" + Px(frame.Left(x)) + " " + Px(frame.Top(0)) + "V" + Px(frame.Top(frame.rows));
  }
  for (int32_t y = 0; y <= frame.rows; ++y) {
    path += "M" + Px(frame.Left(0)) + " " + Px(frame.Top(y)) + "H" + Px(frame.Left(frame.columns));
  }
  canvas.svg.Empty("path", {{"class", "grid"}, {"d", path}, {"fill", "none"}, {"stroke", "#000000"},
                            {"stroke-opacity", "0.25"}, {"stroke-width", "0.5"}});
}

// Column numbers above the map, row numbers left of it.
void DrawCoordinates(Canvas& canvas) {
  const MapFrame& frame = canvas.frame;
  canvas.svg.Open("g", {{"class", "coordinates"}, {"font-size", "10"}, {"fill", kInkColour}, {"text-anchor", "middle"}});
  for (int32_t x = 0; x < frame.columns; ++x) {
    canvas.svg.WithText("text", {{"x", Px(frame.Left(x + 0.5))}, {"y", Px(frame.Top(0) - 8)}}, std::to_string(x));
  }
  for (int32_t y = 0; y < frame.rows; ++y) {
    canvas.svg.WithText("text", {{"x", Px(frame.Left(0) - 12)}, {"y", Px(frame.Top(y + 0.5) + 3)}}, std::to_string(y));
  }
  canvas.svg.Close();
}

}  // namespace

void DrawTerrain(Canvas& canvas) {
  PaintSquares(canvas);
  DrawGrid(canvas);
  DrawCoordinates(canvas);
  const model::GridMap& map = *canvas.scenario.map;
  std::set<uint16_t> used(map.cells.begin(), map.cells.end());
  canvas.legend.Heading("Terrain");
  for (uint16_t kind : used) {
    const tables::Row& row = TerrainRow(canvas, map.terrain_kinds[kind]);
    canvas.legend.Swatch(TerrainColour(row), TerrainLabel(row));
  }
}

void DrawBarriers(Canvas& canvas) {
  const model::GridMap& map = *canvas.scenario.map;
  if (map.edges.empty()) return;
  const MapFrame& frame = canvas.frame;
  std::set<uint16_t> used;
  canvas.svg.Open("g", {{"class", "barriers"}, {"stroke-width", "6"}, {"stroke-linecap", "round"}});
  for (const model::Edge& edge : map.edges) {
    // The edge between two side-by-side squares runs along the far side of the one up or left.
    int32_t x = std::max(edge.a.x, edge.b.x);
    int32_t y = std::max(edge.a.y, edge.b.y);
    bool vertical = edge.a.x != edge.b.x;
    double x1 = frame.Left(x), y1 = frame.Top(y);
    double x2 = vertical ? x1 : frame.Left(x + 1);
    double y2 = vertical ? frame.Top(y + 1) : y1;
    const tables::Row& row = TerrainRow(canvas, map.terrain_kinds[edge.kind]);
    canvas.svg.Empty("line", {{"x1", Px(x1)}, {"y1", Px(y1)}, {"x2", Px(x2)}, {"y2", Px(y2)},
                              {"stroke", TerrainColour(row)}});
    used.insert(edge.kind);
  }
  canvas.svg.Close();
  canvas.legend.Heading("Barriers between squares");
  for (uint16_t kind : used) {
    const tables::Row& row = TerrainRow(canvas, map.terrain_kinds[kind]);
    canvas.legend.Line(TerrainColour(row), TerrainLabel(row));
  }
}

}  // namespace rulecraft::render
