#include "query/hook_runner.h"

#include <vector>

#include "query/records.h"

namespace rulecraft::query {

std::unique_ptr<hooks::Runner> RunnerFor(const AnswerContext& context, const model::Creature& creature,
                                         std::initializer_list<hooks::HookPoint> points) {
  std::vector<const hooks::Script*> scripts = ScriptsOf(creature);
  bool needed = hooks::Runner::AnyBroken(scripts);
  for (hooks::HookPoint point : points) needed = needed || hooks::Runner::AnyDefines(scripts, point);
  if (!needed) return nullptr;
  auto runner = std::make_unique<hooks::Runner>(context.rules, hooks::LimitsOf(context.rules));
  runner->SetQueryBudget(context.budget);
  runner->SetMover(CreatureFactsOf(creature), std::move(scripts));
  return runner;
}

}  // namespace rulecraft::query
