#include "movement/grid_view.h"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "model/attitude.h"

namespace rulecraft::movement {
namespace {

// Maps of at most this many squares have their terrain classes kept between views (below).
constexpr size_t kMaxKeptCells = size_t{1} << 18;

// The padded terrain classes of the last view of a whole map this thread made (the view's cells
// before creatures are added), with everything they were made from, so that the next view of
// the same map with the same class per terrain kind (a query after a creature moved) borrows
// them instead of converting every square again. They are kept only when the same map object
// is viewed a second time in a row: a process that views a map once keeps nothing of it. (The
// object only decides whether to keep; kept classes are used after comparing the map whole.)
// A view borrows the classes (they are `lent`), covers the squares creatures stand on, and
// uncovers them and gives them back when it ends; a view made meanwhile converts its own.
struct TerrainClasses {
  const model::GridMap* seen = nullptr;  // the map object the last view was of
  std::vector<uint16_t> map_cells;  // the map's terrain kinds, compared whole (when kept)
  int32_t map_width = 0;
  std::vector<uint16_t> class_of_kind;
  uint16_t outside = 0;
  std::vector<uint16_t> cells;  // the view's classes: wide, or narrow when each fits a byte
  std::vector<uint8_t> narrow;
  bool lent = false;        // cells and narrow are with a view, which gives them back
  uint64_t generation = 0;  // changes with what is kept, so that an older loan is not taken back

  bool Matches(const model::GridMap& map, const std::vector<uint16_t>& classes, uint16_t outside_class) const {
    return !lent && (!cells.empty() || !narrow.empty()) && map_width == map.width && outside == outside_class &&
           class_of_kind == classes && map_cells == map.cells;
  }
  // Keeps what the classes of `map` were made from; the classes themselves are lent to the view
  // that made them.
  void KeepLent(const model::GridMap& map, const std::vector<uint16_t>& classes, uint16_t outside_class) {
    seen = &map;
    map_cells = map.cells;
    map_width = map.width;
    class_of_kind = classes;
    outside = outside_class;
    cells = {};
    narrow = {};
    lent = true;
    ++generation;
  }
  // Keeps nothing but which map was viewed last.
  void Forget(const model::GridMap& map) {
    seen = &map;
    map_cells = {};
    map_width = 0;
    class_of_kind = {};
    outside = 0;
    cells = {};
    narrow = {};
    lent = false;
    ++generation;
  }
};

TerrainClasses& LastTerrainClasses() {
  thread_local TerrainClasses last;
  return last;
}

}  // namespace

namespace {

// SeenAsOccupant, given the ruleset's sizes table and the mover's row in it: the flag names are
// visited (Creature::ForEachFlagName) without building their list.
Occupant OccupantFor(const model::Creature& other, const model::Creature& mover, const ruleset::Ruleset& rules,
                     const tables::Table& sizes, int mover_size, bool with_names) {
  Occupant occupant;
  occupant.ally = !mover.side.empty() && other.side == mover.side;
  occupant.hostile = model::HostileTo(other, mover, rules);
  occupant.size_difference = sizes.IndexOf(other.size) - mover_size;
  other.ForEachFlagName([&](const std::string& name) {
    int bit = rules.program->FlagBit(name);
    if (bit >= 0) occupant.flags |= uint64_t{1} << bit;
    if (with_names) occupant.names.push_back(name);
  });
  return occupant;
}

}  // namespace

Occupant SeenAsOccupant(const model::Creature& other, const model::Creature& mover, const ruleset::Ruleset& rules,
                    bool with_names) {
  const tables::Table& sizes = rules.Table("sizes");
  return OccupantFor(other, mover, rules, sizes, sizes.IndexOf(mover.size), with_names);
}

void FillSquareRecord(const Occupant* occupant, size_t terrain, SquareRecord& record) {
  record[0].bits = occupant != nullptr ? occupant->flags : 0;
  record[1].pointer = nullptr;
  record[2].number = static_cast<double>(terrain);
  record[3].number = occupant != nullptr ? 1 : 0;
  record[4].number = occupant != nullptr && occupant->ally ? 1 : 0;
  record[5].number = occupant != nullptr ? occupant->size_difference : 0;
  record[6].number = occupant != nullptr && occupant->hostile ? 1 : 0;
}

bool Hooked(const model::Scenario& scenario, const model::Creature& mover) {
  if (!mover.scripts.empty()) return true;
  for (const model::Creature& other : scenario.creatures) {
    if (&other == &mover || !other.valid) continue;
    for (const auto& script : other.scripts) {
      if (script->DefinesOccupantHooks() || script->Defines(hooks::HookPoint::kZone)) return true;
    }
  }
  return false;
}

GridView::GridView(const model::Scenario& scenario, const ruleset::Ruleset& rules,
                   const model::Creature& mover, hooks::Runner* zones, const model::Area* terrain_window) {
  const model::GridMap& map = *scenario.map;
  const tables::Table& terrain = rules.Table("terrain");
  model::Area whole{{0, 0}, map.width, map.height};
  const model::Area& view = terrain_window != nullptr ? *terrain_window : whole;
  origin_ = view.at;
  width_ = view.width;
  height_ = view.height;
  table_rows_ = terrain.rows.size();
  std::vector<int> row_of_kind;
  std::vector<size_t> terrain_of_kind;  // each map kind's index among the rows the map uses
  for (const std::string& kind : map.terrain_kinds) {
    auto row = static_cast<size_t>(std::max(0, terrain.IndexOf(kind)));
    row_of_kind.push_back(static_cast<int>(row));
    auto known = std::find(row_of_terrain_.begin(), row_of_terrain_.end(), row);
    terrain_of_kind.push_back(static_cast<size_t>(known - row_of_terrain_.begin()));
    if (known == row_of_terrain_.end()) row_of_terrain_.push_back(row);
  }
  if (row_of_terrain_.empty()) row_of_terrain_.push_back(0);
  terrain_rows_ = row_of_terrain_.size();

  // Occupants first, so the class arithmetic knows how many there are.
  std::vector<std::pair<size_t, int>> placed;  // (square, occupants_ entry + 1) of each creature's squares
  bool hooked = terrain_window == nullptr && Hooked(scenario, mover);
  // A terrain window sees no creature.
  static const std::vector<model::Creature> kNoCreatures;
  const std::vector<model::Creature>& others = terrain_window != nullptr ? kNoCreatures : scenario.creatures;
  const tables::Table& sizes = rules.Table("sizes");
  int mover_size = sizes.IndexOf(mover.size);
  for (const model::Creature& other : others) {
    if (&other == &mover || !other.valid) continue;
    Occupant occupant = OccupantFor(other, mover, rules, sizes, mover_size, hooked);
    for (const auto& script : other.scripts) {
      if (script->DefinesOccupantHooks()) occupant.scripts.push_back(script.get());
    }
    auto known = std::find(occupants_.begin(), occupants_.end(), occupant);
    if (known == occupants_.end()) known = occupants_.insert(occupants_.end(), std::move(occupant));
    int index = static_cast<int>(known - occupants_.begin()) + 1;
    model::Area occupied = other.Occupied();
    for (int32_t dy = 0; dy < occupied.height; ++dy) {
      for (int32_t dx = 0; dx < occupied.width; ++dx) {
        std::optional<size_t> at = CellOf(occupied.at.x + dx, occupied.at.y + dy);
        if (at) placed.emplace_back(*at, index);
      }
    }
  }
  // By square, each square's creatures still in their order.
  std::stable_sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  // By square: the entry + 1 of the last creature standing there, or of a square several
  // different creatures share, an entry of its own listing them.
  std::vector<std::pair<size_t, int>> occupant_at;
  for (size_t begin = 0, end = 0; begin < placed.size(); begin = end) {
    for (end = begin + 1; end < placed.size() && placed[end].first == placed[begin].first; ++end) {
    }
    int index = placed[end - 1].second;
    if (end - begin > 1) {
      Occupant shared;
      for (size_t k = begin; k < end; ++k) {
        auto member = static_cast<uint16_t>(placed[k].second - 1);
        if (std::find(shared.members.begin(), shared.members.end(), member) == shared.members.end()) {
          shared.members.push_back(member);
        }
      }
      if (shared.members.size() > 1) {
        std::sort(shared.members.begin(), shared.members.end());
        auto known = std::find(occupants_.begin(), occupants_.end(), shared);
        if (known == occupants_.end()) known = occupants_.insert(occupants_.end(), std::move(shared));
        index = static_cast<int>(known - occupants_.begin()) + 1;
      }
    }
    occupant_at.emplace_back(placed[begin].first, index);
  }
  if (zones != nullptr && terrain_window == nullptr) AddZones(scenario, mover, *zones, occupant_at);
  // The classes, padded by one square of `Outside()` on every side.
  size_t per_terrain = occupants_.size() + 1;
  std::vector<uint16_t> class_of_kind;
  for (size_t terrain_index : terrain_of_kind) class_of_kind.push_back(static_cast<uint16_t>(terrain_index * per_terrain));
  size_t stride = static_cast<size_t>(Stride());
  TerrainClasses& last = LastTerrainClasses();
  bool whole_map = terrain_window == nullptr && map.cells.size() <= kMaxKeptCells;
  bool narrow = Outside() <= kMaxNarrowClass;
  // Most maps list their kinds in the order of the terrain rows they use, so that a kind's class
  // is the kind times the classes per terrain: a multiplication, which the compiler turns into
  // vector instructions, rather than a lookup per square.
  bool linear = true;
  for (size_t kind = 0; kind < class_of_kind.size(); ++kind) linear = linear && class_of_kind[kind] == kind * per_terrain;
  // Fills `cells` (cells_ or narrow_) with the map's terrain classes.
  auto fill = [&](auto& cells) {
    using Class = typename std::remove_reference_t<decltype(cells)>::value_type;
    cells.assign(stride * static_cast<size_t>(height_ + 2), static_cast<Class>(Outside()));
    auto scale = static_cast<uint16_t>(per_terrain);
    const int32_t width = width_;  // a local: a byte stored through `row` could be width_, for all the compiler knows
    for (int32_t y = 0; y < height_; ++y) {
      const uint16_t* kinds = map.cells.data() + static_cast<size_t>(y + origin_.y) * static_cast<size_t>(map.width) +
                              static_cast<size_t>(origin_.x);
      Class* row = cells.data() + static_cast<size_t>(y + 1) * stride + 1;
      if (linear) {
        for (int32_t x = 0; x < width; ++x) row[x] = static_cast<Class>(kinds[x] * scale);
      } else {
        for (int32_t x = 0; x < width; ++x) row[x] = static_cast<Class>(class_of_kind[kinds[x]]);
      }
    }
  };
  if (whole_map && last.Matches(map, class_of_kind, Outside())) {
    cells_ = std::move(last.cells);
    narrow_ = std::move(last.narrow);
    last.cells = {};
    last.narrow = {};
    last.lent = true;
    lender_ = &last;
    lent_generation_ = last.generation;
  } else {
    if (narrow) {
      fill(narrow_);
    } else {
      fill(cells_);
    }
    if (whole_map) {
      if (last.seen == &map) {
        last.KeepLent(map, class_of_kind, Outside());  // viewed again: keep, lent to this view
        lender_ = &last;
        lent_generation_ = last.generation;
      } else {
        last.Forget(map);
      }
    }
  }
  classes_used_ = class_of_kind;
  if (lender_ != nullptr) covered_.reserve(occupant_at.size());
  for (const auto& [cell, occupant] : occupant_at) {
    size_t x = cell % static_cast<size_t>(width_), y = cell / static_cast<size_t>(width_);
    size_t at = (y + 1) * stride + x + 1;
    auto terrain_class = static_cast<uint16_t>(narrow ? narrow_[at] : cells_[at]);
    if (lender_ != nullptr) covered_.emplace_back(at, terrain_class);
    auto cls = static_cast<uint16_t>(terrain_class + occupant);
    if (narrow) {
      narrow_[at] = static_cast<uint8_t>(cls);
    } else {
      cells_[at] = cls;
    }
    classes_used_.push_back(cls);
  }
  std::sort(classes_used_.begin(), classes_used_.end());
  classes_used_.erase(std::unique(classes_used_.begin(), classes_used_.end()), classes_used_.end());
  if (!map.edges.empty()) {
    east_.assign(static_cast<size_t>(width_) * static_cast<size_t>(height_), 0);
    south_.assign(east_.size(), 0);
  }
  for (const model::Edge& edge : map.edges) {
    // Stored on the west or north square of the two, as the index of its terrain row among the
    // rows the map's barriers use, + 1.
    model::Square first = edge.a.x + edge.a.y < edge.b.x + edge.b.y ? edge.a : edge.b;
    model::Square second = first == edge.a ? edge.b : edge.a;
    std::optional<size_t> at = CellOf(first.x, first.y);
    if (!at || !CellOf(second.x, second.y)) continue;
    size_t row = static_cast<size_t>(row_of_kind[edge.kind]);
    auto known = std::find(barrier_rows_.begin(), barrier_rows_.end(), row);
    if (known == barrier_rows_.end()) known = barrier_rows_.insert(barrier_rows_.end(), row);
    auto& side = edge.a.y == edge.b.y ? east_ : south_;
    side[*at] = static_cast<uint16_t>(known - barrier_rows_.begin() + 1);
  }
}

GridView::~GridView() {
  if (lender_ == nullptr) return;
  // Only to the lender, on its own thread, and only while it still waits for this loan.
  TerrainClasses& last = LastTerrainClasses();
  if (&last != lender_ || !last.lent || last.generation != lent_generation_) return;
  for (const auto& [at, terrain_class] : covered_) {
    if (narrow_.empty()) {
      cells_[at] = terrain_class;
    } else {
      narrow_[at] = static_cast<uint8_t>(terrain_class);
    }
  }
  last.cells = std::move(cells_);
  last.narrow = std::move(narrow_);
  last.lent = false;
}

uint16_t GridView::BarrierBetween(int32_t x, int32_t y, int32_t to_x, int32_t to_y) const {
  if (east_.empty() || !Contains(x, y) || !Contains(to_x, to_y)) return 0;
  int32_t first_x = std::min(x, to_x), first_y = std::min(y, to_y);
  size_t at = static_cast<size_t>(first_y) * static_cast<size_t>(width_) + static_cast<size_t>(first_x);
  if (y == to_y && std::abs(x - to_x) == 1) return east_[at];
  if (x == to_x && std::abs(y - to_y) == 1) return south_[at];
  return 0;
}

void GridView::AddZones(const model::Scenario& scenario, const model::Creature& mover, hooks::Runner& zones,
                        std::vector<std::pair<size_t, int>>& occupant_at) {
  std::map<size_t, std::vector<const hooks::Script*>> zone_at;  // only the squares some zone names
  for (const model::Creature& other : scenario.creatures) {
    if (&other == &mover || !other.valid) continue;
    for (const auto& script : other.scripts) {
      if (!script->Defines(hooks::HookPoint::kZone) || !script->DefinesZoneHooks()) continue;
      for (auto [x, y] : zones.Zone(model::CreatureFactsOf(other), *script)) {
        std::optional<size_t> at = CellOf(x, y);
        if (!at) continue;
        auto& scripts = zone_at[*at];
        if (std::find(scripts.begin(), scripts.end(), script.get()) == scripts.end()) scripts.push_back(script.get());
      }
    }
  }
  size_t creatures_end = occupant_at.size();  // the squares creatures stand on, sorted
  auto stands_on = [&](size_t cell) {
    auto found = std::lower_bound(occupant_at.begin(), occupant_at.begin() + static_cast<std::ptrdiff_t>(creatures_end),
                                  cell, [](const auto& entry, size_t square) { return entry.first < square; });
    return found != occupant_at.begin() + static_cast<std::ptrdiff_t>(creatures_end) && found->first == cell;
  };
  for (auto& [cell, scripts] : zone_at) {
    if (stands_on(cell)) continue;  // a creature standing there counts
    Occupant zone;
    zone.zone = true;
    zone.scripts = std::move(scripts);
    auto known = std::find(occupants_.begin(), occupants_.end(), zone);
    if (known == occupants_.end()) known = occupants_.insert(occupants_.end(), zone);
    occupant_at.emplace_back(cell, static_cast<int>(known - occupants_.begin()) + 1);
  }
}

}  // namespace rulecraft::movement
