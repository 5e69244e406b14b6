#include "query/expect_keys.h"

#include <string>

#include <fmt/format.h>

#include "base/suggest.h"

namespace rulecraft::query {
namespace {

// The keys of the mapping at `at` in `answer`; none when there is no mapping there.
std::vector<std::string> KeysAt(const nlohmann::json& answer, const nlohmann::json::json_pointer& at) {
  std::vector<std::string> keys;
  if (!answer.contains(at) || !answer.at(at).is_object()) return keys;
  for (const auto& [key, value] : answer.at(at).items()) keys.push_back(key);
  return keys;
}

// The key at the same place that extends `written` ("reachable" → "reachable_count": a count
// named after the boolean it counts), or empty: the name a test written before the rename meant.
std::string LongerName(const std::string& written, const std::vector<std::string>& keys) {
  for (const std::string& key : keys) {
    if (key.size() > written.size() + 1 && key.compare(0, written.size(), written) == 0 && key[written.size()] == '_')
      return key;
  }
  return {};
}

}  // namespace

void ReportMissingKeys(const model::Query& query, const nlohmann::json& answer,
                       const std::vector<Mismatch>& mismatches, Diagnostics& diagnostics) {
  if (answer.value("status", "ok") != "ok") return;
  for (const Mismatch& mismatch : mismatches) {
    if (!mismatch.missing || mismatch.pointer.empty()) continue;
    nlohmann::json::json_pointer pointer(mismatch.pointer);
    auto written = query.expect_keys.find(mismatch.pointer);
    SourceSpan span = written != query.expect_keys.end() ? written->second : query.span;
    Diagnostic& error = diagnostics.Error(
        "unknown-key", span,
        fmt::format("expect: the answer of query '{}' has no field '{}'", query.id, mismatch.field));
    std::vector<std::string> keys = KeysAt(answer, pointer.parent_pointer());
    if (std::string longer = LongerName(pointer.back(), keys); !longer.empty() && !error.dropped) {
      error.notes.push_back({{}, fmt::format("did you mean '{}'?", longer)});
      continue;
    }
    SuggestName(error, pointer.back(), keys);
  }
}

}  // namespace rulecraft::query
