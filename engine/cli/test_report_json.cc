#include "cli/test_report_json.h"

namespace rulecraft::cli {

nlohmann::json TestReportToJson(const TestReport& report) {
  nlohmann::json cases = nlohmann::json::array();
  for (const TestCase& test : report.cases) {
    cases.push_back({{"file", test.file},
                     {"line", test.line},
                     {"id", test.id},
                     {"rule", test.rule},
                     {"passed", test.passed},
                     {"differences", test.differences}});
  }
  return {{"cases", std::move(cases)},
          {"passed", report.passed},
          {"failed", report.failed},
          {"broken_files", report.broken_files}};
}

}  // namespace rulecraft::cli
