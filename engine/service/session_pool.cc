#include "service/session_pool.h"

namespace rulecraft::service {

SessionLease::SessionLease(SessionLease&& other) noexcept : pool_(other.pool_), index_(other.index_) {
  other.pool_ = nullptr;
}

SessionLease::~SessionLease() {
  if (pool_ != nullptr) pool_->Release(index_);
}

Session& SessionLease::session() const { return *pool_->sessions_[index_]; }

SessionPool::SessionPool(size_t size, const SessionOptions& options) {
  for (size_t i = 0; i < size; ++i) {
    sessions_.push_back(std::make_unique<Session>(options));
    free_.push_back(size - 1 - i);  // lent from the back: Session 0 first
  }
}

SessionLease SessionPool::TryAcquire() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (free_.empty()) return {};
  size_t index = free_.back();
  free_.pop_back();
  return {this, index};
}

size_t SessionPool::busy() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return sessions_.size() - free_.size();
}

void SessionPool::Release(size_t index) {
  std::lock_guard<std::mutex> lock(mutex_);
  free_.push_back(index);
}

}  // namespace rulecraft::service
