// A Lua runner for one creature's exception scripts, made only when a query will call them
// (docs/lua.md), so a scenario without scripts pays nothing.
#pragma once

#include <initializer_list>
#include <memory>

#include "hooks/runner.h"
#include "model/scenario.h"
#include "query/answer.h"

namespace rulecraft::query {

// A runner for a creature whose scripts define one of `points`, or that has a script that
// failed to load (the runner then reports it); nullptr otherwise.
std::unique_ptr<hooks::Runner> RunnerFor(const AnswerContext& context, const model::Creature& creature,
                                         std::initializer_list<hooks::HookPoint> points);

}  // namespace rulecraft::query
