// Printing scenario results and test reports for people (`--format text`).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "rulecraft/rulecraft.h"

namespace rulecraft::cli {

// Renders `{"results": […]}` as one block per query: a heading, then its fields.
std::string RenderResultsText(const nlohmann::json& results, bool explain);

// Renders a test report: one line per case, the differences under failed ones, a summary.
std::string RenderTestReport(const TestReport& report, bool verbose);

}  // namespace rulecraft::cli
