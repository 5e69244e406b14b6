// Reading a request's body: a scenario as JSON or YAML, or a JSON object of parameters, with
// syntax errors located in the body (file "request.json" or "request.yaml", line, column).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "rulecraft/rulecraft.h"

namespace rulecraft::service {

// Whether a body is JSON: Content-Type says so, or (unless it says YAML) the body parses as JSON.
bool IsJsonBody(const std::string& body, const std::string& content_type);

// The scenario a POST /v1/run body holds, named "request.json" or "request.yaml". A JSON body is
// first parsed as JSON, so a syntax error is reported where it is (malformed-json) with the body
// kept in `sources` for its caret; then the scenario reader reads it as YAML, which JSON is.
std::optional<ScenarioText> ScenarioFromBody(const std::string& body, const std::string& content_type,
                                             SourceSet& sources, Diagnostics& diagnostics);

// A body that must be one JSON object (POST /v1/check); nullopt with a located error otherwise.
std::optional<nlohmann::json> JsonObjectFromBody(const std::string& body, SourceSet& sources,
                                                 Diagnostics& diagnostics);

}  // namespace rulecraft::service
