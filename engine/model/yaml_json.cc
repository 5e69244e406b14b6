#include "model/yaml_json.h"

#include "tables/yaml_file.h"

namespace rulecraft::model {
namespace {

void CollectKeySpans(const SourceFile& file, const YAML::Node& node, const nlohmann::json::json_pointer& at,
                     std::map<std::string, SourceSpan>& out) {
  if (node.IsSequence()) {
    for (size_t i = 0; i < node.size(); ++i) CollectKeySpans(file, node[i], at / i, out);
  } else if (node.IsMap()) {
    for (const auto& entry : node) {
      nlohmann::json::json_pointer key = at / entry.first.Scalar();
      out[key.to_string()] = yaml::SpanOf(file, entry.first);
      CollectKeySpans(file, entry.second, key, out);
    }
  }
}

}  // namespace

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

std::map<std::string, SourceSpan> KeySpans(const SourceFile& file, const YAML::Node& node) {
  std::map<std::string, SourceSpan> spans;
  CollectKeySpans(file, node, nlohmann::json::json_pointer(), spans);
  return spans;
}

}  // namespace rulecraft::model
