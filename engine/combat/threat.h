// Which squares a creature threatens (the ruleset's `threatens` rule over the gap between its
// space and a square), and flanking geometry (the line between two attackers' centres
// crossing the defender's space through opposite borders or corners).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dsl/eval/machine.h"
#include "hooks/runner.h"
#include "model/scenario.h"
#include "ruleset/ruleset.h"

namespace rulecraft::combat {

// The gap, per axis, from a creature's space to a square: (0, 0) inside it, (1, 0) beside it.
struct Gap {
  int32_t dx = 0;
  int32_t dy = 0;
};

// The gap from the space of side `side` with top-left `at` to `square`.
Gap GapTo(model::Square at, int32_t side, model::Square square);

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
  // Whether it threatens any square of another creature's space.
  bool ThreatensSpace(model::Square at, int32_t side, model::Square other_at, int32_t other_side);
  // The same for squares another creature occupies that are a width × height rectangle (a
  // creature squeezed to a band of its space).
  bool ThreatensArea(model::Square at, int32_t side, model::Square other_at, int32_t width, int32_t height);
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

// Whether two spaces (side × side, top-left `a` and `b`) touch, by a border or a corner, without
// overlapping.
bool SpacesAdjacent(model::Square a, int32_t side_a, model::Square b, int32_t side_b);

// Whether the segment between the centres of squares `a` and `b` passes through the space
// (side × side, top-left `space`) entering and leaving by opposite borders or corners.
bool CrossesOppositeSides(model::Square a, model::Square b, model::Square space, int32_t side);

}  // namespace rulecraft::combat
