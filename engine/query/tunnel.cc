#include "query/tunnel.h"

#include "dsl/eval/machine.h"
#include "query/explain.h"

namespace rulecraft::query {

void AddTunnel(const AnswerContext& context, const CreatureRecord& burrower, bool several_kinds,
               const nlohmann::json& steps, nlohmann::json& result) {
  const compile::Program& program = *context.rules.program;
  int rule = program.FindRule("leaves_tunnel");
  if (rule < 0) return;
  eval::Machine machine(program);
  eval::Trace trace;
  machine.SetTrace(&trace);
  eval::Slot mover{.record = burrower.slots.data()};
  bool leaves = machine.Call(rule, {&mover, 1}).number != 0;
  if (!machine.error().empty()) return;
  nlohmann::json tunnel = nlohmann::json::array();
  if (leaves) {
    for (const nlohmann::json& step : steps) {
      if (step.contains("rise")) continue;
      if (several_kinds && step.value("speed", "") != "burrow") continue;
      tunnel.push_back(step["at"]);
    }
  }
  result["leaves_tunnel"] = leaves;
  result["tunnel"] = std::move(tunnel);
  if (result.contains("explain") && result["explain"].is_array()) {
    for (auto& entry : ExplainTrace(trace, program, context.sources)) result["explain"].push_back(std::move(entry));
  }
}

}  // namespace rulecraft::query
