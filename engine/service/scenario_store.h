// Scenarios the service keeps open between requests (POST /v1/scenarios), so a tool dragging a
// token asks again in milliseconds: the map and the ruleset are read once, then creatures move,
// conditions change and squares are painted in place (OpenScenario, rulecraft.h).
//
// Thread safety by ownership, as the pool's: each open scenario has a Session of its own and a
// lock, so one request at a time uses it; the store's own lock only guards the table of ids.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "rulecraft/rulecraft.h"
#include "service/reply.h"

namespace rulecraft::service {

// The open scenarios by id, at most limits::kMaxOpenScenarios (the longest unused is closed to
// make room).
class ScenarioStore {
 public:
  explicit ScenarioStore(SessionOptions options);

  // Opens the scenario a body holds (JSON or YAML): 201 with its `id`, or 400/404 with the
  // diagnostics, as POST /v1/run.
  Reply Open(const std::string& body, const std::string& content_type);
  // Answers every query of the open scenario `id`, as POST /v1/run does; 404 for no such id.
  Reply Run(const std::string& id);
  // Answers one query given as a JSON or YAML mapping (like an entry of `queries:`).
  Reply Ask(const std::string& id, const std::string& body);
  // Applies changes in order (`move`, `conditions`, `paint`, one or a list); stops at the first
  // refused, answering 400 with how many were applied and why.
  Reply Change(const std::string& id, const std::string& body);
  // Closes the open scenario `id`.
  Reply Close(const std::string& id);

 private:
  struct Entry {
    std::mutex lock;  // one request at a time
    std::unique_ptr<Session> session;
    std::unique_ptr<OpenScenario> scenario;
    uint64_t last_used = 0;
  };
  // The entry with this id, marked used now; nullptr when there is none.
  std::shared_ptr<Entry> Find(const std::string& id);

  SessionOptions options_;
  std::mutex lock_;
  std::map<std::string, std::shared_ptr<Entry>> open_;
  uint64_t clock_ = 0;
  uint64_t next_id_ = 0;
};

}  // namespace rulecraft::service
