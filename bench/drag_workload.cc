// The dragging-token case of issue 15 through the library API: one scenario opened once, 50
// creatures on the generator's 256² map, each moved one square (as a tool drags a token) and
// then asked its double-move reach (OpenScenario::Reach: the answer as values, as a C++ tool
// reads it; `rulecraft run` writes the same answers as JSON). Prints the time of the 50 moves and queries, and the sums
// of their answers' `reachable_count` and `may_end_count` as keys.
//
// Usage: drag_workload MAP SCENARIO_OUT
// SCENARIO_OUT receives the same scenario with every creature where the loop leaves it and the
// same 50 queries, so bench/run.sh can time them as one `rulecraft run` and compare the keys.
#include <chrono>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "rulecraft/rulecraft.h"

namespace {

constexpr int kColumns = 10;
constexpr int kRows = 5;  // 50 creatures, at least 25 squares apart: no reach sees another one

struct Token {
  std::string id;
  int x = 0, y = 0;            // where the scenario puts it
  int to_x = 0, to_y = 0;      // where it is dragged
};

// Reads the generator's "W H" then H rows of '.', '~', '#'.
bool ReadRows(const char* path, std::vector<std::string>& rows) {
  std::ifstream in(path);
  int width = 0, height = 0;
  if (!(in >> width >> height) || width <= 0 || height <= 0) return false;
  std::string row;
  for (int y = 0; y < height; ++y) {
    if (!(in >> row) || static_cast<int>(row.size()) != width) return false;
    rows.push_back(row);
  }
  return true;
}

// The open square ('.') nearest (Manhattan) to (cx, cy); ties: row-major first.
void Nearest(const std::vector<std::string>& rows, int cx, int cy, int& out_x, int& out_y) {
  int best = std::numeric_limits<int>::max();
  for (int y = 0; y < static_cast<int>(rows.size()); ++y) {
    for (int x = 0; x < static_cast<int>(rows[0].size()); ++x) {
      if (rows[static_cast<size_t>(y)][static_cast<size_t>(x)] != '.') continue;
      int distance = std::abs(x - cx) + std::abs(y - cy);
      if (distance < best) best = distance, out_x = x, out_y = y;
    }
  }
}

// The scenario as YAML: the map, the tokens (at their drag targets when `dragged`), a
// double-move reach query per token.
std::string ScenarioText(const std::vector<std::string>& rows, const std::vector<Token>& tokens, bool dragged) {
  std::ostringstream text;
  text << "ruleset: dnd35\nmap:\n  legend: { \".\": open, \"~\": difficult, \"#\": wall }\n  rows:\n";
  for (const std::string& row : rows) text << "    - \"" << row << "\"\n";
  text << "creatures:\n";
  for (const Token& token : tokens) {
    text << "  - { id: " << token.id << ", side: party, race: human, speed: { land: 30 }, at: ["
         << (dragged ? token.to_x : token.x) << ", " << (dragged ? token.to_y : token.y) << "] }\n";
  }
  text << "queries:\n";
  for (const Token& token : tokens) {
    text << "  - { id: " << token.id << "_reach, reach: { creature: " << token.id << ", mode: double } }\n";
  }
  return text.str();
}

// Adds the answer's reachable_count and may_end_count to the sums.
void AddKeys(const rulecraft::ReachAnswer& answer, long long& reachable, long long& may_end) {
  reachable += static_cast<long long>(answer.reachable_count);
  may_end += static_cast<long long>(answer.may_end_count);
}

// The CPU time this thread has used, in milliseconds: on a shared machine the wall clock also
// counts the time other programs had the cores.
double CpuMs() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: drag_workload MAP SCENARIO_OUT\n");
    return 2;
  }
  std::vector<std::string> rows;
  if (!ReadRows(argv[1], rows)) {
    std::fprintf(stderr, "drag_workload: cannot read the map %s\n", argv[1]);
    return 1;
  }
  int width = static_cast<int>(rows[0].size()), height = static_cast<int>(rows.size());
  std::vector<Token> tokens;
  for (int row = 0; row < kRows; ++row) {
    for (int column = 0; column < kColumns; ++column) {
      Token token;
      token.id = "c" + std::to_string(tokens.size());
      Nearest(rows, (2 * column + 1) * width / (2 * kColumns), (2 * row + 1) * height / (2 * kRows), token.x, token.y);
      Nearest(rows, token.x + 1, token.y, token.to_x, token.to_y);
      if (token.to_x == token.x && token.to_y == token.y) Nearest(rows, token.x - 1, token.y, token.to_x, token.to_y);
      tokens.push_back(token);
    }
  }
  {
    std::ofstream out(argv[2]);
    out << ScenarioText(rows, tokens, true);
    if (!out) {
      std::fprintf(stderr, "drag_workload: cannot write %s\n", argv[2]);
      return 1;
    }
  }

  auto start_clock = std::chrono::steady_clock::now();
  rulecraft::Session session;
  rulecraft::Diagnostics diagnostics;
  auto scenario = session.Open(rulecraft::ScenarioText{"drag.yaml", ScenarioText(rows, tokens, false), "."},
                               diagnostics);
  if (!scenario) {
    std::fprintf(stderr, "%s", rulecraft::Render(diagnostics, session.sources()).c_str());
    return 1;
  }
  auto opened_clock = std::chrono::steady_clock::now();
  double cpu_start = CpuMs();
  long long reachable = 0, may_end = 0;
  for (const Token& token : tokens) {
    auto answer = scenario->MoveCreature(token.id, token.to_x, token.to_y, diagnostics)
                      ? scenario->Reach(token.id + "_reach", diagnostics)
                      : std::nullopt;
    if (!answer) {
      std::fprintf(stderr, "drag_workload: %s: no reach answer\n%s", token.id.c_str(),
                   rulecraft::Render(diagnostics, session.sources()).c_str());
      return 1;
    }
    AddKeys(*answer, reachable, may_end);
  }
  auto asked_clock = std::chrono::steady_clock::now();
  double cpu_queries = CpuMs() - cpu_start;
  auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  std::printf("queries %zu\nreachable %lld\nmay_end %lld\nms_open %.3f\nms_queries %.3f\ncpu_ms_queries %.3f\n",
              tokens.size(), reachable, may_end, ms(start_clock, opened_clock), ms(opened_clock, asked_clock),
              cpu_queries);
  return 0;
}
