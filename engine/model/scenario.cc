#include "model/scenario.h"

namespace rulecraft::model {

const Creature* Scenario::FindCreature(const std::string& id) const {
  for (const Creature& creature : creatures) {
    if (creature.id == id) return &creature;
  }
  return nullptr;
}

hooks::CreatureFacts CreatureFactsOf(const Creature& creature) {
  hooks::CreatureFacts facts;
  facts.id = creature.id;
  facts.side = creature.side;
  facts.size = creature.size;
  facts.race = creature.race;
  facts.armor = creature.armor;
  facts.shape = creature.shape;
  facts.conditions = creature.AllConditions();
  facts.traits = creature.traits;
  facts.attitude = creature.attitude;
  facts.speeds_ft = creature.speeds_ft;
  facts.squares = creature.squares_per_side;
  facts.x = creature.at.x;
  facts.y = creature.at.y;
  facts.facing = creature.facing;
  return facts;
}

const char* QueryKindName(QueryKind kind) {
  switch (kind) {
    case QueryKind::kSize: return "size";
    case QueryKind::kSpeed: return "speed";
    case QueryKind::kReach: return "reach";
    case QueryKind::kPath: return "path";
    case QueryKind::kRoute: return "route";
    case QueryKind::kAttack: return "attack";
    case QueryKind::kThreatened: return "threatened";
    case QueryKind::kTravel: return "travel";
    case QueryKind::kChase: return "chase";
    case QueryKind::kClosest: return "closest";
    case QueryKind::kSave: return "save";
    case QueryKind::kTurn: return "turn";
    case QueryKind::kCreature: return "creature";
  }
  return "size";
}

}  // namespace rulecraft::model
