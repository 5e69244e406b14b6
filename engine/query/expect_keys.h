// A test case's `expect` key the answer does not have: a misspelling, most often.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "model/scenario.h"
#include "query/expect.h"
#include "rulecraft/diagnostic.h"

namespace rulecraft::query {

// Reports each of `mismatches` (from comparing `query`'s expect with `answer`) whose key the
// answer lacks as an "unknown-key" error at that key in the test file, with "did you mean"
// among the keys the answer has there; reports nothing for an answer whose status is not
// "ok", since the status difference already says why its fields are missing.
void ReportMissingKeys(const model::Query& query, const nlohmann::json& answer,
                       const std::vector<Mismatch>& mismatches, Diagnostics& diagnostics);

}  // namespace rulecraft::query
