// Answering one query of a scenario as a JSON result (docs/scenarios.md, "Queries").
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "hooks/runner.h"
#include "model/scenario.h"
#include "rulecraft/rulecraft.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"

namespace rulecraft::movement {
class StepMemos;
}  // namespace rulecraft::movement

namespace rulecraft::query {

// What every answer may read.
struct AnswerContext {
  const model::Scenario& scenario;
  const ruleset::Ruleset& rules;
  const SourceSet& sources;
  hooks::QueryBudget* budget = nullptr;  // what the query's Lua hook calls may use together
  // Step rule memos kept across this scenario's queries (movement/step_rules.h); null: none kept.
  movement::StepMemos* step_memos = nullptr;
};

// Answers one query: `{id, kind, status, …numbers, explain}`. A query whose parameters were
// invalid answers status "error"; a kind not built yet answers status "unsupported".
nlohmann::json Answer(const AnswerContext& context, const model::Query& query);

// Answers a reach query as values (query/movement_query.h, ComputeReach) with what Answer gives
// every query (its Lua budget, its rules' failures located); false when it fails, `result` then
// holding the failed answer as Answer would give it.
bool AnswerReachValues(const AnswerContext& context, const model::Query& query, ReachAnswer& answer,
                       nlohmann::json& result);

// Marks `result` as a failed answer with `message`; returns false.
bool Fail(nlohmann::json& result, std::string message);

// As Fail, and places the failure at `span` of the scenario (a `diagnostic` with code `code`,
// file, line and columns), so the command shows that line with a caret; returns false.
bool FailAt(nlohmann::json& result, std::string message, const SourceSpan& span, const SourceSet& sources,
            const char* code);

// Records in `result["unsupported"]` that the answer leaves out `key` and why (the ruleset has
// no rule for it), so a tool never reads a missing key as "none".
void Unsupported(nlohmann::json& result, const std::string& key, const std::string& why);

// A number as JSON: an integer when it is whole, so 10 prints as 10, not 10.0.
nlohmann::json Number(double value);

// A table cell as JSON: true/false, a number, a text, a list of its items, or null for n/a.
nlohmann::json CellJson(const tables::Value& value);

// Turns `result` into the report of a failed Lua hook (docs/lua.md): status "error", the
// message "script.lua:12: …" and a `diagnostic` {code, file, line, message}; keeps id and kind.
void ReportHookFailure(const hooks::Runner& hooks, nlohmann::json& result);

// The `explain` entry of a result a Lua script changed.
nlohmann::json ExplainHookChange(const hooks::Change& change);

// Where a span points, as "file:line:col", for `explain` entries.
std::string Where(const SourceSpan& span, const SourceSet& sources);

}  // namespace rulecraft::query
