// Fuzz target: a Lua script → loaded in the sandbox and called at every hook point: the script
// is the trait `fuzzed` of a creature in a ruleset extending dnd35, and a fixed scenario asks
// that creature's and its opponents' movement, threat and attack questions.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "rulecraft/rulecraft.h"

namespace {

// The scenario: the scripted creature (Large, so it has a space of several squares) among an
// ally and an enemy, with difficult terrain, a wall and a low wall about.
const char* const kScenario = R"(ruleset: ./ruleset
map:
  legend: { ".": open, "~": difficult, "#": wall, "_": low_wall }
  rows:
    - "........"
    - ".~~..#.."
    - "..._...."
    - "........"
    - "........"
creatures:
  - { id: scripted, side: a, race: human, size: large, at: [1, 1], speed: { land: 30 }, traits: [fuzzed] }
  - { id: ally, side: a, race: human, size: medium, at: [4, 3], speed: { land: 30 } }
  - { id: enemy, side: b, race: human, size: medium, at: [6, 3], speed: { land: 30 }, traits: [fuzzed] }
queries:
  - { id: s, speed: { creature: scripted } }
  - { id: r, reach: { creature: scripted } }
  - { id: p, path: { creature: enemy, to: [0, 4] } }
  - { id: q, route: { creature: ally, through: [[3, 3], [3, 4], [2, 4]] } }
  - { id: t, threatened: { creature: scripted } }
  - { id: a, attack: { attacker: enemy, defender: scripted, kind: ranged } }
  - { id: m, attack: { attacker: scripted, defender: ally, kind: melee } }
)";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace fs = std::filesystem;
  static const fs::path folder = [] {
    fs::path root = rulecraft::fuzz::ScratchFolder() / "lua";
    fs::create_directories(root / "ruleset" / "hooks");
    rulecraft::fuzz::WriteFile(root / "ruleset" / "ruleset.rules",
                               "ruleset fuzzed_hooks \"dnd35 with a fuzzed script\" extends dnd35 { square = 5 ft }\n");
    rulecraft::fuzz::WriteFile(root / "scenario.yaml", kScenario);
    return root;
  }();
  rulecraft::fuzz::WriteFile(folder / "ruleset" / "hooks" / "fuzzed.lua", data, size);
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  if (auto results = session.RunScenario((folder / "scenario.yaml").string(), diagnostics)) (void)results->dump();
  rulecraft::Render(diagnostics, session.sources());
  return 0;
}
