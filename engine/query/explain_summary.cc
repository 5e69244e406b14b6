#include "query/explain_summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace rulecraft::query {
namespace {

constexpr size_t kMaxInputs = 6;

std::string Text(const nlohmann::json& entry, const char* key) {
  if (!entry.contains(key)) return {};
  const nlohmann::json& value = entry.at(key);
  return value.is_string() ? value.get<std::string>() : value.dump();
}

bool IsRule(const nlohmann::json& entry) { return entry.contains("rule"); }
bool IsBoolean(const nlohmann::json& entry) {
  std::string value = Text(entry, "value");
  return value == "true" || value == "false";
}

// Whether a trace entry is a permission rule (`may_enter`, `may_pass`): the yes/no tests that
// come before a step's price.
bool IsPermission(const nlohmann::json& entry) {
  return IsRule(entry) && IsBoolean(entry) && Text(entry, "rule").rfind("may_", 0) == 0;
}

// "diagonal_cost = 2", "terrain.open.difficult = false", "+2 morale (bless)".
std::string Short(const nlohmann::json& entry) {
  if (IsRule(entry)) return Text(entry, "rule") + " = " + Text(entry, "value");
  if (entry.contains("table")) {
    return fmt::format("{}.{}.{} = {}", Text(entry, "table"), Text(entry, "row"),
                       Text(entry, "column"), Text(entry, "value"));
  }
  if (entry.contains("modifier")) {
    return Text(entry, "modifier") + (entry.value("counted", true) ? "" : " (not counted)") +
           (entry.contains("source") ? " (" + Text(entry, "source") + ")" : "");
  }
  if (entry.contains("script"))
    return fmt::format("{} {}: {} → {}", Text(entry, "script"), Text(entry, "hook"),
                       Text(entry, "was"), Text(entry, "value"));
  return entry.dump();
}

// Where an entry is written, "dnd35:movement.rules:12" (without the column, for people).
std::string Place(const nlohmann::json& entry) {
  std::string at = Text(entry, "at");
  size_t last = at.rfind(':');
  if (last == std::string::npos) return at;
  size_t before = at.rfind(':', last - 1);
  bool two_numbers =
      before != std::string::npos && at.find_first_not_of("0123456789", before + 1) == last &&
      last + 1 < at.size() && at.find_first_not_of("0123456789", last + 1) == std::string::npos;
  return two_numbers ? at.substr(0, last) : at;
}

// Whether an input says that something applies: not false, zero, none or absent (what applies
// is what a person checks; the full trace has the rest).
bool Applies(const std::string& input) {
  for (const char* nothing :
       {" = false", " = 0", " = none", " = (absent)", " = 0 modifiers", " = 0 ft", "+0 "}) {
    std::string_view tail(nothing);
    if (tail.front() == '+' ? input.rfind(tail, 0) == 0
                            : input.size() >= tail.size() &&
                                  input.compare(input.size() - tail.size(), tail.size(), tail) == 0)
      return false;
  }
  return true;
}

// Adds the inputs that apply (each once, at most kMaxInputs, the rest counted) to `summary`.
void AddInputs(nlohmann::json& summary, const std::vector<std::string>& inputs) {
  std::vector<std::string> unique;
  for (const std::string& input : inputs) {
    if (!Applies(input)) continue;
    if (std::find(unique.begin(), unique.end(), input) == unique.end()) unique.push_back(input);
  }
  if (unique.empty()) return;
  size_t shown = std::min(unique.size(), kMaxInputs);
  summary["inputs"] =
      std::vector<std::string>(unique.begin(), unique.begin() + static_cast<long>(shown));
  if (unique.size() > shown) summary["inputs_not_shown"] = unique.size() - shown;
}

// `summary`'s sentence: "LABEL: outcome by deciding (place) "quote" ← inputs".
void Phrase(nlohmann::json& summary, const std::string& label, const nlohmann::json& outcome,
            const nlohmann::json& deciding) {
  std::string line = label.empty() ? "" : label + ": ";
  line += Short(outcome);
  if (&outcome != &deciding) line += " by " + Short(deciding);
  line += " (" + Place(deciding) + ")";
  if (deciding.contains("quote")) line += " " + Text(deciding, "quote");
  if (summary.contains("inputs")) {
    std::string inputs;
    for (const auto& input : summary["inputs"])
      inputs += (inputs.empty() ? "" : ", ") + input.get<std::string>();
    if (summary.contains("inputs_not_shown"))
      inputs += fmt::format(", … {} more", summary["inputs_not_shown"].get<size_t>());
    line += " ← " + inputs;
  }
  summary["line"] = std::move(line);
}

int Depth(const nlohmann::json& entry) { return entry.value("depth", 0); }

// The index of the first entry of `group` in the subtree of entry `top` (the entries it read, at
// a greater depth, just before it).
size_t SubtreeStart(const std::vector<const nlohmann::json*>& group, size_t top) {
  size_t start = top;
  while (start > 0 && Depth(*group[start - 1]) > Depth(*group[top])) --start;
  return start;
}

// The rule entries that `top` read directly (one level deeper, in its subtree), in order.
std::vector<size_t> Children(const std::vector<const nlohmann::json*>& group, size_t top) {
  std::vector<size_t> children;
  for (size_t i = SubtreeStart(group, top); i < top; ++i) {
    if (Depth(*group[i]) == Depth(*group[top]) + 1) children.push_back(i);
  }
  return children;
}

// The summary of the number entry `top` of `group` gives: the rule that decided it is the
// innermost rule of the chain that passes the same value up (the 2nd diagonal under step_cost);
// for a refusal (false), the latest prohibition that held under it. Its inputs are what it read
// that applies, each under no rule that does not apply (a false `squeezes` hides what it read).
nlohmann::json SummarizeNumber(const std::vector<const nlohmann::json*>& group, size_t top,
                               const std::string& label) {
  const nlohmann::json& outcome = *group[top];
  const size_t start = SubtreeStart(group, top);
  std::vector<size_t> chain = {top};
  if (IsRule(outcome) && IsBoolean(outcome)) {
    if (Text(outcome, "value") == "false") {
      for (size_t i = top; i-- > start;) {
        if (IsRule(*group[i]) && Text(*group[i], "value") == "true" && !IsPermission(*group[i])) {
          chain.push_back(i);
          break;
        }
      }
    }
  } else {
    for (bool deeper = true; deeper;) {
      deeper = false;
      std::vector<size_t> children = Children(group, chain.back());
      for (auto child = children.rbegin(); child != children.rend(); ++child) {
        if (IsRule(*group[*child]) && Text(*group[*child], "value") == Text(outcome, "value")) {
          chain.push_back(*child);
          deeper = true;
          break;
        }
      }
    }
  }
  const nlohmann::json& deciding = *group[chain.back()];
  nlohmann::json summary = {{"rule", Text(outcome, "rule")},
                            {"value", Text(outcome, "value")},
                            {"at", Text(deciding, "at")}};
  if (chain.size() > 1) summary["decided_by"] = Short(deciding);
  if (deciding.contains("quote")) summary["quote"] = deciding["quote"];
  std::vector<std::string> inputs;
  int hidden_below =
      -1;  // while >= 0: inside the subtree of a rule that does not apply, at this depth
  for (size_t i = top; i-- > start;) {  // parents come after their children
    const nlohmann::json& entry = *group[i];
    if (hidden_below >= 0 && Depth(entry) > hidden_below) continue;
    hidden_below = -1;
    if (std::find(chain.begin(), chain.end(), i) != chain.end()) continue;
    if (!Applies(Short(entry))) {
      hidden_below = Depth(entry);
      continue;
    }
    if (!IsPermission(entry)) inputs.insert(inputs.begin(), Short(entry));
  }
  AddInputs(summary, inputs);
  Phrase(summary, label, outcome, deciding);
  return summary;
}

// One entry for a group of the trace that computes one number (a step's cost, a mode's
// distance): its last rule at the group's top depth is the number.
nlohmann::json SummarizeGroup(const std::vector<const nlohmann::json*>& group,
                              const std::string& label) {
  int top_depth = Depth(*group.front());
  for (const nlohmann::json* entry : group) top_depth = std::min(top_depth, Depth(*entry));
  size_t top = group.size() - 1;
  for (size_t i = group.size(); i-- > 0;) {
    if (IsRule(*group[i]) && Depth(*group[i]) == top_depth) {
      top = i;
      break;
    }
  }
  return SummarizeNumber(group, top, label);
}

// "(4,5)" for [4, 5].
std::string SquareText(const nlohmann::json& at) {
  std::string square;
  for (const auto& coordinate : at) square += (square.empty() ? "" : ",") + coordinate.dump();
  return "(" + square + ")";
}

// "step 3 → (4,5)" for a step of `result` (a route's first illegal step says so), or "step 3".
std::string StepLabel(const nlohmann::json& result, const nlohmann::json& step) {
  std::string label = "step " + step.dump();
  if (!step.is_number_integer()) return label;
  size_t index = step.get<size_t>();
  if (result.contains("first_illegal") &&
      result["first_illegal"].value("step", size_t{0}) == index &&
      result["first_illegal"].contains("at")) {
    return label + " → " + SquareText(result["first_illegal"]["at"]) + ", not taken";
  }
  // A path's or route's steps, or those of the square a reach explains.
  const nlohmann::json* owner =
      result.contains("explained_square") ? &result["explained_square"] : &result;
  if (!owner->contains("steps")) return label;
  const nlohmann::json& steps = (*owner)["steps"];
  if (index == 0 || index > steps.size() || !steps[index - 1].contains("at")) return label;
  return label + " → " + SquareText(steps[index - 1]["at"]);
}

// Whether a trace entry is a rule called like one of the answer's keys (or like a key and more:
// `cover_degree` for `cover`), or the rule that refused the answer (`refused_by`).
bool NamesANumber(const nlohmann::json& entry, const nlohmann::json& result) {
  if (!IsRule(entry)) return false;
  std::string rule = Text(entry, "rule");
  if (result.contains("refused_by") && result["refused_by"].is_object() &&
      result["refused_by"].value("rule", "") == rule)
    return true;
  for (const auto& [key, value] : result.items()) {
    if (key == "id" || key == "kind" || key == "status" || key == "explain") continue;
    if (rule == key || (rule.size() > key.size() && rule.compare(0, key.size(), key) == 0 &&
                        rule[key.size()] == '_'))
      return true;
  }
  return false;
}

// The entries of a trace that belong to no step or mode: one per size field and Lua hook
// change, and one per rule the engine called (depth 0) that names a number of the answer — or,
// when none does, per rule the engine called.
void SummarizeLoose(const std::vector<const nlohmann::json*>& loose, const nlohmann::json& result,
                    nlohmann::json& out) {
  bool any_named = false;
  for (const nlohmann::json* entry : loose) {
    any_named = any_named || (IsRule(*entry) && Depth(*entry) == 0 && NamesANumber(*entry, result));
  }
  for (size_t i = 0; i < loose.size(); ++i) {
    const nlohmann::json& entry = *loose[i];
    if (entry.contains("field")) {
      nlohmann::json summary = {{"field", Text(entry, "field")},
                                {"value", Text(entry, "value")},
                                {"at", Text(entry, "at")}};
      summary["line"] = fmt::format("{} = {}: {} ({})", Text(entry, "field"), Text(entry, "value"),
                                    Text(entry, "from"), Place(entry));
      out.push_back(std::move(summary));
    } else if (entry.contains("script")) {
      nlohmann::json summary = {{"script", Text(entry, "script")}, {"value", Text(entry, "value")}};
      summary["line"] = Short(entry);
      out.push_back(std::move(summary));
    } else if (IsRule(entry) && Depth(entry) == 0 && (!any_named || NamesANumber(entry, result))) {
      out.push_back(SummarizeNumber(loose, i, ""));
    }
  }
}

}  // namespace

nlohmann::json SummarizeExplain(const nlohmann::json& result) {
  nlohmann::json out = nlohmann::json::array();
  if (!result.contains("explain") || !result["explain"].is_array()) return out;
  std::vector<const nlohmann::json*> loose;
  std::vector<const nlohmann::json*> group;
  std::string group_key;
  auto close_group = [&]() {
    if (group.empty()) return;
    const nlohmann::json& first = *group.front();
    std::string label = first.contains("step") ? StepLabel(result, first["step"]) : "";
    if (first.contains("mode"))
      label = (label.empty() ? "mode " : label + ", mode ") + Text(first, "mode");
    if (first.contains("attack_of_opportunity_by")) {
      label += ", attack of opportunity by " + Text(first, "attack_of_opportunity_by");
    }
    nlohmann::json summary = SummarizeGroup(group, label);
    if (first.contains("step")) summary["step"] = first["step"];
    if (first.contains("mode")) summary["mode"] = first["mode"];
    if (first.contains("attack_of_opportunity_by"))
      summary["attack_of_opportunity_by"] = first["attack_of_opportunity_by"];
    out.push_back(std::move(summary));
    group.clear();
  };
  for (const nlohmann::json& entry : result["explain"]) {
    bool grouped = entry.contains("step") || entry.contains("mode");
    if (!grouped) {
      close_group();
      loose.push_back(&entry);
      continue;
    }
    std::string key = Text(entry, "step") + "|" + Text(entry, "mode") + "|" +
                      Text(entry, "attack_of_opportunity_by");
    if (key != group_key) close_group();
    group_key = key;
    group.push_back(&entry);
  }
  close_group();
  nlohmann::json numbers = nlohmann::json::array();
  SummarizeLoose(loose, result, numbers);
  // The answer's own numbers first, then the steps and modes, in order.
  for (auto& entry : out) numbers.push_back(std::move(entry));
  return numbers;
}

}  // namespace rulecraft::query
