#include "service/routes.h"

#include <functional>
#include <map>
#include <set>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "service/handlers.h"
#include "service/openapi.h"
#include "service/reply.h"
#include "service/request_log.h"
#include "service/web_files.h"

namespace rulecraft::service {
namespace {

constexpr int kNotFound = 404;
constexpr int kMethodNotAllowed = 405;
constexpr int kPayloadTooLarge = 413;
constexpr int kUnavailable = 503;
constexpr int kInternalError = 500;

using Answer = std::function<Reply(const httplib::Request&)>;

// Answers with a Session lent for the request, or 503 when every one is busy.
Answer WithSession(SessionPool& pool, std::function<Reply(Session&, const httplib::Request&)> answer) {
  return [&pool, answer = std::move(answer)](const httplib::Request& request) {
    SessionLease lease = pool.TryAcquire();
    if (!lease) {
      return Refusal(kUnavailable, "busy",
                     fmt::format("all {} workers are answering other requests; try again shortly", pool.size()));
    }
    return answer(lease.session(), request);
  };
}

// Binds `method path` to `answer` on the server.
void Bind(httplib::Server& server, const std::string& method, const std::string& path, Answer answer) {
  auto handler = [answer = std::move(answer)](const httplib::Request& request, httplib::Response& response) {
    Send(answer(request), response);
  };
  if (method == "GET") server.Get(path, handler);
  if (method == "POST") server.Post(path, handler);
  if (method == "PUT") server.Put(path, handler);
  if (method == "PATCH") server.Patch(path, handler);
  if (method == "DELETE") server.Delete(path, handler);
  if (method == "OPTIONS") server.Options(path, handler);
}

}  // namespace

void RegisterRoutes(httplib::Server& server, SessionPool& pool, ScenarioStore& store, const ServeOptions& options) {
  std::map<std::string, std::map<std::string, Answer>> routes;  // path → method → answer
  routes["/v1/run"]["POST"] = WithSession(pool, [](Session& session, const httplib::Request& request) {
    std::string asked = request.has_param("explain") ? request.get_param_value("explain") : "false";
    cli::ExplainLevel explain = asked == "false" ? cli::ExplainLevel::kNone
                                : asked == "full" ? cli::ExplainLevel::kFull
                                                  : cli::ExplainLevel::kSummary;
    return AnswerRunRequest(session, request.body, request.get_header_value("Content-Type"), explain);
  });
  routes["/v1/render"]["POST"] = WithSession(pool, [](Session& session, const httplib::Request& request) {
    return AnswerRenderRequest(session, request.body, request.get_header_value("Content-Type"),
                               request.get_param_value("query"));
  });
  routes["/v1/check"]["POST"] = WithSession(pool, [](Session& session, const httplib::Request& request) {
    return AnswerCheckRequest(session, request.body);
  });
  routes["/v1/rulesets"]["GET"] = WithSession(pool, [](Session& session, const httplib::Request&) {
    return AnswerRulesetsRequest(session);
  });
  routes["/v1/health"]["GET"] = [&pool](const httplib::Request&) {
    return AnswerHealthRequest(pool.size(), pool.busy());
  };
  // Open scenarios (scenario_store.h): opened once, then asked and changed by id.
  const std::string scenario = R"(/v1/scenarios/([^/]+))";
  routes["/v1/scenarios"]["POST"] = [&store](const httplib::Request& request) {
    return store.Open(request.body, request.get_header_value("Content-Type"));
  };
  routes[scenario]["GET"] = [&store](const httplib::Request& request) { return store.Run(request.matches[1]); };
  routes[scenario]["DELETE"] = [&store](const httplib::Request& request) { return store.Close(request.matches[1]); };
  routes[scenario + "/ask"]["POST"] = [&store](const httplib::Request& request) {
    return store.Ask(request.matches[1], request.body);
  };
  routes[scenario + "/changes"]["POST"] = [&store](const httplib::Request& request) {
    return store.Change(request.matches[1], request.body);
  };
  routes["/v1/openapi.json"]["GET"] = [](const httplib::Request&) { return Reply{200, OpenApiDocument(), {}, {}}; };

  // Every other method on a known path is answered 405, naming the ones it takes.
  for (auto& [path, methods] : routes) {
    std::vector<std::string> allowed;
    for (const auto& entry : methods) allowed.push_back(entry.first);
    std::string allow = fmt::format("{}", fmt::join(allowed, ", "));
    for (const char* method : {"GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}) {
      if (methods.count(method) > 0) continue;
      methods[method] = [method = std::string(method), allow](const httplib::Request& request) {
        return Refusal(kMethodNotAllowed, "method-not-allowed",
                       fmt::format("{} {} is not an endpoint: {} takes {}", method, request.path, request.path, allow));
      };
    }
    for (auto& [method, answer] : methods) Bind(server, method, path, answer);
  }

  // The web page (web/): every other GET, after the API's paths, and never a file outside it.
  server.Get(".*", [folder = WebFolder()](const httplib::Request& request, httplib::Response& response) {
    if (request.path.rfind("/v1/", 0) == 0) {
      return Send(Refusal(kNotFound, "unknown-route",
                          fmt::format("no endpoint GET {}: see GET /v1/openapi.json", request.path)),
                  response);
    }
    Send(AnswerWebFileRequest(folder, request.path), response);
  });

  server.set_pre_routing_handler([](const httplib::Request&, httplib::Response&) {
    MarkRequestStart();
    return httplib::Server::HandlerResponse::Unhandled;
  });
  // Refusals httplib makes itself (no route, a body past the limit) get a JSON document too.
  size_t max_body = options.max_body_bytes;
  server.set_error_handler([max_body](const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return;  // a handler's own answer (400, 404, 503) stands
    Reply reply;
    if (response.status == kPayloadTooLarge) {
      reply = Refusal(kPayloadTooLarge, "too-large",
                      fmt::format("the request body is larger than the {} bytes the service reads "
                                  "(limits::kMaxRequestBytes)",
                                  max_body));
    } else if (response.status == kNotFound) {
      reply = Refusal(kNotFound, "unknown-route",
                      fmt::format("no endpoint {} {}: see GET /v1/openapi.json", request.method, request.path));
    } else {
      reply = Refusal(response.status, "bad-request", fmt::format("the request was refused ({})", response.status));
    }
    Send(reply, response);
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr thrown) {
    std::string what = "unknown exception";
    try {
      std::rethrow_exception(thrown);
    } catch (const std::exception& error) {
      what = error.what();
    } catch (...) {
    }
    Send(Refusal(kInternalError, "internal-error", "internal error: " + what), response);
  });
  server.set_logger(LogRequest);
}

}  // namespace rulecraft::service
