#include "service/server.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>

#include <pthread.h>

#include <fmt/format.h>
#include <httplib.h>

#include "service/routes.h"
#include "service/session_pool.h"

namespace rulecraft::service {
namespace {

void Log(const std::string& message) {
  std::string line = "rulecraft serve: " + message + "\n";
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

// The signals that stop the service, blocked in every thread so that one thread waits for them.
sigset_t StopSignals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  return signals;
}

// Waits for SIGTERM or SIGINT (or for `done`) and then stops the server; a plain thread, so the
// stop runs outside any signal handler.
void StopOnSignal(httplib::Server& server, const std::atomic<bool>& done) {
  sigset_t signals = StopSignals();
  timespec tick{0, 100'000'000};
  while (!done) {
    int received = sigtimedwait(&signals, nullptr, &tick);
    if (received == SIGTERM || received == SIGINT) {
      Log(fmt::format("{} received: stopping after the requests under way", received == SIGTERM ? "SIGTERM" : "SIGINT"));
      server.stop();
      return;
    }
  }
}

}  // namespace

int Serve(const ServeOptions& options) {
  sigset_t signals = StopSignals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);  // before any thread starts, so all inherit it
  std::signal(SIGPIPE, SIG_IGN);                  // a client that hangs up is not a reason to stop

  SessionPool pool(static_cast<size_t>(options.workers), SessionOptions{.ruleset_folders = options.ruleset_folders, .confine_rulesets = true, .compiled_folder = {}});
  httplib::Server server;
  // Connections are read by more threads than there are workers, so that a request past the
  // workers is answered 503 at once instead of waiting unseen.
  size_t threads = static_cast<size_t>(options.workers) * 2 + 2;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_payload_max_length(options.max_body_bytes);
  ScenarioStore store(SessionOptions{.ruleset_folders = options.ruleset_folders, .confine_rulesets = true, .compiled_folder = {}});
  RegisterRoutes(server, pool, store, options);

  int port = options.port;
  bool bound = port == 0 ? (port = server.bind_to_any_port(options.host)) > 0 : server.bind_to_port(options.host, port);
  if (!bound) {
    Log(fmt::format("cannot listen on {}:{}", options.host, options.port));
    return 1;
  }
  Log(fmt::format("listening on http://{}:{} with {} workers", options.host, port, options.workers));
  std::atomic<bool> done = false;
  std::thread stopper(StopOnSignal, std::ref(server), std::cref(done));
  server.listen_after_bind();  // returns once stopped, after the requests under way are answered
  done = true;
  stopper.join();
  Log("stopped");
  return 0;
}

}  // namespace rulecraft::service
