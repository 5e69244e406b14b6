// Fuzz target: a rules file → parse → check → compile, as `rulecraft check` reads it. The input
// replaces ruleset.rules of a copy of tests/fixtures/mini (its tables stay).
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "rulecraft/rulecraft.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::filesystem::path ruleset = rulecraft::fuzz::CopyOfSourceFolder("tests/fixtures/mini");
  rulecraft::fuzz::WriteFile(ruleset / "ruleset.rules", data, size);
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  session.CheckRuleset(ruleset.string(), diagnostics);
  rulecraft::Render(diagnostics, session.sources());
  return 0;
}
