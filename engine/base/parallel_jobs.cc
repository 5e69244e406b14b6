#include "base/parallel_jobs.h"

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>
#include <vector>

namespace rulecraft {

int DefaultJobThreads() {
  unsigned cores = std::thread::hardware_concurrency();
  return static_cast<int>(std::clamp(cores, 1U, 4U));
}

void RunJobs(size_t count, int threads, const std::function<void(size_t)>& job) {
  if (threads <= 0) threads = DefaultJobThreads();
  size_t helpers = std::min(static_cast<size_t>(threads), count);
  helpers = helpers > 0 ? helpers - 1 : 0;  // this thread works too
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t index = next.fetch_add(1, std::memory_order_relaxed); index < count;
         index = next.fetch_add(1, std::memory_order_relaxed)) {
      job(index);
    }
  };
  std::vector<std::thread> started;
  started.reserve(helpers);
  for (size_t i = 0; i < helpers; ++i) {
    try {
      started.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // no more threads to be had: the ones started (and this one) do the jobs
    }
  }
  work();
  for (std::thread& thread : started) thread.join();
}

}  // namespace rulecraft
