// A virtual tabletop dragging a token, through the library API (docs/api.md, "Library API"):
// load a scenario given as text once, then move the creature, paint a square, change a
// condition and ask `reach` and `path` again each time, without loading the ruleset again.
//
// Build: part of the CMake build (target drag_token); run: build/examples/drag_token.
// It exits 1 when an answer is not what the rules say, so ctest runs it as a test.
#include <iostream>
#include <optional>

#include "rulecraft/rulecraft.h"

namespace {

// The hall of examples/quickstart.yaml, written as a tool would send it: JSON works as well.
constexpr const char* kHall = R"yaml(
ruleset: dnd35
map:
  legend: { ".": open, "~": difficult, "#": wall }
  rows:
    - "##########"
    - "#....~~..#"
    - "#........#"
    - "##########"
creatures:
  - { id: valeros, side: party, race: human, at: [1, 1] }
  - { id: ogre, side: monsters, size: large, at: [7, 1] }
queries:
  - { id: valeros_move, reach: { creature: valeros } }
  - { id: to_the_door, path: { creature: valeros, to: [6, 2] } }
)yaml";

int failures = 0;

// Reports a wrong answer; the example is also a test.
void Expect(bool holds, const char* what) {
  if (!holds) {
    std::cerr << "drag_token: expected " << what << "\n";
    ++failures;
  }
}

}  // namespace

int main() {
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  auto hall = session.Open(rulecraft::ScenarioText{"hall.yaml", kHall, "."}, diagnostics);
  std::cerr << rulecraft::Render(diagnostics, session.sources());
  if (!hall) return 1;

  auto before = hall->Answer("valeros_move", diagnostics);
  std::cout << "valeros reaches " << (*before)["reachable_count"] << " squares from [1, 1]\n";

  // The same answer as values, as a tool draws it: no JSON built.
  std::optional<rulecraft::ReachAnswer> reach = hall->Reach("valeros_move", diagnostics);
  if (!reach) return 1;  // unknown, not a reach, or failed: diagnostics say why
  size_t may_end = 0;
  for (const rulecraft::ReachedSquare& square : reach->squares) {
    may_end += square.may_end ? 1 : 0;  // each square's x, y, cost, cost_ft, may_end
  }
  const rulecraft::ReachedSquare* start = reach->Find(1, 1);  // nullptr: out of reach
  Expect(reach->reachable_count == (*before)["reachable_count"], "Reach to count what Answer counts");
  Expect(may_end == reach->may_end_count, "may_end_count to count the squares the move may end on");
  Expect(start != nullptr && start->cost == 0 && start->may_end, "the start reached at no cost");

  // Drag the token two squares right: the same question, a new answer.
  Expect(hall->MoveCreature("valeros", 3, 2, diagnostics), "valeros may stand on [3, 2]");
  auto path = hall->Answer("to_the_door", diagnostics);
  std::cout << "from [3, 2] to [6, 2]: " << (*path)["cost_ft"] << " ft\n";

  // A wall is no place to stand, and the ogre's space is taken: both moves are refused.
  rulecraft::Diagnostics refused;
  Expect(!hall->MoveCreature("valeros", 0, 0, refused), "no standing in a wall");
  Expect(!hall->MoveCreature("valeros", 7, 1, refused), "no standing in the ogre's space");
  std::cout << "refused moves: " << refused.ErrorCount() << " errors\n";

  // Paint difficult terrain in the way: the route costs more.
  Expect(hall->PaintSquare(5, 2, "difficult", diagnostics), "[5, 2] can be painted difficult");
  Expect(hall->PaintSquare(4, 2, "difficult", diagnostics), "[4, 2] can be painted difficult");
  auto slower = hall->Answer("to_the_door", diagnostics);
  std::cout << "through difficult terrain: " << (*slower)["cost_ft"] << " ft\n";
  Expect((*slower)["cost_ft"] > (*path)["cost_ft"], "difficult terrain to cost more");

  // A query the scenario did not have, asked as text.
  auto ogre = hall->Ask("{ id: ogre_move, reach: { creature: ogre } }", diagnostics);
  Expect(ogre && (*ogre)["status"] == "ok", "the ogre's reach to be answered");

  // A condition changes what the rules allow; clearing it changes it back.
  Expect(hall->SetConditions("valeros", {"prone"}, diagnostics), "valeros may be prone");
  Expect(hall->SetConditions("valeros", {}, diagnostics), "valeros may stand up");

  std::cerr << rulecraft::Render(diagnostics, session.sources());
  Expect(!diagnostics.HasErrors(), "no errors");
  return failures == 0 ? 0 : 1;
}
