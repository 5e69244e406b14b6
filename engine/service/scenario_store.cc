#include "service/scenario_store.h"

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "base/limits.h"
#include "service/request_body.h"

namespace rulecraft::service {
namespace {

constexpr int kOk = 200;
constexpr int kCreated = 201;
constexpr int kBadRequest = 400;
constexpr int kNotFound = 404;

Reply UnknownScenario(const std::string& id) {
  Diagnostics diagnostics;
  diagnostics.Error("unknown-scenario", {},
                    fmt::format("no open scenario '{}': it was closed, or never opened (POST /v1/scenarios "
                                "opens one; at most {} stay open, the longest unused closing first)",
                                id, limits::kMaxOpenScenarios));
  return Finish(kNotFound, {{"scenario", id}}, diagnostics, SourceSet{});
}

bool ReadSquare(const nlohmann::json& value, int& x, int& y) {
  if (!value.is_array() || value.size() != 2 || !value[0].is_number_integer() || !value[1].is_number_integer()) {
    return false;
  }
  int64_t read_x = value[0].get<int64_t>(), read_y = value[1].get<int64_t>();
  if (read_x < INT32_MIN || read_x > INT32_MAX || read_y < INT32_MIN || read_y > INT32_MAX) return false;
  x = static_cast<int>(read_x);
  y = static_cast<int>(read_y);
  return true;
}

// Applies one change to the scenario; false with an error naming `where` when it is malformed
// or refused (the scenario unchanged).
bool ApplyChange(OpenScenario& scenario, const nlohmann::json& change, const std::string& where,
                 Diagnostics& diagnostics) {
  auto malformed = [&](const std::string& expected) {
    diagnostics.Error("wrong-type", {}, fmt::format("{}: expected {}", where, expected));
    return false;
  };
  if (!change.is_object() || change.size() != 1) {
    return malformed("one change: {\"move\": {\"creature\": id, \"to\": [x, y]}}, {\"conditions\": {\"creature\": "
                     "id, \"set\": [names]}} or {\"paint\": {\"at\": [x, y], \"terrain\": name}}");
  }
  auto first = change.begin();  // an iterator of the object: its key lives as long as `change`
  const std::string& kind = first.key();
  const nlohmann::json& what = first.value();
  int x = 0, y = 0;
  if (kind == "move") {
    if (!what.is_object() || !what.value("creature", nlohmann::json()).is_string() ||
        !ReadSquare(what.value("to", nlohmann::json()), x, y)) {
      return malformed("\"move\": {\"creature\": id, \"to\": [x, y]} (whole numbers)");
    }
    return scenario.MoveCreature(what["creature"].get<std::string>(), x, y, diagnostics);
  }
  if (kind == "conditions") {
    nlohmann::json names = what.is_object() ? what.value("set", nlohmann::json()) : nlohmann::json();
    bool listed = names.is_array() && std::all_of(names.begin(), names.end(), [](const auto& name) { return name.is_string(); });
    if (!what.is_object() || !what.value("creature", nlohmann::json()).is_string() || !listed) {
      return malformed("\"conditions\": {\"creature\": id, \"set\": [names]}");
    }
    return scenario.SetConditions(what["creature"].get<std::string>(), names.get<std::vector<std::string>>(),
                                  diagnostics);
  }
  if (kind == "paint") {
    if (!what.is_object() || !what.value("terrain", nlohmann::json()).is_string() ||
        !ReadSquare(what.value("at", nlohmann::json()), x, y)) {
      return malformed("\"paint\": {\"at\": [x, y], \"terrain\": name}");
    }
    return scenario.PaintSquare(x, y, what["terrain"].get<std::string>(), diagnostics);
  }
  return malformed(fmt::format("a change named move, conditions or paint, not '{}'", kind));
}

}  // namespace

ScenarioStore::ScenarioStore(SessionOptions options) : options_(std::move(options)) {
  std::random_device seed;
  next_id_ = (uint64_t{seed()} << 32) ^ seed();
}

std::shared_ptr<ScenarioStore::Entry> ScenarioStore::Find(const std::string& id) {
  std::lock_guard<std::mutex> guard(lock_);
  auto found = open_.find(id);
  if (found == open_.end()) return nullptr;
  found->second->last_used = ++clock_;
  return found->second;
}

Reply ScenarioStore::Open(const std::string& body, const std::string& content_type) {
  Diagnostics diagnostics;
  SourceSet body_sources;
  auto text = ScenarioFromBody(body, content_type, body_sources, diagnostics);
  if (!text) return Finish(kBadRequest, {{"scenario", nullptr}}, diagnostics, body_sources);
  auto entry = std::make_shared<Entry>();
  entry->session = std::make_unique<Session>(options_);
  entry->scenario = entry->session->Open(*text, diagnostics);
  if (!entry->scenario) {
    bool unknown_ruleset = std::any_of(diagnostics.items().begin(), diagnostics.items().end(),
                                       [](const Diagnostic& item) { return item.code == "unknown-ruleset"; });
    return Finish(unknown_ruleset ? kNotFound : kBadRequest, {{"scenario", nullptr}}, diagnostics,
                  entry->session->sources());
  }
  std::string id;
  {
    std::lock_guard<std::mutex> guard(lock_);
    if (open_.size() >= limits::kMaxOpenScenarios) {
      auto oldest = std::min_element(open_.begin(), open_.end(), [](const auto& a, const auto& b) {
        return a.second->last_used < b.second->last_used;
      });
      open_.erase(oldest);  // a request still using it keeps it alive until it ends
    }
    id = fmt::format("{:016x}", next_id_++);
    entry->last_used = ++clock_;
    open_[id] = entry;
  }
  nlohmann::json answer = {{"scenario", id}, {"ruleset", entry->scenario->RulesetName()}};
  return Finish(kCreated, std::move(answer), diagnostics, entry->session->sources());
}

Reply ScenarioStore::Run(const std::string& id) {
  std::shared_ptr<Entry> entry = Find(id);
  if (!entry) return UnknownScenario(id);
  std::lock_guard<std::mutex> guard(entry->lock);
  Diagnostics diagnostics;
  nlohmann::json answer = entry->scenario->Run();
  answer["scenario"] = id;
  return Finish(kOk, std::move(answer), diagnostics, entry->session->sources());
}

Reply ScenarioStore::Ask(const std::string& id, const std::string& body) {
  std::shared_ptr<Entry> entry = Find(id);
  if (!entry) return UnknownScenario(id);
  std::lock_guard<std::mutex> guard(entry->lock);
  Diagnostics diagnostics;
  std::optional<nlohmann::json> result = entry->scenario->Ask(body, diagnostics);
  nlohmann::json answer = {{"scenario", id}, {"results", nlohmann::json::array()}};
  if (result) answer["results"].push_back(std::move(*result));
  return Finish(result ? kOk : kBadRequest, std::move(answer), diagnostics, entry->session->sources());
}

Reply ScenarioStore::Change(const std::string& id, const std::string& body) {
  std::shared_ptr<Entry> entry = Find(id);
  if (!entry) return UnknownScenario(id);
  Diagnostics diagnostics;
  SourceSet body_sources;
  auto request = JsonObjectFromBody(body, body_sources, diagnostics);
  if (!request) return Finish(kBadRequest, {{"scenario", id}, {"applied", 0}}, diagnostics, body_sources);
  nlohmann::json changes = request->contains("changes") ? (*request)["changes"] : nlohmann::json::array({*request});
  if (!changes.is_array() || changes.size() > limits::kMaxChangesPerRequest) {
    diagnostics.Error("wrong-type", {},
                      fmt::format("expected one change or {{\"changes\": [change, …]}} of at most {} "
                                  "(limits::kMaxChangesPerRequest)",
                                  limits::kMaxChangesPerRequest));
    return Finish(kBadRequest, {{"scenario", id}, {"applied", 0}}, diagnostics, body_sources);
  }
  std::lock_guard<std::mutex> guard(entry->lock);
  size_t applied = 0;
  for (const nlohmann::json& change : changes) {
    std::string where = request->contains("changes") ? fmt::format("changes[{}]", applied) : "the change";
    if (!ApplyChange(*entry->scenario, change, where, diagnostics)) break;
    ++applied;
  }
  int status = applied == changes.size() ? kOk : kBadRequest;
  return Finish(status, {{"scenario", id}, {"applied", applied}}, diagnostics, entry->session->sources());
}

Reply ScenarioStore::Close(const std::string& id) {
  std::lock_guard<std::mutex> guard(lock_);
  if (open_.erase(id) == 0) return UnknownScenario(id);
  Diagnostics none;
  return Finish(kOk, {{"scenario", id}, {"closed", true}}, none, SourceSet{});
}

}  // namespace rulecraft::service
