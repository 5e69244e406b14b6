// The service's workers: a fixed number of Sessions, each used by one request at a time.
//
// Thread safety by ownership: a Session (its sources, its loaded rulesets, its Lua scripts) is
// never used by two threads at once. A request borrows a free Session for its whole answer and
// gives it back; each Session keeps the rulesets it loaded, so a ruleset is loaded at most once
// per worker and then shared by every request that worker answers. When every Session is
// busy the request is refused at once (503) rather than queued without bound.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "rulecraft/rulecraft.h"

namespace rulecraft::service {

class SessionPool;

// A Session borrowed from the pool, given back when the lease ends.
class SessionLease {
 public:
  SessionLease() = default;
  SessionLease(SessionPool* pool, size_t index) : pool_(pool), index_(index) {}
  SessionLease(SessionLease&& other) noexcept;
  SessionLease& operator=(SessionLease&&) = delete;
  ~SessionLease();

  // Whether a Session was free to borrow.
  explicit operator bool() const { return pool_ != nullptr; }
  // The borrowed Session; only on a lease that holds one.
  Session& session() const;

 private:
  SessionPool* pool_ = nullptr;
  size_t index_ = 0;
};

// `size` Sessions made with the same options, lent out one request at a time.
class SessionPool {
 public:
  SessionPool(size_t size, const SessionOptions& options);

  // A free Session, or an empty lease when all are busy.
  SessionLease TryAcquire();

  size_t size() const { return sessions_.size(); }
  // How many Sessions are lent out now.
  size_t busy() const;

 private:
  friend class SessionLease;
  void Release(size_t index);

  std::vector<std::unique_ptr<Session>> sessions_;
  mutable std::mutex mutex_;
  std::vector<size_t> free_;  // indices of the Sessions not lent out
};

}  // namespace rulecraft::service
