#include "base/suggest.h"

#include <algorithm>

#include "base/limits.h"
#include "rulecraft/diagnostic.h"

namespace rulecraft {
namespace {

// Damerau-style edit distance (insert, delete, substitute, swap neighbours), case-insensitive.
size_t EditDistance(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t substitute = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + substitute});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> ClosestName(std::string_view wrong,
                                       const std::vector<std::string>& known) {
  std::optional<std::string> best;
  size_t best_distance = 0;
  // A typo changes at most about a third of a name, and never more than the limit.
  size_t allowed = std::min(limits::kMaxSuggestionDistance, std::max<size_t>(1, wrong.size() / 3));
  if (wrong.size() > limits::kMaxSuggestedNameLength) return best;  // no one mistypes a name that long
  for (const std::string& name : known) {
    if (name == wrong) continue;
    size_t gap = name.size() > wrong.size() ? name.size() - wrong.size() : wrong.size() - name.size();
    if (gap > allowed) continue;  // the distance is at least the difference in length
    size_t distance = EditDistance(wrong, name);
    // Never offer a name that shares nothing with the typo (one-letter names).
    if (distance <= allowed && distance < wrong.size() && (!best || distance < best_distance)) {
      best = name;
      best_distance = distance;
    }
  }
  return best;
}

void SuggestName(Diagnostic& diagnostic, std::string_view wrong,
                 const std::vector<std::string>& known) {
  if (diagnostic.dropped) return;  // past the error limit nobody reads it
  if (auto name = ClosestName(wrong, known)) {
    diagnostic.notes.push_back({{}, "did you mean '" + *name + "'?"});
    return;
  }
  // No close name: a short list is worth showing whole.
  if (known.empty() || known.size() > limits::kMaxListedNames) return;
  std::string names;
  for (const std::string& name : known) names += (names.empty() ? "" : ", ") + name;
  diagnostic.notes.push_back({{}, "expected one of: " + names});
}

}  // namespace rulecraft
