// "Did you mean …?": the closest known name to a misspelt one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulecraft {

// The known name closest to `wrong` by edit distance, if one is close enough to be a typo.
std::optional<std::string> ClosestName(std::string_view wrong,
                                       const std::vector<std::string>& known);

// Adds "did you mean 'x'?" to a diagnostic's notes when a close name exists, else "expected
// one of: …" when there are few known names (limits::kMaxListedNames).
struct Diagnostic;
void SuggestName(Diagnostic& diagnostic, std::string_view wrong,
                 const std::vector<std::string>& known);

}  // namespace rulecraft
