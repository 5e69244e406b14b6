#include "base/batch_read.h"

#include <fcntl.h>
#include <liburing.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>

#include "rulecraft/file_stamp.h"

namespace rulecraft {
namespace {

// A ring's submission entries; a batch of kBatch files takes two each (a read and a close).
constexpr unsigned kEntries = 64;
constexpr size_t kBatch = kEntries / 2;

// How every file is opened: as SourceSet::Read opens it (a pipe opens at once, and is not read).
constexpr int kOpenFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;

// Set once a ring could not be made or lacks an operation: no thread tries again.
std::atomic<bool> unavailable{false};

// This thread's io_uring, made when the thread first reads a batch.
class Ring {
 public:
  Ring() {
    if (unavailable.load(std::memory_order_relaxed) || std::getenv("RULECRAFT_NO_IO_URING") != nullptr) return;
    if (io_uring_queue_init(kEntries, &ring_, 0) < 0) {
      unavailable = true;  // no io_uring in this kernel, or a sandbox refuses it
      return;
    }
    made_ = true;
    io_uring_probe* probe = io_uring_get_probe_ring(&ring_);
    usable_ = probe != nullptr && io_uring_opcode_supported(probe, IORING_OP_OPENAT) &&
              io_uring_opcode_supported(probe, IORING_OP_READ) && io_uring_opcode_supported(probe, IORING_OP_CLOSE);
    if (probe != nullptr) io_uring_free_probe(probe);
    if (!usable_) unavailable = true;
  }
  ~Ring() {
    if (made_) io_uring_queue_exit(&ring_);
  }
  Ring(const Ring&) = delete;
  Ring& operator=(const Ring&) = delete;

  bool usable() const { return usable_; }
  // Stops using the ring: a submission or a wait failed, so what it holds is not known.
  void Break() { usable_ = false; }
  io_uring* get() { return &ring_; }

 private:
  io_uring ring_{};
  bool made_ = false;
  bool usable_ = false;
};

// Submits every queued entry, then hands each of `count` completions to `take(tag, result)`; false
// when the ring fails (the kernel does not, while the ring has room for every completion).
template <typename Take>
bool Complete(io_uring* ring, unsigned count, Take take) {
  for (unsigned queued = io_uring_sq_ready(ring); queued > 0;) {
    int submitted = io_uring_submit(ring);
    if (submitted == -EINTR) continue;
    if (submitted <= 0) return false;
    queued -= std::min(queued, static_cast<unsigned>(submitted));
  }
  for (unsigned seen = 0; seen < count;) {
    io_uring_cqe* completion = nullptr;
    int waited = io_uring_wait_cqe(ring, &completion);
    if (waited == -EINTR) continue;
    if (waited < 0) return false;
    take(io_uring_cqe_get_data64(completion), completion->res);
    io_uring_cqe_seen(ring, completion);
    ++seen;
  }
  return true;
}

// Reads paths[first, first + count) into reads[first, …): opens them all, an fstat each, then
// reads each regular file (its size and one byte more, to see it did not grow) linked to its
// close. False when the ring failed.
bool ReadSome(io_uring* ring, const std::vector<std::string>& paths, size_t first, size_t count, size_t most,
              std::vector<BatchedRead>& reads) {
  std::array<int, kBatch> descriptors{};
  for (size_t i = 0; i < count; ++i) {
    io_uring_sqe* open = io_uring_get_sqe(ring);  // never null: the ring is empty, count ≤ its entries
    io_uring_prep_openat(open, AT_FDCWD, paths[first + i].c_str(), kOpenFlags, 0);
    io_uring_sqe_set_data64(open, i);
  }
  if (!Complete(ring, static_cast<unsigned>(count), [&](uint64_t i, int result) { descriptors[i] = result; })) {
    return false;
  }
  unsigned queued = 0;
  for (size_t i = 0; i < count; ++i) {
    int descriptor = descriptors[i];
    if (descriptor < 0) continue;  // read alone, it reports why
    BatchedRead& read = reads[first + i];
    read.stamp_taken = StampClock();
    struct stat facts {};
    bool regular = ::fstat(descriptor, &facts) == 0 && S_ISREG(facts.st_mode) && facts.st_size >= 0 &&
                   static_cast<uintmax_t>(facts.st_size) <= most;
    if (regular) {
      read.facts = facts;
      read.text.assign(static_cast<size_t>(facts.st_size) + 1, '\0');
      io_uring_sqe* load = io_uring_get_sqe(ring);
      io_uring_prep_read(load, descriptor, read.text.data(), static_cast<unsigned>(read.text.size()), 0);
      io_uring_sqe_set_data64(load, 2 * i);
      load->flags |= IOSQE_IO_HARDLINK;  // the close waits for the read, whatever it gave
      ++queued;
    }
    io_uring_sqe* close = io_uring_get_sqe(ring);
    io_uring_prep_close(close, descriptor);
    io_uring_sqe_set_data64(close, 2 * i + 1);
    ++queued;
  }
  return Complete(ring, queued, [&](uint64_t tag, int result) {
    if (tag % 2 == 1) return;  // a close: nothing read depends on it
    BatchedRead& read = reads[first + tag / 2];
    // Exactly the size fstat gave: a file that grew or shrank meanwhile (or a read that gave up
    // early: a file not yet in memory, opened without blocking) is read alone again.
    read.whole = result >= 0 && static_cast<uintmax_t>(result) == static_cast<uintmax_t>(read.facts.st_size);
    if (read.whole) {
      read.text.resize(static_cast<size_t>(result));
    } else {
      read.text = std::string();
    }
  });
}

// This thread's ring.
Ring& ThreadRing() {
  thread_local Ring ring;
  return ring;
}

}  // namespace

bool CanReadBatches() { return ThreadRing().usable(); }

std::vector<BatchedRead> ReadBatch(const std::vector<std::string>& paths, size_t most) {
  Ring& ring = ThreadRing();
  if (!ring.usable() || paths.empty()) return {};
  std::vector<BatchedRead> reads(paths.size());
  for (size_t first = 0; first < paths.size(); first += kBatch) {
    if (!ReadSome(ring.get(), paths, first, std::min(kBatch, paths.size() - first), most, reads)) {
      ring.Break();
      return {};
    }
  }
  return reads;
}

}  // namespace rulecraft
