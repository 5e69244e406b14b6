// YAML values as JSON: how query parameters and expectations are held.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::model {

// Converts a YAML node to JSON; plain scalars become numbers, booleans or null when they
// read as one, quoted scalars stay strings.
nlohmann::json YamlToJson(const YAML::Node& node);

// Where each mapping key under `node` (in `file`) is written, by the JSON pointer of its value
// in YamlToJson(node): `{steps: [{cost: 1}]}` gives "/steps" and "/steps/0/cost".
std::map<std::string, SourceSpan> KeySpans(const SourceFile& file, const YAML::Node& node);

}  // namespace rulecraft::model
