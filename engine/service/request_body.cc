#include "service/request_body.h"

#include <algorithm>

#include <fmt/format.h>

namespace rulecraft::service {
namespace {

constexpr const char* kJsonName = "request.json";
constexpr const char* kYamlName = "request.yaml";

bool Mentions(const std::string& content_type, const char* what) {
  return content_type.find(what) != std::string::npos;
}

// Reports a JSON body's error at byte `at` (kept in `sources` under `name` for the caret).
void ReportJson(const std::string& body, const std::string& name, size_t at, std::string message, SourceSet& sources,
                Diagnostics& diagnostics) {
  const SourceFile* file = sources.AddText(name, body, diagnostics);
  if (file == nullptr) return;  // not text: reported where the bad byte is
  auto byte = static_cast<uint32_t>(std::min(at, body.size()));
  if (auto cut = message.find("]: "); cut != std::string::npos) message = message.substr(cut + 3);
  diagnostics.Error("malformed-json", {name, byte, byte + 1}, "malformed JSON: " + message);
}

// Parses `body` as JSON; on a syntax error, or a number too large for a double (nlohmann's
// out_of_range 406, which names the number's text), reports it at its byte and returns nullopt.
std::optional<nlohmann::json> ParseJson(const std::string& body, const std::string& name, SourceSet& sources,
                                        Diagnostics& diagnostics) {
  try {
    return nlohmann::json::parse(body);
  } catch (const nlohmann::json::parse_error& error) {
    // nlohmann counts the byte it stopped at from 1; past the end means the text ended early.
    ReportJson(body, name, error.byte == 0 ? 0 : error.byte - 1, error.what(), sources, diagnostics);
  } catch (const nlohmann::json::exception& error) {
    // "number overflow parsing '9e609'": the first place that text stands.
    std::string message = error.what();
    size_t at = 0;
    if (size_t open = message.find('\''), close = message.rfind('\''); open != std::string::npos && close > open + 1) {
      at = std::min(body.find(message.substr(open + 1, close - open - 1)), body.size());
    }
    ReportJson(body, name, at, message, sources, diagnostics);
  }
  return std::nullopt;
}

// Whether the body opens as a JSON object does, `{"`: YAML's flow mappings seldom quote keys.
bool OpensLikeJson(const std::string& body) {
  size_t brace = body.find_first_not_of(" \t\r\n");
  if (brace == std::string::npos || body[brace] != '{') return false;
  size_t key = body.find_first_not_of(" \t\r\n", brace + 1);
  return key != std::string::npos && body[key] == '"';
}

}  // namespace

bool IsJsonBody(const std::string& body, const std::string& content_type) {
  if (Mentions(content_type, "json")) return true;
  if (Mentions(content_type, "yaml")) return false;
  return OpensLikeJson(body) || nlohmann::json::accept(body);
}

std::optional<ScenarioText> ScenarioFromBody(const std::string& body, const std::string& content_type,
                                             SourceSet& sources, Diagnostics& diagnostics) {
  if (!IsJsonBody(body, content_type)) return ScenarioText{kYamlName, body, ""};
  if (!ParseJson(body, kJsonName, sources, diagnostics)) return std::nullopt;
  // JSON allows tabs between tokens, YAML does not; a tab inside a JSON string is escaped, so
  // every tab byte is between tokens and a space keeps every offset.
  std::string text = body;
  std::replace(text.begin(), text.end(), '\t', ' ');
  return ScenarioText{kJsonName, std::move(text), ""};
}

std::optional<nlohmann::json> JsonObjectFromBody(const std::string& body, SourceSet& sources,
                                                 Diagnostics& diagnostics) {
  auto value = ParseJson(body, kJsonName, sources, diagnostics);
  if (!value) return std::nullopt;
  if (!value->is_object()) {
    if (sources.AddText(kJsonName, body, diagnostics) == nullptr) return std::nullopt;
    diagnostics.Error("wrong-type", {kJsonName, 0, 1},
                      fmt::format("expected a JSON object, found {}", value->type_name()));
    return std::nullopt;
  }
  return value;
}

}  // namespace rulecraft::service
