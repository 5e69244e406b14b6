// A fast reader for the plain subset of YAML the tables are written in (issue 15).
#pragma once

#include <string_view>

#include <yaml-cpp/eventhandler.h>

namespace rulecraft::yaml {

// Reads `text` when it keeps to the subset (block mappings and sequences, flow collections,
// one-line plain and quoted scalars without escapes, comments) and reports its
// one document to `handler` exactly as yaml-cpp's parser would (same events, values, tags,
// styles and marks); returns false without reporting anything when the text holds anything
// else, valid or not, which yaml-cpp must then read.
bool ReadYamlSubset(std::string_view text, YAML::EventHandler& handler);

}  // namespace rulecraft::yaml
