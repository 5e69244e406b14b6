// Independent jobs run on several threads at once.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

namespace rulecraft {

// The threads a JobQueue uses when asked for 0: one per core the machine reported when first
// asked, at most 4 (at least 1).
int DefaultJobThreads();

// Jobs handed to the process's helper threads as they are added, while the adding thread goes
// on; Finish runs what is left on the adding thread too. The helper threads are started when
// first needed and then kept, waiting, for later queues. With one thread every job runs in
// Finish, in the order added. A job must not throw.
class JobQueue {
 public:
  // Up to `threads` threads in all, the adding one included (0: DefaultJobThreads()).
  explicit JobQueue(int threads);
  JobQueue(const JobQueue&) = delete;
  JobQueue& operator=(const JobQueue&) = delete;
  // Finishes the jobs.
  ~JobQueue();

  // Adds a job; a helper thread that is free takes it.
  void Add(std::function<void()> job);
  // Runs the jobs left, on this thread too, and returns when every job added has finished.
  void Finish();

  struct State;  // the jobs, shared with the helper threads working on them

 private:
  std::shared_ptr<State> state_;
  size_t helpers_wanted_ = 0;
  size_t helpers_asked_ = 0;
};

}  // namespace rulecraft
