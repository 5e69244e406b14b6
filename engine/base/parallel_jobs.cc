#include "base/parallel_jobs.h"

#include <algorithm>
#include <system_error>
#include <utility>

namespace rulecraft {

int DefaultJobThreads() {
  unsigned cores = std::thread::hardware_concurrency();
  return static_cast<int>(std::clamp(cores, 1U, 4U));
}

JobQueue::JobQueue(int threads) {
  if (threads <= 0) threads = DefaultJobThreads();
  helpers_wanted_ = static_cast<size_t>(threads) - 1;  // the adding thread works too, in Finish
}

JobQueue::~JobQueue() { Finish(); }

void JobQueue::Add(std::function<void()> job) {
  std::lock_guard<std::mutex> guard(mutex_);
  jobs_.push_back(std::move(job));
  if (helpers_.size() < helpers_wanted_) {
    try {
      helpers_.emplace_back([this] { Work(/*wait_for_more=*/true); });
    } catch (const std::system_error&) {
      helpers_wanted_ = helpers_.size();  // no more threads to be had: those started do the jobs
    }
  }
  added_.notify_one();
}

void JobQueue::Work(bool wait_for_more) {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (wait_for_more) added_.wait(lock, [this] { return !jobs_.empty() || finishing_; });
    if (jobs_.empty()) return;
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job();
    lock.lock();
  }
}

void JobQueue::Finish() {
  {
    std::lock_guard<std::mutex> guard(mutex_);
    finishing_ = true;
  }
  added_.notify_all();
  Work(/*wait_for_more=*/false);
  for (std::thread& helper : helpers_) helper.join();
  helpers_.clear();
}

}  // namespace rulecraft
