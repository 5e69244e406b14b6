// Plain-words diagnoses of YAML syntax mistakes: what yaml-cpp's "end of sequence not found",
// reported a line late, meant at the line the user got wrong ("this line is indented 3 spaces;
// the list above uses 2"). Also the mistakes yaml-cpp lets through silently (an unclosed quote,
// `key:value`, a repeated key).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <yaml-cpp/yaml.h>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/yaml_tree.h"

namespace rulecraft::yaml {

// The first mistake in the text's layout, or nullopt: a tab used to indent, a line indented
// between the levels above it, a key where a list has its items, '-' or ':' without a space
// after it, a quote or bracket never closed (named where it opened), a bracket closed by the
// wrong one. `only_sure`: only the mistakes that are never valid YAML in a rulecraft file (run on
// every file, also when yaml-cpp read it); otherwise every guess (run when yaml-cpp refused it).
std::optional<Diagnostic> FindLayoutMistake(const SourceFile& file, bool only_sure);

// Reports each key given twice in one mapping of the document, naming both lines.
void CheckDuplicateKeys(const SourceFile& file, const YAML::Node& document, Diagnostics& diagnostics);
// The same check of a document of our own tree, with the same reports.
void CheckDuplicateKeys(const SourceFile& file, const Node& document, Diagnostics& diagnostics);

}  // namespace rulecraft::yaml
