// Fuzz target: a table file → loader and schema checks, as a ruleset load reads it. The first
// byte picks which of tests/fixtures/mini's tables the rest replaces.
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "fuzz_support.h"
#include "rulecraft/rulecraft.h"

namespace {
const char* const kTables[] = {"ac_modifiers", "armor",  "attack_modifiers", "bonus_types",
                               "movement_modes", "sizes", "speeds",           "terrain"};
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::filesystem::path ruleset = rulecraft::fuzz::CopyOfSourceFolder("tests/fixtures/mini");
  static const std::filesystem::path pristine = rulecraft::fuzz::CopyOfSourceFolder("tests/fixtures/mini/tables");
  if (size == 0) return 0;
  const char* table = kTables[data[0] % std::size(kTables)];
  std::filesystem::path file = ruleset / "tables" / (std::string(table) + ".yaml");
  rulecraft::fuzz::WriteFile(file, data + 1, size - 1);
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  session.CheckRuleset(ruleset.string(), diagnostics);
  rulecraft::Render(diagnostics, session.sources());
  std::filesystem::copy_file(pristine / file.filename(), file, std::filesystem::copy_options::overwrite_existing);
  return 0;
}
