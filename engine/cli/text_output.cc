#include "cli/text_output.h"

#include <algorithm>
#include <string>

#include <fmt/format.h>

namespace rulecraft::cli {
namespace {

std::string Plain(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  return value.dump();
}

// One explanation entry as a line: a summary's own sentence, or a trace entry's "rule speed = 40
// ft  (dnd35:ruleset.rules:12:6)".
std::string ExplainLine(const nlohmann::json& part) {
  auto text = [&](const char* key) { return part.contains(key) ? Plain(part.at(key)) : std::string(); };
  if (part.contains("line")) return text("line");  // a summary entry (query/explain_summary.h)
  std::string line;
  if (part.contains("rule")) {
    line = fmt::format("rule {} = {}", text("rule"), text("value"));
  } else if (part.contains("table")) {
    line = fmt::format("table {}, row {}, column {} = {}", text("table"), text("row"), text("column"),
                       text("value"));
  } else if (part.contains("modifier")) {
    line = fmt::format("{} {}{}", part.value("counted", true) ? "counts " : "ignored", text("modifier"),
                       part.contains("source") ? " (" + text("source") + ")" : "");
  } else if (part.contains("field")) {
    line = fmt::format("{} = {}  ← {}", text("field"), text("value"), text("from"));
  } else {
    line = part.dump();
  }
  if (part.contains("mode")) line = "[" + text("mode") + "] " + line;
  if (part.contains("step")) line = "[step " + text("step") + "] " + line;
  if (part.contains("at")) line += "  (" + text("at") + ")";
  return line;
}

}  // namespace

std::string RenderRunHeading(const std::string& scenario, const std::string& ruleset) {
  return fmt::format("scenario {} (ruleset {})\n", scenario, ruleset);
}

std::string RenderResultText(const nlohmann::json& result, bool explain) {
  std::string out = fmt::format("\n{} ({}): {}\n", Plain(result["id"]), Plain(result["kind"]), Plain(result["status"]));
  size_t width = 0;
  for (const auto& [key, value] : result.items()) width = std::max(width, key.size());
  for (const auto& [key, value] : result.items()) {
    if (key == "id" || key == "kind" || key == "status" || key == "explain" || key == "squares" || key == "grid" ||
        key == "overlay_legend") {
      continue;
    }
    if (key == "overlay") {
      out += fmt::format("  {:<{}}  ({})\n", key, width, result.contains("overlay_legend") ? Plain(result["overlay_legend"]) : "");
      for (const auto& line : value) out += "    " + Plain(line) + "\n";
      continue;
    }
    out += fmt::format("  {:<{}}  {}\n", key, width, Plain(value));
  }
  if (explain && result.contains("explain")) {
    out += "  why:\n";
    // A full trace's entries are indented under the rule that read them (`depth`).
    for (const nlohmann::json& part : result["explain"]) {
      int depth = part.contains("depth") && part["depth"].is_number_integer() ? part["depth"].get<int>() : 0;
      out += "    " + std::string(static_cast<size_t>(2 * std::clamp(depth, 0, 16)), ' ') + ExplainLine(part) + "\n";
    }
  }
  return out;
}

std::string RenderTestReport(const TestReport& report, bool verbose) {
  std::string out;
  for (const TestCase& test : report.cases) {
    if (test.passed) out += fmt::format("PASS {} {}\n", test.file, test.id);
    else out += fmt::format("FAIL {}:{} {}\n", test.file, test.line, test.id);
    if (test.passed && !verbose) continue;
    if (!test.rule.empty()) out += fmt::format("     rule: {}\n", test.rule);
    for (const std::string& difference : test.differences) out += "     " + difference + "\n";
  }
  if (report.broken_files > 0) {
    out += fmt::format("{} scenario file(s) could not be read (see the errors above)\n",
                       report.broken_files);
  }
  out += fmt::format("{} passed, {} failed\n", report.passed, report.failed + report.broken_files);
  return out;
}

}  // namespace rulecraft::cli
