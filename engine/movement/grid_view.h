// The map as one moving creature sees it: every square reduced to a small "class" (its
// terrain and who stands there), so step rules can be evaluated once per class.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dsl/eval/machine.h"
#include "hooks/runner.h"
#include "hooks/script.h"
#include "model/scenario.h"
#include "ruleset/ruleset.h"

namespace rulecraft::movement {

// Who stands in a square, relative to the mover.
struct Occupant {
  // An empty square in other creatures' zones (docs/lua.md, `zone`): no one stands there, and
  // `scripts` are those whose zone it is.
  bool zone = false;
  // A square several creatures share (tiny ones, or one beside a helpless one): the entries of
  // each, whose answers the step rules combine; the other fields are unused then.
  std::vector<uint16_t> members;
  bool ally = false;
  bool hostile = false;  // an opponent of the mover (model/attitude.h)
  double size_difference = 0;  // occupant size step minus the mover's
  uint64_t flags = 0;          // its conditions and traits, as Program flag bits
  // Only when the move calls Lua hooks (Hooked, docs/lua.md): the occupant's scripts for others'
  // moves, and its conditions and traits by name for scripts to read. Part of the class, so the
  // step rules' memo stays right.
  std::vector<const hooks::Script*> scripts;
  std::vector<std::string> names;
  bool operator==(const Occupant&) const = default;
};

// The square record rules see (`square`, docs/dsl.md): flags, bonuses, terrain, occupied, ally,
// size_difference, hostile — the fields of check::RecordKinds' `square`, in order.
using SquareRecord = std::array<eval::Slot, 7>;

// `other` as an occupant of squares `mover` looks at; `with_names` keeps its flag names for Lua.
// Its scripts are left to the caller.
Occupant SeenAsOccupant(const model::Creature& other, const model::Creature& mover, const ruleset::Ruleset& rules,
                    bool with_names);

// Fills a square record of terrain row `terrain` holding `occupant` (nullptr: no one).
void FillSquareRecord(const Occupant* occupant, size_t terrain, SquareRecord& record);

// Whether a move of `mover` calls Lua hooks (docs/lua.md): it has scripts, or another creature
// has scripts for moves through its squares or its zone. Only then does a movement query run them.
bool Hooked(const model::Scenario& scenario, const model::Creature& mover);

// Per-square classes for one mover: class = terrain × (occupants + 1) + occupant (0: none), where
// `terrain` counts only the terrain rows the map uses, so that a ruleset with many terrain rows
// keeps few classes on a map of few kinds.
class GridView {
 public:
  // The highest class kept a byte each.
  static constexpr size_t kMaxNarrowClass = 255;

  // `zones` (the mover's Lua runner, when the move calls hooks) asks other creatures' scripts
  // for their zones. With a `terrain_window`, the view is only the terrain of that part of the
  // map, without creatures or zones, its square (0, 0) the window's top-left (a creature's own
  // squares, to check where it is placed).
  GridView(const model::Scenario& scenario, const ruleset::Ruleset& rules, const model::Creature& mover,
           hooks::Runner* zones = nullptr, const model::Area* terrain_window = nullptr);
  // Gives the terrain classes it borrowed (grid_view.cc, TerrainClasses) back, creatures taken off.
  ~GridView();
  GridView(const GridView&) = delete;
  GridView& operator=(const GridView&) = delete;

  int32_t width() const { return width_; }
  int32_t height() const { return height_; }
  bool Contains(int32_t x, int32_t y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  // The class of a square inside the map.
  uint16_t ClassAt(int32_t x, int32_t y) const {
    size_t at = static_cast<size_t>(y + 1) * static_cast<size_t>(Stride()) + static_cast<size_t>(x + 1);
    return narrow_.empty() ? cells_[at] : narrow_[at];
  }
  // Whether every class, Outside() included, fits a byte (at most kMaxNarrowClass): then the
  // classes are kept a byte each (PaddedNarrow), else two (PaddedWide).
  bool Narrow() const { return !narrow_.empty(); }
  // The classes of the map padded by one square on every side, row by row, Stride() wide;
  // the padding is of class Outside(). Only one of the two is kept (Narrow()).
  const uint8_t* PaddedNarrow() const { return narrow_.data(); }
  const uint16_t* PaddedWide() const { return cells_.data(); }
  int32_t Stride() const { return width_ + 2; }
  // The class of the padding around the map: one past the last class.
  uint16_t Outside() const { return static_cast<uint16_t>(ClassCount()); }
  // How many classes there are.
  size_t ClassCount() const { return terrain_rows_ * (occupants_.size() + 1); }
  // The classes some square of the map has, each once (the map's terrain kinds, and those of the
  // squares creatures stand on).
  const std::vector<uint16_t>& ClassesUsed() const { return classes_used_; }
  // The terrain row of a class (for Outside(), the terrain table's row count).
  size_t TerrainOf(uint16_t cls) const {
    size_t terrain = cls / (occupants_.size() + 1);
    return terrain < row_of_terrain_.size() ? row_of_terrain_[terrain] : table_rows_;
  }
  // The occupant of a class, or nullptr when the square is empty.
  const Occupant* OccupantOf(uint16_t cls) const {
    const Occupant* entry = EntryOf(cls);
    return entry != nullptr && !entry->zone ? entry : nullptr;
  }
  // The creatures of a shared square's entry, each as its own occupant.
  std::vector<const Occupant*> MembersOf(const Occupant& shared) const {
    std::vector<const Occupant*> members;
    for (uint16_t index : shared.members) members.push_back(&occupants_[index]);
    return members;
  }
  // Whether the map has barriers between squares (`edges:`).
  bool HasEdges() const { return !east_.empty(); }
  // The barrier between two orthogonally next squares: 1 + its index among BarrierKinds(), or 0
  // for none (also for squares that are not side by side or not on the map).
  uint16_t BarrierBetween(int32_t x, int32_t y, int32_t to_x, int32_t to_y) const;
  // How many terrain rows the map's barriers use.
  size_t BarrierKinds() const { return barrier_rows_.size(); }
  // The terrain row of a barrier BarrierBetween gave (not 0).
  size_t BarrierRow(uint16_t barrier) const { return barrier_rows_[barrier - 1]; }
  // Steps the mover may not take whatever the step rules say, between the top-left squares of
  // its space (5e frightened: no step closer to the source it sees, query/keep_away.h).
  using StepRefusal = std::function<bool(model::Square from, model::Square to)>;
  void RefuseSteps(StepRefusal refusal) { refuse_ = std::move(refusal); }
  // Whether some steps are refused (RefuseSteps); the searches then take the richer path.
  bool RefusesSomeSteps() const { return static_cast<bool>(refuse_); }
  // Whether the step from `from` to `to` is refused.
  bool Refuses(model::Square from, model::Square to) const { return refuse_ && refuse_(from, to); }
  // The zone entry of an empty square in other creatures' zones, or nullptr.
  const Occupant* ZoneOf(uint16_t cls) const {
    const Occupant* entry = EntryOf(cls);
    return entry != nullptr && entry->zone ? entry : nullptr;
  }

 private:
  // Adds the zone entries of the squares in other creatures' zones where no creature stands;
  // `occupant_at` holds (square, entry + 1) sorted by square, and gets the zones' after them.
  void AddZones(const model::Scenario& scenario, const model::Creature& mover, hooks::Runner& zones,
                std::vector<std::pair<size_t, int>>& occupant_at);
  // The index in the view's squares of a map square, or nullopt outside the view.
  std::optional<size_t> CellOf(int32_t map_x, int32_t map_y) const {
    int32_t x = map_x - origin_.x, y = map_y - origin_.y;
    if (!Contains(x, y)) return std::nullopt;
    return static_cast<size_t>(y) * static_cast<size_t>(width_) + static_cast<size_t>(x);
  }
  const Occupant* EntryOf(uint16_t cls) const {
    size_t index = cls % (occupants_.size() + 1);
    return index == 0 ? nullptr : &occupants_[index - 1];
  }

  model::Square origin_;  // the map square that is the view's (0, 0)
  int32_t width_ = 0;
  int32_t height_ = 0;
  size_t terrain_rows_ = 1;            // how many terrain rows the map uses (at least 1)
  std::vector<size_t> row_of_terrain_;  // the terrain table's row of each of those
  size_t table_rows_ = 0;               // how many rows the terrain table has
  std::vector<Occupant> occupants_;
  std::vector<uint16_t> cells_;  // padded: (width + 2) × (height + 2), when not Narrow()
  std::vector<uint8_t> narrow_;  // the same a byte each, when Narrow()
  std::vector<uint16_t> classes_used_;
  // Barriers between squares, per square on its east and south edge: terrain row + 1, 0 none;
  // empty when the map has none.
  std::vector<uint16_t> east_;
  std::vector<uint16_t> south_;
  std::vector<size_t> barrier_rows_;  // the terrain rows of the map's barriers, each once
  StepRefusal refuse_;  // RefuseSteps; empty: none
  // When cells_ or narrow_ are borrowed from this thread's kept terrain classes: the lender, the
  // loan's generation, and each square a creature or zone covered with its terrain class, so
  // that the destructor can give the terrain back as it was lent.
  const void* lender_ = nullptr;
  uint64_t lent_generation_ = 0;
  std::vector<std::pair<size_t, uint16_t>> covered_;
};

}  // namespace rulecraft::movement
