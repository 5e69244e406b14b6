// Fuzz target: a scenario file → reader → every query answered and compared with its
// `expect:`, as `rulecraft run` and `rulecraft test` do. A session per input (a session reads
// each path once, so a kept one would see the first input only).
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "rulecraft/rulecraft.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  rulecraft::Session session;
  static const std::filesystem::path scenario = rulecraft::fuzz::ScratchFolder() / "scenario.yaml";
  rulecraft::fuzz::WriteFile(scenario, data, size);
  rulecraft::Diagnostics diagnostics;
  if (auto results = session.RunScenario(scenario.string(), diagnostics)) (void)results->dump();
  session.RunTests({scenario.string()}, diagnostics);
  rulecraft::Render(diagnostics, session.sources());
  return 0;
}
