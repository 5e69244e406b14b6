#include "model/scenario.h"

namespace rulecraft::model {

const Creature* Scenario::FindCreature(const std::string& id) const {
  for (const Creature& creature : creatures) {
    if (creature.id == id) return &creature;
  }
  return nullptr;
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
    case QueryKind::kClosest: return "closest";
  }
  return "size";
}

}  // namespace rulecraft::model
