// What `rulecraft check` answers for a list of rulesets, shared by the command and the service
// (POST /v1/check).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rulecraft/rulecraft.h"

namespace rulecraft::cli {

// The answer before diagnostics are added (json_document.h), and whether every ruleset passed.
struct CheckAnswer {
  nlohmann::json document;  // {rulesets: [{ruleset, ok, dump?}]}
  bool ok = false;
};

// Loads and checks each ruleset; with `dump_after` (a compiler pass), each entry's `dump` holds
// the rules' IR after that pass instead.
CheckAnswer AnswerCheck(Session& session, const std::vector<std::string>& rulesets, const std::string& dump_after,
                        Diagnostics& diagnostics);

}  // namespace rulecraft::cli
