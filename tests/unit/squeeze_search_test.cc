// Squeezing creatures of several squares (000 쥐어짜기, dnd35 rules may_squeeze, passage,
// squeezes) against a deliberately simple reference: every rectangle a Large or Huge creature
// may occupy, every step between two of them written out from the footprint contract
// (movement/footprint.h), the dnd35 costs in plain C++, and Bellman-Ford relaxation until
// nothing changes, on many random maps; the plain and the richer search (RichSearch) alike. The
// route of each `path` is then priced again by CheapestMoves, as a `route` query does, and must
// cost the same.
#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <tuple>

#include <gtest/gtest.h>

#include "movement/rich_search.h"
#include "movement/route_steps.h"
#include "search_test_world.h"

namespace rulecraft {
namespace {

using testing_world::kInf;

// open, difficult, wall (dnd35 terrain rows).
const std::vector<std::string> kKinds = {"open", "difficult", "wall"};

struct Rect {
  int x, y, w, h;
  bool Has(int i, int j) const { return i >= x && j >= y && i < x + w && j < y + h; }
  auto Key() const { return std::make_tuple(x, y, w, h); }
};

struct Map {
  int width, height;
  std::vector<int> cells;
  int At(int x, int y) const { return cells[static_cast<size_t>(y * width + x)]; }
  bool Inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
};

// 000: difficult terrain and squeezing are one hindrance each; 2^n straight, 3 × 2^(n−1)
// diagonal, else 1 and 1-2-1-2 diagonals; walls block and are corners.
float ReferenceStep(const Map& map, const Rect& to, int dx, int dy, int counter, int side, bool escape_artist) {
  int across = std::min(to.w, to.h);
  bool narrowed = across < side;
  if (narrowed && across * 2 < side && !escape_artist) return -1;
  bool diagonal = dx != 0 && dy != 0;
  float worst = 0;
  for (int j = to.y; j < to.y + to.h; ++j) {
    for (int i = to.x; i < to.x + to.w; ++i) {
      if (!map.Inside(i, j) || map.At(i, j) == 2) return -1;
      if (diagonal && (!map.Inside(i, j - dy) || !map.Inside(i - dx, j) || map.At(i, j - dy) == 2 ||
                       map.At(i - dx, j) == 2)) {
        return -1;
      }
      int hindrances = (map.At(i, j) == 1 ? 1 : 0) + (narrowed ? 1 : 0);
      float cost = hindrances == 0 ? (diagonal ? (counter % 2 == 0 ? 1.0f : 2.0f) : 1.0f)
                                   : diagonal ? 3.0f * std::pow(2.0f, static_cast<float>(hindrances - 1))
                                              : std::pow(2.0f, static_cast<float>(hindrances));
      worst = std::max(worst, cost);
    }
  }
  return worst;
}

// Whether a narrowed rectangle is where the space must squeeze: no whole side × side placement
// around it lies on the map without a wall (000 쥐어짜기: only through a space not wide enough).
bool MustNarrow(const Map& map, const Rect& band, int side) {
  for (int top = band.y + band.h - side; top <= band.y; ++top) {
    for (int left = band.x + band.w - side; left <= band.x; ++left) {
      bool open = true;
      for (int j = top; j < top + side; ++j) {
        for (int i = left; i < left + side; ++i) open = open && map.Inside(i, j) && map.At(i, j) != 2;
      }
      if (open) return false;
    }
  }
  return true;
}

// Whether every square of `inner` lies in `a` or in `b`.
bool Covered(const Rect& inner, const Rect& a, const Rect& b) {
  for (int j = inner.y; j < inner.y + inner.h; ++j) {
    for (int i = inner.x; i < inner.x + inner.w; ++i) {
      if (!a.Has(i, j) && !b.Has(i, j)) return false;
    }
  }
  return true;
}

// The contract of movement::MovesFrom, from rectangles: the whole space moves by the step; a
// squeezing space may take any shape that enters a new square, with the new squares within the
// old ones and the old moved by the step, or the old within the new and the new moved back; a
// band steps straight only along its length.
bool MayStep(const Rect& from, const Rect& to, int dx, int dy, int side) {
  bool whole_from = from.w == side && from.h == side, whole_to = to.w == side && to.h == side;
  if (whole_from && whole_to) return to.x == from.x + dx && to.y == from.y + dy;
  if (Covered(to, from, from)) return false;
  if (!whole_to && ((dy == 0 && to.w != side) || (dx == 0 && to.h != side))) return false;
  Rect moved{from.x + dx, from.y + dy, from.w, from.h};
  Rect back{to.x - dx, to.y - dy, to.w, to.h};
  return Covered(to, from, moved) || Covered(from, to, back);
}

// Cheapest cost per top-left square, over every shape and diagonal count.
std::map<std::pair<int, int>, float> ReferenceReach(const Map& map, int side, bool escape_artist) {
  std::vector<std::pair<int, int>> dims = {{side, side}};
  for (int across = side - 1; across >= 1; --across) {
    dims.push_back({across, side});
    dims.push_back({side, across});
  }
  std::vector<Rect> rects;
  for (auto [w, h] : dims) {
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) rects.push_back({x, y, w, h});
    }
  }
  std::map<std::tuple<int, int, int, int, int>, float> cost;  // rect key + counter
  auto key = [](const Rect& r, int counter) { return std::make_tuple(r.x, r.y, r.w, r.h, counter); };
  cost[key({0, 0, side, side}, 0)] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (const Rect& from : rects) {
      for (int counter = 0; counter < 2; ++counter) {
        auto found = cost.find(key(from, counter));
        if (found == cost.end()) continue;
        float at = found->second;
        for (const Rect& to : rects) {
          if (std::abs(to.x - from.x) > side + 1 || std::abs(to.y - from.y) > side + 1) continue;
          for (const auto& d : movement::kDirections) {
            if (!MayStep(from, to, d[0], d[1], side)) continue;
            if ((to.w != side || to.h != side) && !MustNarrow(map, to, side)) continue;
            float step = ReferenceStep(map, to, d[0], d[1], counter, side, escape_artist);
            if (step < 0) continue;
            int next_counter = d[0] != 0 && d[1] != 0 ? 1 - counter : counter;
            auto [slot, inserted] = cost.try_emplace(key(to, next_counter), at + step);
            if (inserted || at + step < slot->second) {
              slot->second = at + step;
              changed = true;
            }
          }
        }
      }
    }
  }
  std::map<std::pair<int, int>, float> best;
  for (const auto& [k, c] : cost) {
    auto square = std::make_pair(std::get<0>(k), std::get<1>(k));
    auto [slot, inserted] = best.try_emplace(square, c);
    if (!inserted) slot->second = std::min(slot->second, c);
  }
  return best;
}

class SqueezeSearch : public ::testing::TestWithParam<std::tuple<int, bool>> {};

TEST_P(SqueezeSearch, DijkstraAgreesWithBellmanFordOnRandomMaps) {
  auto [side, escape_artist] = GetParam();
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules) << Render(diagnostics, sources);
  int program_rule = rules->program->FindRule("may_squeeze");
  ASSERT_GE(program_rule, 0) << "dnd35 lets creatures of several squares squeeze";
  int squeezed = 0;  // squares best reached narrowed: the maps must exercise squeezing
  std::mt19937 random(2000 + static_cast<unsigned>(side) * 2 + (escape_artist ? 1 : 0));
  for (int round = 0; round < 25; ++round) {
    int width = 5 + static_cast<int>(random() % 4), height = 5 + static_cast<int>(random() % 4);
    Map map{width, height, testing_world::RandomCells(random, width, height, {55, 72}, side)};
    std::vector<std::string> conditions;  // moving with Escape Artist (d20_conditions, squeezes_tight)
    if (escape_artist) conditions.push_back("escape_artist_move");
    auto world = testing_world::MakeWorld(*rules, testing_world::MakeMap(width, height, map.cells, kKinds),
                                          side == 2 ? "large" : "huge", side, {}, conditions);
    ASSERT_TRUE(world->rules->ok()) << world->rules->error();
    movement::GridView& view = *world->view;
    movement::StepRules& step_rules = *world->rules;
    step_rules.TrackNarrowing(side - 1);
    movement::Reach reach = movement::Search(view, step_rules, {0, 0}, side, kInf, std::nullopt, true);
    auto expected = ReferenceReach(map, side, escape_artist);
    // The richer search (several speeds, facing) squeezes the same way.
    movement::RichReach rich =
        movement::RichSearch(view, {{&step_rules, kInf}}, {0, 0}, side, 0, false, std::nullopt, true);
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        auto found = expected.find({x, y});
        float want = found == expected.end() ? kInf : found->second;
        ASSERT_EQ(reach.Cost(x, y), want) << "round " << round << " square " << x << "," << y;
        if (want != kInf && reach.ShapeOf(reach.BestState(x, y)) != 0) ++squeezed;
        ASSERT_EQ(rich.Cost(x, y), want) << "rich: round " << round << " square " << x << "," << y;
        if (want == kInf || (x + y + round) % 5 != 0) continue;
        // A search toward the square, and its route priced again as a route query does.
        movement::Reach toward = movement::Search(view, step_rules, {0, 0}, side, kInf, model::Square{x, y}, true);
        ASSERT_EQ(toward.Cost(x, y), want) << "toward: round " << round << " square " << x << "," << y;
        std::vector<model::Square> route = movement::RouteTo(toward, toward.BestState(x, y));
        std::vector<movement::SpaceMove> moves =
            movement::CheapestMoves(view, step_rules, route, movement::Footprints(side, true));
        ASSERT_EQ(moves.size() + 1, route.size()) << "round " << round << " square " << x << "," << y;
        float total = 0;
        int counter = 0;
        for (size_t i = 1; i < route.size(); ++i) {
          int dx = movement::kDirections[moves[i - 1].direction][0], dy = movement::kDirections[moves[i - 1].direction][1];
          total += movement::FootprintStep(view, step_rules, route[i - 1].x, route[i - 1].y, dx, dy, counter,
                                           moves[i - 1].footprint);
          if (dx != 0 && dy != 0) counter = 1 - counter;
        }
        ASSERT_EQ(total, want) << "route: round " << round << " square " << x << "," << y;
      }
    }
  }
  EXPECT_GT(squeezed, 20);
}

INSTANTIATE_TEST_SUITE_P(LargeAndHuge, SqueezeSearch,
                         ::testing::Values(std::make_tuple(2, false), std::make_tuple(3, false),
                                           std::make_tuple(3, true)));

}  // namespace
}  // namespace rulecraft
