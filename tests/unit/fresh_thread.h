// Running a test's step on a thread of its own, so nothing the calling thread kept is reused.
#pragma once

#include <thread>
#include <utility>

namespace rulecraft::testing {

// What `make()` returns, made on a new thread that ends before this returns.
template <typename Make>
auto OnFreshThread(Make&& make) {
  decltype(make()) made;
  std::thread fresh([&] { made = make(); });
  fresh.join();
  return made;
}

}  // namespace rulecraft::testing
