// Fuzz target: a request body → the service's handlers (engine/service, docs/api.md) → the
// bytes the service would send, without a socket. The first byte picks the endpoint; the rest is
// the body (for the open scenarios, up to three bodies split at NUL bytes: open, ask, change).
// One Session and one ScenarioStore serve every input, confined as `rulecraft serve` confines
// them, since the service keeps both between requests.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <httplib.h>

#include "rulecraft/rulecraft.h"
#include "service/handlers.h"
#include "service/reply.h"
#include "service/scenario_store.h"

namespace {

// Writes `reply` as the service would, so the JSON writer sees every answer.
void Send(const rulecraft::service::Reply& reply) {
  httplib::Response response;
  rulecraft::service::Send(reply, response);
}

// The id a 201 from ScenarioStore::Open names, or "" when it opened nothing.
std::string OpenedId(const rulecraft::service::Reply& reply) {
  if (reply.status != 201 || !reply.document.contains("id") || !reply.document["id"].is_string()) return "";
  return reply.document["id"].get<std::string>();
}

std::vector<std::string> SplitAtNul(const std::string& text) {
  std::vector<std::string> parts(1);
  for (char c : text) {
    if (c == '\0' && parts.size() < 3) {
      parts.emplace_back();
    } else {
      parts.back() += c;
    }
  }
  parts.resize(3);
  return parts;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using rulecraft::service::Reply;
  static const rulecraft::SessionOptions options{{}, true};
  static rulecraft::Session session(options);
  static rulecraft::service::ScenarioStore store(options);
  if (size == 0) return 0;
  const uint8_t endpoint = data[0];
  const std::string body(reinterpret_cast<const char*>(data + 1), size - 1);
  const char* content_types[] = {"application/json", "application/yaml", ""};
  const std::string content_type = content_types[(endpoint >> 4) % 3];
  switch (endpoint % 6) {
    case 0:
      Send(rulecraft::service::AnswerRunRequest(session, body, content_type, rulecraft::cli::ExplainLevel::kNone));
      break;
    case 1:
      Send(rulecraft::service::AnswerRunRequest(session, body, content_type, rulecraft::cli::ExplainLevel::kFull));
      break;
    case 2:
      Send(rulecraft::service::AnswerRenderRequest(session, body, content_type, (endpoint & 8) ? "q1" : ""));
      break;
    case 3:
      Send(rulecraft::service::AnswerCheckRequest(session, body));
      break;
    default: {
      const std::vector<std::string> bodies = SplitAtNul(body);
      const Reply opened = store.Open(bodies[0], content_type);
      Send(opened);
      const std::string id = OpenedId(opened);
      if (id.empty()) break;
      if (endpoint % 6 == 4) {
        Send(store.Ask(id, bodies[1]));
        Send(store.Change(id, bodies[2]));
        Send(store.Run(id));
      } else {
        Send(store.Change(id, bodies[1]));
        Send(store.Ask(id, bodies[2]));
      }
      Send(store.Close(id));
    }
  }
  return 0;
}
