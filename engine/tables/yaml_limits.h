// Bounds on what a YAML document may make rulecraft do: how deep it nests (before yaml-cpp's
// recursive parser sees it) and how many nodes its aliases expand to.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include <yaml-cpp/yaml.h>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/yaml_tree.h"

namespace rulecraft::yaml {

// The byte where the text's nesting (block indentation levels, `- `/`? ` indicators on one
// line, open `[` and `{`) first passes `max_depth`, estimated from above by a scan that skips
// quoted text, comments and block scalars; nullopt when it never does.
std::optional<size_t> TooDeepAt(std::string_view text, size_t max_depth);

// Walks a parsed document, aliases expanded, and reports: nesting past limits::kMaxYamlDepth
// (an alias inside its own anchor never ends), more than limits::kMaxYamlNodes nodes, an
// explicit tag (`!!python/object`), a mapping key that is not a scalar. True when none.
bool CheckDocument(const SourceFile& file, const YAML::Node& document, Diagnostics& diagnostics);
// The same checks of a document of our own tree, with the same reports.
bool CheckDocument(const SourceFile& file, const Node& document, Diagnostics& diagnostics);

}  // namespace rulecraft::yaml
