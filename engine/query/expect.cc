#include "query/expect.h"

#include <algorithm>
#include <cmath>

namespace rulecraft::query {
namespace {

// The keys of a matcher mapping (docs/scenarios.md, "Matchers").
const char* const kMatcherKeys[] = {"contains", "excludes", "absent", "not",     "approx",
                                    "within",   "at_least", "at_most", "length"};

// A place in the answer, as the report shows it ("steps[2].cost") and as a JSON pointer.
struct Field {
  std::string path;
  nlohmann::json::json_pointer pointer{};

  Field Key(const std::string& key) const { return {path.empty() ? key : path + "." + key, pointer / key}; }
  Field Index(size_t i) const { return {path + "[" + std::to_string(i) + "]", pointer / i}; }
};

bool SameNumber(const nlohmann::json& a, const nlohmann::json& b) {
  double x = a.get<double>();
  double y = b.get<double>();
  return std::abs(x - y) <= 1e-9 * std::max(1.0, std::abs(y));
}

void Compare(const nlohmann::json& expected, const nlohmann::json& actual, const Field& field,
             std::vector<Mismatch>& out, bool present);

bool Matches(const nlohmann::json& expected, const nlohmann::json& actual) {
  std::vector<Mismatch> differences;
  Compare(expected, actual, Field{}, differences, true);
  return differences.empty();
}

std::string Shown(const nlohmann::json& actual) { return actual.is_null() ? "(missing)" : actual.dump(); }

// Whether `actual` (a list, or a string for a string item) holds something equal to `item`.
bool Holds(const nlohmann::json& actual, const nlohmann::json& item) {
  if (actual.is_string() && item.is_string()) {
    return actual.get_ref<const std::string&>().find(item.get_ref<const std::string&>()) != std::string::npos;
  }
  if (!actual.is_array()) return false;
  return std::any_of(actual.begin(), actual.end(), [&](const nlohmann::json& element) { return Matches(item, element); });
}

std::vector<nlohmann::json> Items(const nlohmann::json& list) {
  if (list.is_array()) return {list.begin(), list.end()};
  return {list};
}

void CompareMatcher(const nlohmann::json& matcher, const nlohmann::json& actual, const Field& field,
                    bool present, std::vector<Mismatch>& out) {
  auto differ = [&](std::string expected) {
    out.push_back({field.path, std::move(expected), Shown(actual), field.pointer.to_string(), !present});
  };
  if (matcher.contains("absent")) {
    bool want_absent = matcher["absent"].is_boolean() && matcher["absent"].get<bool>();
    if (want_absent == present) differ(want_absent ? "to be absent" : "to be present");
    if (want_absent) return;
  }
  if (!present) return differ("a value (" + matcher.dump() + ")");
  for (const nlohmann::json& item : matcher.contains("contains") ? Items(matcher["contains"]) : std::vector<nlohmann::json>{}) {
    if (!Holds(actual, item)) differ("to contain " + item.dump());
  }
  for (const nlohmann::json& item : matcher.contains("excludes") ? Items(matcher["excludes"]) : std::vector<nlohmann::json>{}) {
    if (Holds(actual, item)) differ("not to contain " + item.dump());
  }
  if (matcher.contains("not") && Matches(matcher["not"], actual)) differ("not " + matcher["not"].dump());
  auto number = [&](const char* key, auto holds, const char* words) {
    if (!matcher.contains(key)) return;
    const nlohmann::json& bound = matcher[key];
    if (!bound.is_number() || !actual.is_number() || !holds(actual.get<double>(), bound.get<double>())) {
      differ(std::string(words) + " " + bound.dump());
    }
  };
  if (matcher.contains("approx")) {
    double tolerance = matcher.contains("within") && matcher["within"].is_number() ? matcher["within"].get<double>() : 1e-9;
    const nlohmann::json& target = matcher["approx"];
    if (!target.is_number() || !actual.is_number() ||
        std::abs(actual.get<double>() - target.get<double>()) > tolerance) {
      differ(target.dump() + " within " + nlohmann::json(tolerance).dump());
    }
  }
  number("at_least", [](double a, double b) { return a >= b; }, "at least");
  number("at_most", [](double a, double b) { return a <= b; }, "at most");
  if (matcher.contains("length")) {
    bool sized = actual.is_array() || actual.is_object() || actual.is_string();
    size_t length = actual.is_string() ? actual.get_ref<const std::string&>().size() : actual.size();
    const nlohmann::json& want = matcher["length"];
    if (!sized || !want.is_number_integer() || want.get<int64_t>() < 0 || length != want.get<size_t>()) {
      differ("length " + matcher["length"].dump());
    }
  }
}

void Compare(const nlohmann::json& expected, const nlohmann::json& actual, const Field& field,
             std::vector<Mismatch>& out, bool present) {
  auto differ = [&] {
    out.push_back({field.path, expected.dump(), present ? actual.dump() : "(missing)", field.pointer.to_string(), !present});
  };
  if (IsMatcher(expected)) return CompareMatcher(expected, actual, field, present, out);
  if (!present) return differ();
  if (expected.is_object()) {
    if (!actual.is_object()) return differ();
    for (const auto& [key, value] : expected.items()) {
      bool has = actual.contains(key);
      Compare(value, has ? actual.at(key) : nlohmann::json(), field.Key(key), out, has);
    }
    return;
  }
  if (expected.is_array()) {
    if (!actual.is_array() || actual.size() != expected.size()) return differ();
    for (size_t i = 0; i < expected.size(); ++i) Compare(expected[i], actual[i], field.Index(i), out, true);
    return;
  }
  if (expected.is_number() && actual.is_number()) {
    if (!SameNumber(actual, expected)) differ();
    return;
  }
  if (expected != actual) differ();
}

}  // namespace

bool IsMatcher(const nlohmann::json& expected) {
  if (!expected.is_object() || expected.empty()) return false;
  for (const auto& [key, value] : expected.items()) {
    if (std::find(std::begin(kMatcherKeys), std::end(kMatcherKeys), key) == std::end(kMatcherKeys)) return false;
  }
  return true;
}

std::vector<Mismatch> CompareExpected(const nlohmann::json& expected, const nlohmann::json& actual) {
  std::vector<Mismatch> out;
  Compare(expected, actual, Field{}, out, true);
  return out;
}

}  // namespace rulecraft::query
