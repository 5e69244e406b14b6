#include "render/route_layer.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "render/palette.h"

namespace rulecraft::render {
namespace {

// The squares the mover occupies at a step: those it is squeezed to, else its whole space.
model::Area AreaOfStep(const model::Creature& mover, const nlohmann::json& step) {
  model::Square at = SquareIn(step.at("at"));
  if (!step.contains("squeezed")) return {at, mover.squares_per_side, mover.squares_per_side};
  model::Square low = at, high = at;
  for (const nlohmann::json& place : step.at("squeezed")) {
    model::Square square = SquareIn(place);
    low = {std::min(low.x, square.x), std::min(low.y, square.y)};
    high = {std::max(high.x, square.x), std::max(high.y, square.y)};
  }
  return {low, high.x - low.x + 1, high.y - low.y + 1};
}

// Where the mover stands before each step and after the last: its place, then each step's.
std::vector<model::Area> Places(const model::Creature& mover, const nlohmann::json& steps) {
  std::vector<model::Area> places = {mover.Occupied()};
  for (const nlohmann::json& step : steps) places.push_back(AreaOfStep(mover, step));
  return places;
}

// "x1,y1 x2,y2 …": the middles of `places`, for a polyline.
std::string Middles(const MapFrame& frame, const std::vector<model::Area>& places) {
  std::string points;
  for (const model::Area& place : places) {
    if (!points.empty()) points += ' ';
    points += Px(frame.MiddleX(place)) + "," + Px(frame.MiddleY(place));
  }
  return points;
}

// The band a squeezed step occupies, outlined thinly.
void OutlineSqueezed(Canvas& canvas, const model::Area& band) {
  const MapFrame& frame = canvas.frame;
  canvas.svg.Empty("rect", {{"x", Px(frame.Left(band.at.x))}, {"y", Px(frame.Top(band.at.y))},
                            {"width", Px(band.width * MapFrame::kSquarePx)},
                            {"height", Px(band.height * MapFrame::kSquarePx)}, {"fill", "none"},
                            {"stroke", kPathColour}, {"stroke-width", "1"}, {"stroke-dasharray", "3 3"}});
}

// Each step's running total in its middle and its own cost above it; a squeezed step's band.
void DrawStepCosts(Canvas& canvas, const nlohmann::json& steps, const std::vector<model::Area>& places) {
  const MapFrame& frame = canvas.frame;
  bool squeezed = false;
  for (size_t i = 0; i < steps.size(); ++i) {
    const model::Area& place = places[i + 1];
    if (steps[i].contains("squeezed")) OutlineSqueezed(canvas, place);
    squeezed = squeezed || steps[i].contains("squeezed");
    double x = frame.MiddleX(place), y = frame.MiddleY(place);
    canvas.svg.Empty("circle", {{"cx", Px(x)}, {"cy", Px(y)}, {"r", "3"}, {"fill", kPathColour}});
    DrawLabel(canvas, x, y + 10, NumberText(steps[i].at("total")), kPathColour, 11, true);
    DrawLabel(canvas, x, y - 9, "+" + NumberText(steps[i].at("cost")), kPathColour, 9);
  }
  if (squeezed) canvas.legend.Line(kPathColour, "squeezed: the squares it occupies (thin dashes)", true);
}

// A route's first illegal step: a red dashed line to it and a cross on it.
void DrawIllegalStep(Canvas& canvas, const model::Creature& mover, const model::Area& before,
                     const nlohmann::json& illegal) {
  const MapFrame& frame = canvas.frame;
  model::Area place{SquareIn(illegal.at("at")), mover.squares_per_side, mover.squares_per_side};
  double x = frame.MiddleX(place), y = frame.MiddleY(place), arm = 6;
  canvas.svg.Empty("line", {{"x1", Px(frame.MiddleX(before))}, {"y1", Px(frame.MiddleY(before))}, {"x2", Px(x)},
                            {"y2", Px(y)}, {"stroke", kIllegalColour}, {"stroke-width", "2.5"},
                            {"stroke-dasharray", "5 3"}});
  canvas.svg.Empty("path", {{"d", fmt::format("M{} {}L{} {}M{} {}L{} {}", Px(x - arm), Px(y - arm), Px(x + arm),
                                              Px(y + arm), Px(x - arm), Px(y + arm), Px(x + arm), Px(y - arm))},
                            {"stroke", kIllegalColour}, {"stroke-width", "3"}});
  canvas.legend.Line(kIllegalColour, "first illegal step (" + NumberText(illegal.at("step")) +
                                         "): " + illegal.value("why", ""), true);
}

// Where a route's creature stands if it stops: a thick outline.
void DrawEnd(Canvas& canvas, const model::Creature& mover, const nlohmann::json& ends_at) {
  const MapFrame& frame = canvas.frame;
  model::Square at = SquareIn(ends_at);
  canvas.svg.Empty("rect", {{"x", Px(frame.Left(at.x))}, {"y", Px(frame.Top(at.y))},
                            {"width", Px(mover.squares_per_side * MapFrame::kSquarePx)},
                            {"height", Px(mover.squares_per_side * MapFrame::kSquarePx)}, {"fill", "none"},
                            {"stroke", kPathColour}, {"stroke-width", "3"}, {"stroke-dasharray", "2 2"}});
  canvas.legend.Line(kPathColour, fmt::format("it ends at [{}, {}]", at.x, at.y), true);
}

// Each attack of opportunity: a dashed line from the attacker to where the mover was before
// the step that provoked it.
void DrawOpportunities(Canvas& canvas, const nlohmann::json& attacks, const std::vector<model::Area>& places) {
  const MapFrame& frame = canvas.frame;
  for (const nlohmann::json& attack : attacks) {
    const model::Creature* by = canvas.scenario.FindCreature(attack.value("by", ""));
    auto step = attack.value("step", size_t{0});
    if (by == nullptr || step == 0 || step > places.size()) continue;
    const model::Area& from = places[step - 1];
    model::Area attacker = by->Occupied();
    canvas.svg.Empty("line", {{"x1", Px(frame.MiddleX(attacker))}, {"y1", Px(frame.MiddleY(attacker))},
                              {"x2", Px(frame.MiddleX(from))}, {"y2", Px(frame.MiddleY(from))},
                              {"stroke", kOpportunityColour}, {"stroke-width", "2.5"},
                              {"stroke-dasharray", "6 3"}});
    DrawLabel(canvas, (frame.MiddleX(attacker) + frame.MiddleX(from)) / 2,
              (frame.MiddleY(attacker) + frame.MiddleY(from)) / 2, "AoO", kOpportunityColour, 10, true);
    canvas.legend.Line(kOpportunityColour, "attack of opportunity by " + by->id + " (step " + std::to_string(step) + ")",
                       true);
  }
}

// The answer's totals: cost in squares and feet, whether the route is legal.
void NoteTotals(Legend& legend, const nlohmann::json& answer) {
  if (answer.contains("reachable") && !answer.at("reachable").get<bool>()) legend.Note("not reachable");
  if (answer.contains("legal")) legend.Note(answer.at("legal").get<bool>() ? "legal" : "not legal");
  if (answer.contains("cost")) {
    std::string total = "total: " + NumberText(answer.at("cost")) + " squares";
    if (answer.contains("cost_ft")) total += " (" + NumberText(answer.at("cost_ft")) + " ft)";
    legend.Note(total);
  }
}

}  // namespace

void RouteLayer::DrawMarks(Canvas& canvas) const {
  const model::Creature* mover = canvas.scenario.FindCreature(answer_.value("creature", ""));
  if (mover == nullptr) return;
  const nlohmann::json& steps = answer_.contains("steps") ? answer_.at("steps") : nlohmann::json::array();
  std::vector<model::Area> places = Places(*mover, steps);
  Legend& legend = canvas.legend;
  legend.Heading(answer_.value("kind", "") + " " + answer_.value("id", "") + ": " + mover->id);
  legend.Line(kPathColour, "its way; +step cost, total in squares");
  canvas.svg.Open("g", {{"class", "route"}});
  canvas.svg.Empty("polyline", {{"points", Middles(canvas.frame, places)}, {"fill", "none"}, {"stroke", kPathColour},
                                {"stroke-width", "3"}, {"stroke-linejoin", "round"}, {"stroke-opacity", "0.8"}});
  DrawStepCosts(canvas, steps, places);
  if (answer_.contains("first_illegal")) DrawIllegalStep(canvas, *mover, places.back(), answer_.at("first_illegal"));
  if (answer_.contains("ends_at")) DrawEnd(canvas, *mover, answer_.at("ends_at"));
  if (answer_.contains("attacks_of_opportunity")) {
    DrawOpportunities(canvas, answer_.at("attacks_of_opportunity"), places);
  }
  canvas.svg.Close();
  NoteTotals(legend, answer_);
}

}  // namespace rulecraft::render
