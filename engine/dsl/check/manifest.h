// Checks a parsed manifest: known settings, units, a valid square size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "base/limits.h"
#include "dsl/ast/manifest.h"
#include "rulecraft/diagnostic.h"

namespace rulecraft::check {

// A ruleset's identity and settings, checked.
struct ManifestInfo {
  std::string name;
  std::string title;
  std::string extends;
  SourceSpan extends_span;
  std::vector<std::pair<std::string, SourceSpan>> uses;  // shared modules (ast::Manifest::uses)
  double square_ft = 5;  // side of one grid square
  // The rules text the ruleset follows, as its seed number ("001"); where a rule's comment quotes
  // several texts, explanations quote this one. Empty: the comment's first quote.
  std::string text;
  int diagonal_cycle = 2;  // diagonals are counted 1, 2, …, cycle, 1, … (step.diagonal_number)
  int64_t lua_instructions = limits::kLuaInstructions;  // per Lua hook call (docs/lua.md)
  size_t lua_memory = limits::kLuaMemoryBytes;          // bytes per Lua hook call
};

// Checks the settings of a manifest; errors become diagnostics. Unset settings keep defaults.
ManifestInfo CheckManifest(const ast::Manifest& manifest, Diagnostics& diagnostics);

}  // namespace rulecraft::check
