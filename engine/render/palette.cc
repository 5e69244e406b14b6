#include "render/palette.h"

#include <array>

namespace rulecraft::render {
namespace {

// The value of a row's enum or text column, or "" when the row leaves it out.
std::string TextOf(const tables::Row& row, std::string_view column) {
  const tables::Value* value = row.Get(column);
  return value == nullptr ? std::string() : value->text;
}

}  // namespace

std::string TerrainColour(const tables::Row& row) {
  std::string colour = TextOf(row, "colour");
  if (!colour.empty()) return colour;
  std::string obstacle = TextOf(row, "obstacle");
  if (obstacle == "blocking") return "#555555";
  if (obstacle == "hampering") return "#a0825a";
  const tables::Value* difficult = row.Get("difficult");
  if (difficult != nullptr && difficult->AsBool()) return "#d6c48c";
  return "#eeeeee";
}

std::string SideColour(size_t index) {
  static constexpr std::array<const char*, 6> kSides = {"#2e86c1", "#c0392b", "#27ae60",
                                                        "#8e44ad", "#d68910", "#17a589"};
  return kSides[index % kSides.size()];
}

std::string LineColour(const std::string& meets) {
  if (meets == "cover") return "#111111";
  if (meets == "low") return "#8d6e63";
  if (meets == "soft") return "#e67e22";
  if (meets == "concealment") return "#3498db";
  return "#27ae60";
}

}  // namespace rulecraft::render
