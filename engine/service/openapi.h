// The service's OpenAPI 3 description, served at GET /v1/openapi.json.
#pragma once

#include <nlohmann/json.hpp>

namespace rulecraft::service {

// The OpenAPI 3.0 document of the v1 API: every path, its bodies, answers and status codes.
nlohmann::json OpenApiDocument();

}  // namespace rulecraft::service
