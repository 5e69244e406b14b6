// The short explanation a person reads: one line per number, from the full `explain` trace.
#pragma once

#include <nlohmann/json.hpp>

namespace rulecraft::query {

// The summary of `result`'s full `explain` trace (ExplainTrace's entries, tagged with `step` or
// `mode` where they belong to one): per step of a path or route, and per movement mode, one
// entry with the rule that gave the number, the rule that decided it (the innermost rule giving
// the same value, or for a refusal the prohibition that held), its inputs, its source and the
// rules text it quotes; for the other answers, one entry per number the answer names (a rule
// of that name, a size field, a Lua hook's change). Each entry has `line`, the sentence shown.
nlohmann::json SummarizeExplain(const nlohmann::json& result);

}  // namespace rulecraft::query
