#include "model/skills_reader.h"

#include "base/limits.h"
#include "model/numbers_reader.h"

namespace rulecraft::model {

void ReadSkills(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules, Creature& creature,
                Diagnostics& diagnostics) {
  if (!node.IsDefined()) return;
  static const RowNumbers kSkills{"skills", "skills", "skill", "skills", "skills to modifiers such as { tumble: 8 }",
                                  "skill ", -limits::kMaxCreatureNumber};
  ReadRowNumbers(file, node, rules, kSkills, diagnostics, [&](const std::string& name, double value, const SourceSpan& key) {
    creature.bonuses.push_back({name, value, "untyped", "skills", key});
  });
}

}  // namespace rulecraft::model
