// Printing scenario results and test reports for people (`--format text`).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "rulecraft/rulecraft.h"

namespace rulecraft::cli {

// The line a run's text starts with: which scenario, under which ruleset.
std::string RenderRunHeading(const std::string& scenario, const std::string& ruleset);

// Renders one query's result as a block: a blank line, a heading, then its fields (and, with
// `explain`, the rules behind them).
std::string RenderResultText(const nlohmann::json& result, bool explain);

// Renders a test report: one line per case, the differences under failed ones, a summary.
std::string RenderTestReport(const TestReport& report, bool verbose);

}  // namespace rulecraft::cli
