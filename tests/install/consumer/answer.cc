// A program using the installed rulecraft library (tests/install): answers the scenario on
// standard input with rulecraft::Session and prints the JSON answer, as `rulecraft run -` does.
#include <iostream>
#include <iterator>
#include <string>

#include <rulecraft/rulecraft.h>

int main() {
  std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  auto answer = session.RunScenario(rulecraft::ScenarioText{"<stdin>", text, "."}, diagnostics);
  std::cerr << rulecraft::Render(diagnostics, session.sources());
  if (!answer) return 1;
  std::cout << nlohmann::json{{"version", rulecraft::Version()}, {"answer", *answer}}.dump(2) << "\n";
  return diagnostics.HasErrors() ? 1 : 0;
}
