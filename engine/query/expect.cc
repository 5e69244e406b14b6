#include "query/expect.h"

#include <cmath>

namespace rulecraft::query {
namespace {

bool SameNumber(const nlohmann::json& a, const nlohmann::json& b) {
  double x = a.get<double>();
  double y = b.get<double>();
  return std::abs(x - y) <= 1e-9 * std::max(1.0, std::abs(y));
}

void Compare(const nlohmann::json& expected, const nlohmann::json& actual, const std::string& path,
             std::vector<Mismatch>& out) {
  auto differ = [&] {
    out.push_back({path, expected.dump(), actual.is_null() ? "(missing)" : actual.dump()});
  };
  if (expected.is_object()) {
    if (!actual.is_object()) return differ();
    for (const auto& [key, value] : expected.items()) {
      std::string field = path.empty() ? key : path + "." + key;
      Compare(value, actual.contains(key) ? actual.at(key) : nlohmann::json(), field, out);
    }
    return;
  }
  if (expected.is_array()) {
    if (!actual.is_array() || actual.size() != expected.size()) return differ();
    for (size_t i = 0; i < expected.size(); ++i) {
      Compare(expected[i], actual[i], path + "[" + std::to_string(i) + "]", out);
    }
    return;
  }
  if (expected.is_number() && actual.is_number()) {
    if (!SameNumber(actual, expected)) differ();
    return;
  }
  if (expected != actual) differ();
}

}  // namespace

std::vector<Mismatch> CompareExpected(const nlohmann::json& expected, const nlohmann::json& actual) {
  std::vector<Mismatch> out;
  Compare(expected, actual, "", out);
  return out;
}

}  // namespace rulecraft::query
