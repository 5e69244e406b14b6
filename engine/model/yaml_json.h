// YAML values as JSON: how query parameters and expectations are held.
#pragma once

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

namespace rulecraft::model {

// Converts a YAML node to JSON; plain scalars become numbers, booleans or null when they
// read as one, quoted scalars stay strings.
nlohmann::json YamlToJson(const YAML::Node& node);

}  // namespace rulecraft::model
