#include "dsl/check/manifest.h"

#include <algorithm>

#include <fmt/format.h>

#include "base/suggest.h"

namespace rulecraft::check {

ManifestInfo CheckManifest(const ast::Manifest& manifest, Diagnostics& diagnostics) {
  ManifestInfo info;
  info.name = manifest.name;
  info.title = manifest.title;
  info.extends = manifest.extends;
  info.extends_span = manifest.extends_span;
  info.uses = manifest.uses;
  const std::vector<std::string> known = {"square", "diagonal_cycle", "text", "lua_instructions", "lua_memory"};
  std::vector<std::string> seen;
  for (const ast::Setting& setting : manifest.settings) {
    if (std::find(seen.begin(), seen.end(), setting.key) != seen.end()) {
      diagnostics.Error("duplicate-key", setting.key_span,
                        fmt::format("setting '{}' is given twice", setting.key));
      continue;
    }
    seen.push_back(setting.key);
    if (setting.key == "square") {
      if (setting.unit != "ft") {
        diagnostics.Error("unit", setting.value_span,
                          fmt::format("expected the square size in feet (e.g. '5 ft'), found '{}'",
                                      setting.unit.empty() ? "a bare number" : setting.unit));
      } else if (setting.amount <= 0) {
        diagnostics.Error("out-of-range", setting.value_span, "the square size must be above 0 ft");
      } else {
        info.square_ft = setting.amount;
      }
      continue;
    }
    if (setting.key == "diagonal_cycle") {
      if (!setting.unit.empty() || setting.amount < 1 || setting.amount > 12 ||
          setting.amount != static_cast<int>(setting.amount)) {
        diagnostics.Error("out-of-range", setting.value_span,
                          "diagonal_cycle is a whole number from 1 to 12 (d20: 2, for 1-2-1-2)");
      } else {
        info.diagonal_cycle = static_cast<int>(setting.amount);
      }
      continue;
    }
    if (setting.key == "text") {
      if (!setting.unit.empty() || setting.amount < 0 || setting.amount > 999 ||
          setting.amount != static_cast<int>(setting.amount)) {
        diagnostics.Error("out-of-range", setting.value_span,
                          "text is the number of the rules text the ruleset follows, a whole number from 0 to 999 "
                          "(starfinder: text = 001), whose quotes explanations prefer");
      } else {
        info.text = fmt::format("{:03}", static_cast<int>(setting.amount));
      }
      continue;
    }
    if (setting.key == "lua_instructions" || setting.key == "lua_memory") {
      bool instructions = setting.key == "lua_instructions";
      double low = instructions ? static_cast<double>(limits::kLuaInstructionsMin)
                                : static_cast<double>(limits::kLuaMemoryMin);
      double high = instructions ? static_cast<double>(limits::kLuaInstructionsMax)
                                 : static_cast<double>(limits::kLuaMemoryMax);
      if (!setting.unit.empty() || setting.amount < low || setting.amount > high ||
          setting.amount != static_cast<double>(static_cast<int64_t>(setting.amount))) {
        diagnostics.Error("out-of-range", setting.value_span,
                          fmt::format("{} is a whole number from {} to {} ({} per Lua hook call)",
                                      setting.key, static_cast<int64_t>(low), static_cast<int64_t>(high),
                                      instructions ? "instructions" : "bytes"));
      } else if (instructions) {
        info.lua_instructions = static_cast<int64_t>(setting.amount);
      } else {
        info.lua_memory = static_cast<size_t>(setting.amount);
      }
      continue;
    }
    Diagnostic& error = diagnostics.Error(
        "unknown-setting", setting.key_span, fmt::format("unknown setting '{}'", setting.key));
    SuggestName(error, setting.key, known);
  }
  return info;
}

}  // namespace rulecraft::check
