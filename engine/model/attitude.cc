#include "model/attitude.h"

namespace rulecraft::model {

bool HostileTo(const Creature& other, const Creature& mover, const ruleset::Ruleset& rules) {
  if (!mover.side.empty() && other.side == mover.side) return false;
  if (other.attitude.empty()) return true;
  const tables::Row* row = rules.Table("attitudes").Find(other.attitude);
  const tables::Value* hostile = row == nullptr ? nullptr : row->Get("hostile");
  return hostile == nullptr || hostile->AsBool();
}

}  // namespace rulecraft::model
