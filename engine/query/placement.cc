#include "query/placement.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "movement/footprint.h"
#include "movement/grid_view.h"
#include "movement/step_rules.h"
#include "query/records.h"
#include "query/shared_squares.h"

namespace rulecraft::query {
namespace {

// The movement mode a creature is placed in: the first row of `movement_modes`.
constexpr int kPlacementMode = 0;

// One speed kind the creature has, as the step rules see it.
struct KindView {
  CreatureRecord record;
  std::unique_ptr<hooks::Runner> hooks;
  std::unique_ptr<movement::StepRules> rules;
};

// The creature's own squares, seen by the rules of each speed it has.
class SpaceCheck {
 public:
  SpaceCheck(const model::Scenario& scenario, const ruleset::Ruleset& rules, const model::Creature& creature)
      : space_{creature.at, creature.squares_per_side, creature.squares_per_side} {
    std::vector<std::string> kinds = {"land"};
    for (const auto& [kind, feet] : creature.speeds_ft) {
      if (kind != "land") kinds.push_back(kind);
    }
    // The view holds no other creature, so only the creature's own may_occupy hook can run.
    std::vector<const hooks::Script*> scripts = ScriptsOf(creature);
    bool hooked = hooks::Runner::AnyDefines(scripts, hooks::HookPoint::kMayOccupy) || hooks::Runner::AnyBroken(scripts);
    for (const std::string& kind : kinds) {
      auto view = std::make_unique<KindView>();
      BuildCreatureRecord(creature, rules, view->record, kind);
      if (hooked) {
        view->hooks = std::make_unique<hooks::Runner>(rules, hooks::LimitsOf(rules));
        view->hooks->SetQueryBudget(&budget_);
        view->hooks->SetMover(CreatureFactsOf(creature), scripts);
        view->hooks->SetMode(kPlacementMode);
        view->hooks->SetMap(scenario.map->width, scenario.map->height);
      }
      kinds_.push_back(std::move(view));
    }
    grid_ = std::make_unique<movement::GridView>(scenario, rules, creature, kinds_[0]->hooks.get(), &space_);
    for (auto& view : kinds_) {
      view->rules = std::make_unique<movement::StepRules>(rules, *grid_, view->record.slots.data(), kPlacementMode,
                                                          view->hooks.get());
    }
  }

  // Whether the creature may be placed on square (i, j) of its space, by some speed it has.
  bool MayStand(int32_t i, int32_t j) {
    for (auto& view : kinds_) {
      if (view->rules->MayOccupy(grid_->ClassAt(i, j))) return true;
    }
    return false;
  }

  // Whether every square of `band` (placed within the space) may be stood on; `refused` gets
  // the first that may not.
  bool Fits(const model::Area& band, model::Square& refused) {
    for (int32_t j = 0; j < band.height; ++j) {
      for (int32_t i = 0; i < band.width; ++i) {
        if (!MayStand(band.at.x + i, band.at.y + j)) {
          refused = {space_.at.x + band.at.x + i, space_.at.y + band.at.y + j};
          return false;
        }
      }
    }
    return true;
  }

  // The first failure of a rule or a script while checking, or empty.
  std::string Failure() const {
    for (const auto& view : kinds_) {
      if (!view->rules->ok()) return view->rules->error();
      if (view->hooks && view->hooks->failed()) return view->hooks->failure_text();
    }
    return {};
  }

  const eval::Slot* Mover() const { return kinds_[0]->record.slots.data(); }

 private:
  model::Area space_;
  hooks::QueryBudget budget_{"placement"};
  std::vector<std::unique_ptr<KindView>> kinds_;
  std::unique_ptr<movement::GridView> grid_;
};

// Whether the rules let this creature squeeze (rule `may_squeeze`, false without it).
bool MaySqueeze(const ruleset::Ruleset& rules, const eval::Slot* mover) {
  int rule = rules.program->FindRule("may_squeeze");
  if (rule < 0) return false;
  eval::Machine machine(*rules.program);
  eval::Slot args[2] = {eval::Slot{.record = mover}, eval::Slot{.number = kPlacementMode}};
  return machine.Call(rule, args).number != 0 && machine.error().empty();
}

// Settles one creature; reports and returns false when the rules refuse its placement.
bool Settle(const model::Scenario& scenario, const ruleset::Ruleset& rules, model::Creature& creature,
            Diagnostics& diagnostics) {
  SpaceCheck check(scenario, rules, creature);
  int32_t side = creature.squares_per_side;
  model::Square refused;
  bool fits = check.Fits({{0, 0}, side, side}, refused);
  bool squeezed = false;
  bool may_squeeze = !fits && side > 1 && MaySqueeze(rules, check.Mover());
  if (may_squeeze) {
    // The bands narrower than the space, widest first (movement::Footprints), at every place
    // within the space.
    std::vector<movement::Footprint> shapes = movement::Footprints(side, true);
    model::Square ignored;
    for (size_t s = 1; s < shapes.size() && !squeezed; ++s) {
      const movement::Footprint& shape = shapes[s];
      for (int32_t y = 0; y + shape.height <= side && !squeezed; ++y) {
        for (int32_t x = 0; x + shape.width <= side && !squeezed; ++x) {
          if (!check.Fits({{x, y}, shape.width, shape.height}, ignored)) continue;
          creature.at = {creature.at.x + x, creature.at.y + y};
          creature.squeezed_width = shape.width;
          creature.squeezed_height = shape.height;
          squeezed = true;
        }
      }
    }
  }
  SourceSpan where = creature.at_span.file.empty() ? creature.span : creature.at_span;
  if (std::string failure = check.Failure(); !failure.empty()) {
    diagnostics.Error("placement", where,
                      fmt::format("creature '{}' could not be placed: {}", creature.id, failure));
    return false;
  }
  if (fits || squeezed) return true;
  Diagnostic& error = diagnostics.Error(
      "placement", where,
      fmt::format("creature '{}' cannot stand at [{}, {}]: the rules do not let it be on square [{}, {}] ({}) "
                  "(rule may_occupy{})",
                  creature.id, creature.at.x, creature.at.y, refused.x, refused.y, scenario.map->TerrainAt(refused),
                  side == 1     ? ""
                  : may_squeeze ? "; squeezing (rule may_squeeze), no narrower band of its space fits either"
                                : "; rule may_squeeze does not let it squeeze into a narrower band"));
  if (int rule = rules.program->FindRule("may_occupy"); rule >= 0) {
    error.notes.push_back({rules.program->rules[static_cast<size_t>(rule)].span, "rule may_occupy is defined here"});
  }
  return false;
}

}  // namespace

bool SettlePlacements(model::Scenario& scenario, const ruleset::Ruleset& rules, Diagnostics& diagnostics) {
  if (!scenario.map) return true;
  bool settled = true;
  for (model::Creature& creature : scenario.creatures) {
    if (!creature.valid) continue;
    settled = Settle(scenario, rules, creature, diagnostics) && settled;
  }
  // Who shares a square is known once every creature stands where it settled.
  return CheckSharedSquares(scenario, rules, diagnostics) && settled;
}

std::string WhyItCannotStand(model::Scenario& scenario, const ruleset::Ruleset& rules, model::Creature& creature) {
  if (!scenario.map) return {};
  Diagnostics diagnostics;
  if (Settle(scenario, rules, creature, diagnostics) && CheckSharedSquares(scenario, rules, diagnostics)) return {};
  return diagnostics.items().empty() ? std::string("the rules do not let it stand there") : diagnostics.items().front().message;
}

}  // namespace rulecraft::query
