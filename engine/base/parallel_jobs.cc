#include "base/parallel_jobs.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>

namespace rulecraft {

struct JobQueue::State {
  std::mutex mutex;
  std::condition_variable idle;             // signalled when the last running job ends
  std::deque<std::function<void()>> jobs;   // added, not yet taken
  size_t running = 0;                       // taken, not yet finished

  // Takes and runs jobs until none is left.
  void Work() {
    std::unique_lock<std::mutex> lock(mutex);
    while (!jobs.empty()) {
      std::function<void()> job = std::move(jobs.front());
      jobs.pop_front();
      ++running;
      lock.unlock();
      job();
      lock.lock();
      if (--running == 0 && jobs.empty()) idle.notify_all();
    }
  }
};

namespace {

// The process's helper threads: each waits for a queue to help with, works on it until it is
// empty, then waits again. Never destroyed: the threads wait past the end of main.
class Helpers {
 public:
  static Helpers& Get() {
    static Helpers* helpers = new Helpers;
    return *helpers;
  }

  // Has a helper work on `queue`, starting one if fewer than `most` threads run; false when no
  // thread could be started and none is free.
  bool Ask(std::shared_ptr<JobQueue::State> queue, size_t most) {
    std::lock_guard<std::mutex> guard(mutex_);
    if (waiting_ == asked_.size() && threads_ < most) {
      try {
        std::thread([this] { Serve(); }).detach();
        ++threads_;
      } catch (const std::system_error&) {
        if (waiting_ == asked_.size()) return false;
      }
    }
    if (threads_ == 0) return false;
    asked_.push_back(std::move(queue));
    asked_ready_.notify_one();
    return true;
  }

 private:
  void Serve() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      ++waiting_;
      asked_ready_.wait(lock, [this] { return !asked_.empty(); });
      --waiting_;
      std::shared_ptr<JobQueue::State> queue = std::move(asked_.front());
      asked_.pop_front();
      lock.unlock();
      queue->Work();
      queue.reset();
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::condition_variable asked_ready_;
  std::deque<std::shared_ptr<JobQueue::State>> asked_;  // queues a helper was asked to work on
  size_t threads_ = 0;
  size_t waiting_ = 0;  // helpers waiting to be asked
};

}  // namespace

int DefaultJobThreads() {
  // Asked once: the C library reads a /sys file to count the cores, and every load asks.
  static const int threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, 4U));
  return threads;
}

JobQueue::JobQueue(int threads) : state_(std::make_shared<State>()) {
  if (threads <= 0) threads = DefaultJobThreads();
  helpers_wanted_ = static_cast<size_t>(threads) - 1;  // the adding thread works too, in Finish
}

JobQueue::~JobQueue() { Finish(); }

void JobQueue::Add(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> guard(state_->mutex);
    state_->jobs.push_back(std::move(job));
  }
  if (helpers_asked_ < helpers_wanted_) {
    if (Helpers::Get().Ask(state_, static_cast<size_t>(DefaultJobThreads()) - 1)) {
      ++helpers_asked_;
    } else {
      helpers_wanted_ = helpers_asked_;  // no thread to be had: the adding thread does the rest
    }
  }
}

void JobQueue::Finish() {
  state_->Work();
  std::unique_lock<std::mutex> lock(state_->mutex);
  state_->idle.wait(lock, [this] { return state_->running == 0 && state_->jobs.empty(); });
}

}  // namespace rulecraft
