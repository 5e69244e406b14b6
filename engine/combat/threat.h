// Which squares a creature threatens (the ruleset's `threatens` rule over the gap between its
// space and a square), and flanking geometry (the line between two attackers' centres
// crossing the defender's space through opposite borders or corners).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "combat/gap.h"
#include "dsl/eval/machine.h"
#include "hooks/runner.h"
#include "model/scenario.h"
#include "ruleset/ruleset.h"

namespace rulecraft::combat {

// The `threatens` rule (or another rule of its parameters, such as `reaches`) for one attacker
// and weapon, remembered per gap (rules are pure).
class ThreatRules {
 public:
  ThreatRules(const ruleset::Ruleset& rules, const eval::Slot* attacker, bool reach_weapon,
              const std::string& rule = "threatens");
  // The attacker's Lua `threatens` hooks (docs/lua.md) run after the rule, when given.
  void SetHooks(hooks::Runner* hooks) { hooks_ = hooks; }

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  // Whether the attacker threatens a square at this gap from its space.
  bool Threatens(Gap gap);
  // Whether, from the squares it occupies, it threatens any square another creature occupies.
  bool ThreatensArea(const model::Area& attacker, const model::Area& other);
  // Evaluates once more with a trace, for explanations.
  bool Explain(Gap gap, eval::Trace& trace);

 private:
  bool Evaluate(Gap gap);

  eval::Machine machine_;
  int rule_ = -1;
  eval::Slot attacker_;
  bool reach_weapon_ = false;
  std::vector<int8_t> memo_;  // by gap, -1 unknown
  hooks::Runner* hooks_ = nullptr;
  std::string error_;
};

// Whether the squares two creatures occupy touch, by a border or a corner, without overlapping.
bool AreasAdjacent(const model::Area& a, const model::Area& b);

// Whether the segment between the centres of squares `a` and `b` passes through `area`,
// entering and leaving by opposite borders or corners.
bool CrossesOppositeSides(model::Square a, model::Square b, const model::Area& area);

}  // namespace rulecraft::combat
