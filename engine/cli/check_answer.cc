#include "cli/check_answer.h"

namespace rulecraft::cli {

CheckAnswer AnswerCheck(Session& session, const std::vector<std::string>& rulesets, const std::string& dump_after,
                        Diagnostics& diagnostics) {
  nlohmann::json checked = nlohmann::json::array();
  bool ok = true;
  for (const std::string& ruleset : rulesets) {
    nlohmann::json entry = {{"ruleset", ruleset}};
    if (!dump_after.empty()) {
      auto dump = session.DumpRuleset(ruleset, dump_after, diagnostics);
      entry["dump"] = dump ? nlohmann::json(*dump) : nlohmann::json();
      entry["ok"] = dump.has_value();
    } else {
      entry["ok"] = session.CheckRuleset(ruleset, diagnostics);
    }
    ok = ok && entry["ok"].get<bool>();
    checked.push_back(std::move(entry));
  }
  return {{{"rulesets", std::move(checked)}}, ok && !diagnostics.HasErrors()};
}

}  // namespace rulecraft::cli
