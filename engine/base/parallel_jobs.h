// Independent jobs run on several threads at once.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace rulecraft {

// The threads a JobQueue uses when asked for 0: one per core the machine reports, at most 4
// (at least 1).
int DefaultJobThreads();

// Jobs started on other threads as they are added, while the adding thread goes on; Finish runs
// what is left on the adding thread too. With one thread every job runs in Finish, in the order
// added. A job must not throw.
class JobQueue {
 public:
  // Up to `threads` threads in all, the adding one included (0: DefaultJobThreads()).
  explicit JobQueue(int threads);
  JobQueue(const JobQueue&) = delete;
  JobQueue& operator=(const JobQueue&) = delete;
  // Finishes the jobs.
  ~JobQueue();

  // Adds a job; a thread that is free (started on the first jobs) takes it.
  void Add(std::function<void()> job);
  // Runs the jobs left, on this thread too, and returns when every job added has finished.
  void Finish();

 private:
  // Takes and runs jobs until none is left; on a helper thread, also waits for more until Finish.
  void Work(bool wait_for_more);

  std::mutex mutex_;
  std::condition_variable added_;
  std::deque<std::function<void()>> jobs_;  // added, not yet taken
  bool finishing_ = false;
  size_t helpers_wanted_ = 0;
  std::vector<std::thread> helpers_;
};

}  // namespace rulecraft
