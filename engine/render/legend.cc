#include "render/legend.h"

#include <algorithm>

#include "render/palette.h"

namespace rulecraft::render {
namespace {

constexpr double kRowPx = 18;
constexpr double kMarkPx = 12;
constexpr double kTextIndentPx = 20;
constexpr double kCharacterPx = 7;  // a generous width of one character at 12 px

}  // namespace

void Legend::Heading(std::string text) { entries_.push_back({Mark::kHeading, "", std::move(text)}); }

void Legend::Swatch(std::string colour, std::string label, double opacity) {
  entries_.push_back({Mark::kSwatch, std::move(colour), std::move(label), opacity});
}

void Legend::Line(std::string colour, std::string label, bool dashed) {
  entries_.push_back({dashed ? Mark::kDashedLine : Mark::kLine, std::move(colour), std::move(label)});
}

void Legend::Note(std::string text) { entries_.push_back({Mark::kNote, "", std::move(text)}); }

double Legend::Width() const {
  size_t longest = 0;
  for (const Entry& entry : entries_) longest = std::max(longest, entry.label.size());
  return kTextIndentPx + kCharacterPx * static_cast<double>(longest);
}

double Legend::Height() const { return kRowPx * static_cast<double>(entries_.size()); }

void Legend::Draw(SvgWriter& svg, double left, double top) const {
  svg.Open("g", {{"class", "legend"}, {"font-size", "12"}, {"fill", kInkColour}});
  double y = top;
  for (const Entry& entry : entries_) {
    double middle = y + kRowPx / 2;
    switch (entry.mark) {
      case Mark::kSwatch:
        svg.Empty("rect", {{"x", Px(left)}, {"y", Px(middle - kMarkPx / 2)}, {"width", Px(kMarkPx)},
                           {"height", Px(kMarkPx)}, {"fill", entry.colour}, {"fill-opacity", Px(entry.opacity)},
                           {"stroke", kInkColour}, {"stroke-width", "0.5"}});
        break;
      case Mark::kLine:
      case Mark::kDashedLine: {
        Attributes line = {{"x1", Px(left)}, {"y1", Px(middle)}, {"x2", Px(left + kMarkPx + 2)},
                           {"y2", Px(middle)}, {"stroke", entry.colour}, {"stroke-width", "3"}};
        if (entry.mark == Mark::kDashedLine) line.emplace_back("stroke-dasharray", "4 2");
        svg.Empty("line", line);
        break;
      }
      case Mark::kHeading:
      case Mark::kNote:
        break;
    }
    bool text_only = entry.mark == Mark::kHeading || entry.mark == Mark::kNote;
    Attributes text = {{"x", Px(text_only ? left : left + kTextIndentPx)}, {"y", Px(middle + 4)}};
    if (entry.mark == Mark::kHeading) text.emplace_back("font-weight", "bold");
    svg.WithText("text", text, entry.label);
    y += kRowPx;
  }
  svg.Close();
}

}  // namespace rulecraft::render
