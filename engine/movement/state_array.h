// Per-state arrays of a search whose new elements are left unwritten: a search writes only the
// states it can reach, so the memory of the states it never reaches is never touched (on a
// fresh allocation the system then never has to provide those pages).
#pragma once

#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace rulecraft::movement {

// std::allocator, except that an element made without a value is left as the memory holds it
// (default-initialised: for the numbers these arrays hold, not written at all).
template <typename T>
struct LeftUnwritten : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = LeftUnwritten<U>;
  };
  LeftUnwritten() = default;
  template <typename U>
  LeftUnwritten(const LeftUnwritten<U>& /*other*/) noexcept {}

  template <typename U, typename... Args>
  void construct(U* at, Args&&... args) {
    if constexpr (sizeof...(Args) == 0) {
      ::new (static_cast<void*>(at)) U;
    } else {
      ::new (static_cast<void*>(at)) U(std::forward<Args>(args)...);
    }
  }
};

// An array with an element per state; resize() leaves new elements unwritten, assign() fills.
template <typename T>
using StateArray = std::vector<T, LeftUnwritten<T>>;

}  // namespace rulecraft::movement
