// Who is hostile to whom: the side a creature fights on and its attitude (a row of the ruleset's
// `attitudes` table, whose `hostile` column the rules decide; no attitude is hostile).
#pragma once

#include "model/scenario.h"
#include "ruleset/ruleset.h"

namespace rulecraft::model {

// Whether `other` is an opponent of `mover`: not on its side (any creature when the mover has no
// side) and hostile by its attitude.
bool HostileTo(const Creature& other, const Creature& mover, const ruleset::Ruleset& rules);

}  // namespace rulecraft::model
