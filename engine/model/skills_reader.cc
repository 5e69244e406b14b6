#include "model/skills_reader.h"

#include <cmath>
#include <set>
#include <string>

#include <fmt/format.h>

#include "base/limits.h"
#include "model/unknown_row.h"
#include "tables/yaml_file.h"

namespace rulecraft::model {

void ReadSkills(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules, Creature& creature,
                Diagnostics& diagnostics) {
  if (!node.IsDefined()) return;
  const tables::Table* skills = rules.tables.Find("skills");
  if (skills == nullptr) {
    diagnostics.Error("missing-table", yaml::SpanOf(file, node),
                      fmt::format("ruleset '{}' has no 'skills' table, so its creatures have no skills", rules.manifest.name));
    return;
  }
  if (!node.IsMap()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a mapping of skills to modifiers such as {{ tumble: 8 }} for 'skills', found {}",
                                  yaml::Describe(node)));
    return;
  }
  std::set<std::string> seen;
  for (const auto& entry : node) {
    auto name = yaml::ReadName(file, entry.first, "skill", diagnostics);
    if (!name) continue;
    if (skills->Find(*name) == nullptr) {
      ReportUnknownRow(diagnostics, yaml::SpanOf(file, entry.first), *skills, "skill", *name, rules.manifest.name);
      continue;
    }
    if (!seen.insert(*name).second) {
      diagnostics.Error("duplicate-key", yaml::SpanOf(file, entry.first),
                        fmt::format("skill '{}' is given twice in 'skills'", *name));
      continue;
    }
    std::optional<double> value;
    if (entry.second.IsScalar()) value = yaml::ParseNumber(entry.second.Scalar());
    double high = limits::kMaxCreatureNumber;
    if (!value || !(*value >= -high && *value <= high) || std::floor(*value) != *value) {
      diagnostics.Error("wrong-type", yaml::SpanOf(file, entry.second),
                        fmt::format("expected a whole number from {} to {} (limits::kMaxCreatureNumber) for skill '{}', "
                                    "found {}",
                                    -high, high, *name, yaml::Describe(entry.second)));
      continue;
    }
    creature.bonuses.push_back({*name, *value, "untyped", "skills", yaml::SpanOf(file, entry.first)});
  }
}

}  // namespace rulecraft::model
