#include "render/attack_layer.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "render/palette.h"

namespace rulecraft::render {
namespace {

// What the legend calls each colour of a line, most protective first.
constexpr std::array<std::pair<const char*, const char*>, 5> kLineKinds = {{
    {"cover", "meets a wall: cover"},
    {"low", "meets a low obstacle: low cover"},
    {"soft", "meets a creature: soft cover"},
    {"concealment", "meets concealment"},
    {"none", "meets nothing"},
}};

// The most protective thing a line meets (its `meets` list in the answer), as LineColour names it.
std::string Strongest(const nlohmann::json& meets) {
  auto has = [&](const char* what) { return std::find(meets.begin(), meets.end(), what) != meets.end(); };
  if (has("wall")) return "cover";
  if (has("low")) return "low";
  if (has("creature") || has("friend")) return "soft";
  if (has("concealing")) return "concealment";
  return "none";
}

void DrawCoverLines(Canvas& canvas, const nlohmann::json& cover_lines) {
  const MapFrame& frame = canvas.frame;
  model::Square corner = SquareIn(cover_lines.at("corner"));
  double x = frame.Left(corner.x), y = frame.Top(corner.y);
  canvas.svg.Open("g", {{"class", "cover-lines"}, {"stroke-width", "2"}, {"stroke-linecap", "round"}});
  for (const nlohmann::json& line : cover_lines.value("lines", nlohmann::json::array())) {
    model::Square to = SquareIn(line.at("to"));
    canvas.svg.Empty("line", {{"x1", Px(x)}, {"y1", Px(y)}, {"x2", Px(frame.Left(to.x))}, {"y2", Px(frame.Top(to.y))},
                              {"stroke", LineColour(Strongest(line.at("meets")))}});
  }
  canvas.svg.Empty("circle", {{"cx", Px(x)}, {"cy", Px(y)}, {"r", "4"}, {"fill", kInkColour}});
  canvas.svg.Close();
  canvas.legend.Note(fmt::format("lines from the corner [{}, {}] (dot)", corner.x, corner.y));
  for (const auto& [kind, label] : kLineKinds) canvas.legend.Line(LineColour(kind), label);
}

// A dashed line from the attacker through the defender to each creature flanking with it.
void DrawFlanking(Canvas& canvas, const model::Creature& attacker, const nlohmann::json& flankers) {
  const MapFrame& frame = canvas.frame;
  model::Area from = attacker.Occupied();
  for (const nlohmann::json& id : flankers) {
    const model::Creature* ally = canvas.scenario.FindCreature(id.get<std::string>());
    if (ally == nullptr) continue;
    model::Area to = ally->Occupied();
    canvas.svg.Empty("line", {{"x1", Px(frame.MiddleX(from))}, {"y1", Px(frame.MiddleY(from))},
                              {"x2", Px(frame.MiddleX(to))}, {"y2", Px(frame.MiddleY(to))},
                              {"stroke", kFlankingColour}, {"stroke-width", "3"}, {"stroke-dasharray", "8 4"}});
    canvas.legend.Line(kFlankingColour, "flanking with " + ally->id, true);
  }
}

// A signed modifier: +2, -4, 0.
std::string Signed(const nlohmann::json& number) {
  std::string text = NumberText(number);
  return number.get<double>() > 0 ? "+" + text : text;
}

// The attack's outcome in the legend: possible or why not, cover, concealment, the bonuses.
void NoteOutcome(Legend& legend, const nlohmann::json& answer) {
  bool possible = answer.value("possible", false);
  legend.Note(possible ? "possible" : "not possible: " + answer.value("why", ""));
  if (answer.contains("cover") || answer.contains("concealment")) {
    std::string cover = "cover: " + answer.value("cover", "none") + ", concealment: " + answer.value("concealment", "none");
    if (answer.contains("miss_chance")) cover += " (" + NumberText(answer.at("miss_chance")) + "% miss)";
    legend.Note(cover);
  }
  if (answer.contains("attack_bonus") && answer.contains("ac_bonus")) {
    legend.Note("attack " + Signed(answer.at("attack_bonus")) + ", AC " + Signed(answer.at("ac_bonus")));
  }
}

}  // namespace

void AttackLayer::DrawAreas(Canvas& canvas) const {
  if (!answer_.contains("cover_lines")) return;
  model::Square target = SquareIn(answer_.at("cover_lines").at("target_square"));
  const MapFrame& frame = canvas.frame;
  canvas.svg.Empty("rect", {{"class", "target"}, {"x", Px(frame.Left(target.x))}, {"y", Px(frame.Top(target.y))},
                            {"width", Px(MapFrame::kSquarePx)}, {"height", Px(MapFrame::kSquarePx)},
                            {"fill", "none"}, {"stroke", kInkColour}, {"stroke-width", "2"},
                            {"stroke-dasharray", "3 2"}});
}

void AttackLayer::DrawMarks(Canvas& canvas) const {
  const model::Creature* attacker = canvas.scenario.FindCreature(answer_.value("attacker", ""));
  if (attacker == nullptr) return;
  Legend& legend = canvas.legend;
  legend.Heading(fmt::format("attack {}: {} at {} ({})", answer_.value("id", ""), attacker->id,
                             answer_.value("defender", ""), answer_.value("attack_kind", "")));
  if (answer_.contains("cover_lines")) DrawCoverLines(canvas, answer_.at("cover_lines"));
  if (answer_.contains("flankers")) DrawFlanking(canvas, *attacker, answer_.at("flankers"));
  NoteOutcome(legend, answer_);
}

}  // namespace rulecraft::render
