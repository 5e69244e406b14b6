// Turning an evaluation trace into the `explain` list of a result.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "dsl/ast/types.h"
#include "dsl/eval/machine.h"
#include "rulecraft/source.h"

namespace rulecraft::query {

// A value in its type's words: "30 ft", "-2", "true".
std::string FormatValue(double value, const ast::Type& type);

// One entry per rule result, table cell and modifier the evaluation used, in order, each
// with the file:line:col it comes from (`at`, named from its ruleset; `file`, the path as it was
// read, for tools), its `depth` (0 for a rule the
// engine called, 1 for what that rule read or called, …) and, for a rule, the rules text its
// comment quotes (`quote`).
nlohmann::json ExplainTrace(const eval::Trace& trace, const compile::Program& program,
                            const SourceSet& sources);

}  // namespace rulecraft::query
