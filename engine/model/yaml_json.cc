#include "model/yaml_json.h"

#include "tables/yaml_file.h"

namespace rulecraft::model {

nlohmann::json YamlToJson(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return nullptr;
  if (node.IsSequence()) {
    nlohmann::json list = nlohmann::json::array();
    for (const YAML::Node& item : node) list.push_back(YamlToJson(item));
    return list;
  }
  if (node.IsMap()) {
    nlohmann::json object = nlohmann::json::object();
    for (const auto& entry : node) object[entry.first.Scalar()] = YamlToJson(entry.second);
    return object;
  }
  const std::string& text = node.Scalar();
  if (node.Tag() == "!") return text;  // quoted: always a string
  if (auto whole = yaml::ParseInt(text)) return *whole;
  if (auto number = yaml::ParseNumber(text)) return *number;
  if (text == "true") return true;
  if (text == "false") return false;
  return text;
}

}  // namespace rulecraft::model
