// What a burrowing move leaves behind: the rule `leaves_tunnel` says whether the squares it
// burrowed through stay open for others (Starfinder Рытьё: most burrowers leave no tunnel).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "query/answer.h"
#include "query/records.h"

namespace rulecraft::query {

// For a move by the speed kind `burrow` (alone, or a step of it among several kinds), adds
// `leaves_tunnel` and `tunnel` (the squares of `steps` moved by burrowing when the rule holds,
// else none) to `result`; `burrower` is the creature moving by its burrow speed. Nothing when
// the ruleset has no rule `leaves_tunnel`.
void AddTunnel(const AnswerContext& context, const CreatureRecord& burrower, bool several_kinds,
               const nlohmann::json& steps, nlohmann::json& result);

}  // namespace rulecraft::query
