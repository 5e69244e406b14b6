#include "model/cr_reader.h"

#include <optional>

#include <fmt/format.h>

#include "tables/yaml_file.h"

namespace rulecraft::model {
namespace {

// The fractional challenge ratings the d20 stat blocks print, as their values.
std::optional<double> Fraction(std::string_view text) {
  for (int denominator : {2, 3, 4, 6, 8}) {
    if (text == fmt::format("1/{}", denominator)) return 1.0 / denominator;
  }
  return std::nullopt;
}

}  // namespace

void ReadChallengeRating(const SourceFile& file, const YAML::Node& node, Creature& creature, Diagnostics& diagnostics) {
  if (!node.IsDefined()) return;
  std::optional<double> value;
  if (node.IsScalar()) {
    value = Fraction(node.Scalar());
    if (!value) value = yaml::ParseNumber(node.Scalar());
  }
  if (!value || *value < 0 || *value > kMaxChallengeRating) {
    diagnostics.Error(value ? "out-of-range" : "wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a challenge rating 'cr': a number from 0 to {} or a fraction 1/2, 1/3, "
                                  "1/4, 1/6 or 1/8, found {}",
                                  kMaxChallengeRating, yaml::Describe(node)));
    return;
  }
  creature.cr = *value;
}

}  // namespace rulecraft::model
