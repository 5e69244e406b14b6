#include "hooks/sandbox_pool.h"

#include <utility>
#include <vector>

namespace rulecraft::hooks {
namespace {

// The idle sandboxes of this thread, at most kKept (a query holds one or two at a time).
struct Pool {
  static constexpr size_t kKept = 4;
  std::vector<std::unique_ptr<Sandbox>> idle;
  int64_t made = 0;
  bool alive = true;
  ~Pool() {
    alive = false;
    idle.clear();
  }
};
thread_local Pool pool;

}  // namespace

SandboxLease::SandboxLease(const Limits& limits) {
  if (pool.alive) {
    for (auto it = pool.idle.rbegin(); it != pool.idle.rend(); ++it) {
      if ((*it)->limits() == limits) {
        sandbox_ = std::move(*it);
        pool.idle.erase(std::next(it).base());
        return;
      }
    }
    ++pool.made;
  }
  sandbox_ = std::make_unique<Sandbox>(limits);
}

SandboxLease::~SandboxLease() {
  if (!pool.alive || !sandbox_->Reset()) return;
  if (pool.idle.size() >= Pool::kKept) pool.idle.erase(pool.idle.begin());
  pool.idle.push_back(std::move(sandbox_));
}

int64_t SandboxLease::Made() { return pool.made; }

}  // namespace rulecraft::hooks
