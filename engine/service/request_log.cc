#include "service/request_log.h"

#include <chrono>
#include <cstdio>
#include <optional>

#include <fmt/format.h>

namespace rulecraft::service {
namespace {

using Clock = std::chrono::steady_clock;

// A request is handled on one thread from routing to logging.
thread_local std::optional<Clock::time_point> request_start;

}  // namespace

void MarkRequestStart() { request_start = Clock::now(); }

void LogRequest(const httplib::Request& request, const httplib::Response& response) {
  std::string took = "-";
  if (request_start) {
    took = fmt::format("{:.1f} ms", std::chrono::duration<double, std::milli>(Clock::now() - *request_start).count());
    request_start.reset();
  }
  std::string line = fmt::format("rulecraft serve: {} {} {} {} {} bytes {}\n", request.remote_addr, request.method,
                                 request.path, response.status, response.body.size(), took);
  std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace rulecraft::service
