#include "combat/threat.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace rulecraft::combat {
namespace {

// Gaps beyond this many squares (120 ft) are never threatened; no natural or weapon reach of
// the texts comes near it.
constexpr int32_t kMaxGap = 24;

}  // namespace

ThreatRules::ThreatRules(const ruleset::Ruleset& rules, const eval::Slot* attacker, bool reach_weapon,
                         const std::string& rule)
    : machine_(*rules.program), reach_weapon_(reach_weapon) {
  rule_ = rules.program->FindRule(rule);
  if (rule_ < 0) error_ = "the ruleset has no '" + rule + "' rule (docs/dsl.md, hook points)";
  attacker_.record = attacker;
  memo_.assign(static_cast<size_t>((kMaxGap + 1) * (kMaxGap + 1)), -1);
}

bool ThreatRules::Evaluate(Gap gap) {
  eval::Slot args[4];
  args[0] = attacker_;
  args[1].number = reach_weapon_ ? 1 : 0;
  args[2].number = gap.dx;
  args[3].number = gap.dy;
  bool threatens = machine_.Call(rule_, args).number != 0;
  if (!machine_.error().empty() && error_.empty()) error_ = machine_.error();
  if (hooks_ != nullptr) threatens = hooks_->Threatens(gap.dx, gap.dy, reach_weapon_, threatens);
  return threatens;
}

bool ThreatRules::Threatens(Gap gap) {
  if (rule_ < 0 || gap.dx > kMaxGap || gap.dy > kMaxGap) return false;
  int8_t& memo = memo_[static_cast<size_t>(gap.dy * (kMaxGap + 1) + gap.dx)];
  if (memo < 0) memo = Evaluate(gap) ? 1 : 0;
  return memo == 1;
}

bool ThreatRules::ThreatensArea(const model::Area& attacker, const model::Area& other) {
  for (int32_t j = 0; j < other.height; ++j) {
    for (int32_t i = 0; i < other.width; ++i) {
      if (Threatens(GapTo(attacker, {other.at.x + i, other.at.y + j}))) return true;
    }
  }
  return false;
}

bool ThreatRules::Explain(Gap gap, eval::Trace& trace) {
  if (rule_ < 0) return false;
  machine_.SetTrace(&trace);
  bool threatens = Evaluate(gap);
  machine_.SetTrace(nullptr);
  return threatens;
}

bool AreasAdjacent(const model::Area& a, const model::Area& b) {
  bool touching = false;
  for (int32_t j = 0; j < b.height; ++j) {
    for (int32_t i = 0; i < b.width; ++i) {
      Gap gap = GapTo(a, {b.at.x + i, b.at.y + j});
      if (gap.dx == 0 && gap.dy == 0) return false;  // overlapping
      if (gap.dx <= 1 && gap.dy <= 1) touching = true;
    }
  }
  return touching;
}

bool CrossesOppositeSides(model::Square a, model::Square b, const model::Area& area) {
  // Liang-Barsky clipping of the segment between the centres against the space's rectangle.
  double px = a.x + 0.5, py = a.y + 0.5;
  double qx = b.x + 0.5, qy = b.y + 0.5;
  double x0 = area.at.x, y0 = area.at.y, x1 = area.at.x + area.width, y1 = area.at.y + area.height;
  double dx = qx - px, dy = qy - py;
  double enter = 0, leave = 1;
  const double p[4] = {-dx, dx, -dy, dy};
  const double q[4] = {px - x0, x1 - px, py - y0, y1 - py};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return false;  // parallel to this border and outside it
      continue;
    }
    double t = q[i] / p[i];
    if (p[i] < 0) enter = std::max(enter, t);
    else leave = std::min(leave, t);
  }
  if (enter > leave) return false;
  constexpr double kEpsilon = 1e-9;
  auto sides = [&](double t) {
    double x = px + t * dx, y = py + t * dy;
    return std::array<bool, 4>{std::abs(x - x0) < kEpsilon, std::abs(x - x1) < kEpsilon,
                               std::abs(y - y0) < kEpsilon, std::abs(y - y1) < kEpsilon};
  };
  auto in = sides(enter);
  auto out = sides(leave);
  // A corner lies on two borders, so corner-to-corner lines count as well.
  return (in[0] && out[1]) || (in[1] && out[0]) || (in[2] && out[3]) || (in[3] && out[2]);
}

}  // namespace rulecraft::combat
