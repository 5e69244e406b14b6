// A loaded ruleset as bytes and back: the compiled form that ruleset/compiled_cache.h keeps.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ruleset/ruleset.h"

namespace rulecraft::ruleset {

// The bytes of a loaded ruleset: its manifest, tables, lineage and compiled rules. Only the
// build that wrote them reads them back (numbers are kept in this machine's layout). When
// `files` is given, it receives every file name a span in the ruleset points into.
std::string WriteCompiledForm(const Ruleset& ruleset, std::vector<std::string>* files = nullptr);

// The ruleset bytes of WriteCompiledForm hold; nullopt when they end early or hold more, or any
// count or name in them is impossible.
std::optional<Ruleset> ReadCompiledForm(std::string_view bytes);

}  // namespace rulecraft::ruleset
