// Parsing one table cell by its schema type.
#pragma once

#include <optional>
#include <string_view>

#include "rulecraft/source.h"
#include "tables/schema.h"
#include "tables/table.h"
#include "tables/yaml_file.h"

namespace rulecraft::tables {

// Parses "5 ft", "2.5 ft", "2 squares", "1 mile" into feet; nullopt if malformed.
std::optional<double> ParseDistance(std::string_view text, double square_ft);

// Parses "3/4", "1", "1/2" into a number; nullopt if malformed.
std::optional<double> ParseRatio(std::string_view text);

// Reads one cell of a column, reporting a wrong type at the node; nullopt on error.
std::optional<Value> ReadCell(const SourceFile& file, const yaml::Node& node,
                              const ColumnSchema& column, double square_ft,
                              Diagnostics& diagnostics);
// The same, read into `value` (a default Value; unspecified when false is returned): a row's cell
// built in place.
bool ReadCellInto(const SourceFile& file, const yaml::Node& node, const ColumnSchema& column, double square_ft,
                  Diagnostics& diagnostics, Value& value);
// The same of a yaml-cpp node (a scenario's `with:`), copied into a tree first.
std::optional<Value> ReadCell(const SourceFile& file, const YAML::Node& node,
                              const ColumnSchema& column, double square_ft,
                              Diagnostics& diagnostics);

}  // namespace rulecraft::tables
