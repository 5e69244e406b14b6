#include "model/area_params.h"

#include <string>

#include <fmt/format.h>

#include "tables/yaml_file.h"

namespace rulecraft::model {

std::string AreaForm(const tables::Row& shape) {
  const tables::Value* form = shape.Get("form");
  return form != nullptr ? form->text : "radius";
}

void CheckAreaParams(const SourceFile& file, const YAML::Node& params, const SourceSpan& query_span,
                     const ruleset::Ruleset& rules, Diagnostics& diagnostics) {
  YAML::Node shape_node = yaml::Get(params, "shape");
  const tables::Table* shapes = rules.tables.Find("area_shapes");
  if (!shape_node.IsScalar() || shapes == nullptr) return;
  const tables::Row* shape = shapes->Find(shape_node.Scalar());
  if (shape == nullptr) return;
  std::string form = AreaForm(*shape);
  auto has = [&](const char* key) { return yaml::Get(params, key).IsDefined(); };
  auto refuse = [&](const char* key, const std::string& why) {
    diagnostics.Error("unknown-key", yaml::SpanOf(file, yaml::Get(params, key)),
                      fmt::format("a {} ({} of table 'area_shapes') takes no '{}': {}", shape->name, form, key, why));
  };
  if (form == "radius") {
    if (!has("radius")) {
      diagnostics.Error("missing-key", query_span,
                        fmt::format("a {} needs 'radius' (feet from its point of origin)", shape->name));
    }
    for (const char* key : {"length", "toward", "direction", "width"}) {
      if (has(key)) refuse(key, "it spreads the same way all round, as far as its 'radius'");
    }
    return;
  }
  if (!has("length")) {
    diagnostics.Error("missing-key", query_span,
                      fmt::format("a {} needs 'length' (feet from its point of origin)", shape->name));
  }
  if (has("radius")) refuse("radius", "give its 'length'");
  if (has("toward") == has("direction")) {
    diagnostics.Error(has("toward") ? "conflicting-keys" : "missing-key", query_span,
                      fmt::format("a {} needs one aim: 'direction' (n, ne, e, se, s, sw, w, nw) or 'toward' "
                                  "(a grid point [x, y])",
                                  shape->name));
  }
  if (form == "cone" && has("width")) refuse("width", "a cone widens as its table row's cone_half_width says");
}

}  // namespace rulecraft::model
