// A test report as JSON (`rulecraft test --format json`).
#pragma once

#include <nlohmann/json.hpp>

#include "rulecraft/rulecraft.h"

namespace rulecraft::cli {

// The report as {"cases": [{file, id, rule, passed, differences}], "passed", "failed",
// "broken_files"}, the cases in the report's order; "failed" counts failed cases only.
nlohmann::json TestReportToJson(const TestReport& report);

}  // namespace rulecraft::cli
