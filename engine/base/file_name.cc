#include <mutex>
#include <ostream>
#include <shared_mutex>
#include <unordered_set>

#include "rulecraft/diagnostic.h"

namespace rulecraft {

namespace {

// Hashes a name given as any string, so a lookup needs no std::string.
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
};

// Every file name a FileName was made from. The set's nodes never move, so a kept name's
// address stays valid; it is never destroyed (a FileName may be read while statics are torn
// down), and stays reachable from `names` below, so leak checkers do not report it.
struct Names {
  std::shared_mutex mutex;
  std::unordered_set<std::string, NameHash, std::equal_to<>> kept;
};

Names& TheNames() {
  static Names* names = new Names;  // never deleted: see Names
  return *names;
}

}  // namespace

FileName::FileName(std::string_view name) {
  if (name.empty()) return;
  Names& names = TheNames();
  {
    std::shared_lock<std::shared_mutex> reading(names.mutex);
    if (auto found = names.kept.find(name); found != names.kept.end()) {
      name_ = &*found;
      return;
    }
  }
  std::unique_lock<std::shared_mutex> writing(names.mutex);
  name_ = &*names.kept.emplace(name).first;
}

const std::string& FileName::Empty() {
  static const std::string* empty = new std::string;  // never deleted, as the names are not
  return *empty;
}

std::ostream& operator<<(std::ostream& out, const FileName& name) { return out << name.str(); }

}  // namespace rulecraft
