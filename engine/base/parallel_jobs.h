// Independent jobs run on several threads at once.
#pragma once

#include <cstddef>
#include <functional>

namespace rulecraft {

// The threads RunJobs uses when asked for 0: one per core the machine reports, at most 4
// (at least 1).
int DefaultJobThreads();

// Runs job(0) … job(count - 1), each once, on up to `threads` threads (this one included; 0 means
// DefaultJobThreads()), and returns when all have finished. Jobs are taken in index order as
// threads come free, so put the longest first. A job must not throw.
void RunJobs(size_t count, int threads, const std::function<void(size_t)>& job);

}  // namespace rulecraft
