// Fuzz target: a scenario file → reader → every query answered and compared with its
// `expect:`, as `rulecraft run` and `rulecraft test` do. One session for the whole run, so a
// bundled ruleset the scenarios name is loaded once.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "rulecraft/rulecraft.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static rulecraft::Session session;
  static const std::filesystem::path scenario = rulecraft::fuzz::ScratchFolder() / "scenario.yaml";
  rulecraft::fuzz::WriteFile(scenario, data, size);
  rulecraft::Diagnostics diagnostics;
  if (auto results = session.RunScenario(scenario.string(), diagnostics)) (void)results->dump();
  session.RunTests({scenario.string()}, diagnostics);
  rulecraft::Render(diagnostics, session.sources());
  return 0;
}
