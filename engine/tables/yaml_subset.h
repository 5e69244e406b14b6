// A fast reader for the plain subset of YAML the tables are written in (issue 15).
#pragma once

#include <cstddef>
#include <string_view>

#include <yaml-cpp/eventhandler.h>

#include "tables/yaml_tree.h"

namespace rulecraft::yaml {

// What a reading of the subset saw that decides whether the text checks run before reading
// (TooDeepAt, FindLayoutMistake(only_sure)) could report anything on the text.
struct SubsetNotes {
  // Some plain scalar holds '|', '>', or a quote or opening bracket after a blank or an
  // indicator, or a block key starts with '-' or holds ':': the checks' own scan of the line
  // may read it otherwise than the reader did.
  bool steering = false;
  // The most collections open at once; TooDeepAt's estimate is at most one more.
  size_t deepest = 0;
};

// Reads `text` when it keeps to the subset (block mappings and sequences, flow collections,
// one-line plain and quoted scalars without escapes, comments) into `tree` (empty before),
// with exactly the nodes yaml-cpp's parser would report (same values, tags, styles and
// marks), its scalars views into `text` where they need no unescaping; returns false and
// leaves `tree` empty when the text holds anything else, valid or not, which yaml-cpp must
// then read. `notes`, when given, receives what the reading saw. `checked_text` says the text
// is known to be well-formed UTF-8 with no control character but tab, line feed and carriage
// return (SourceFile::checked()), so that only the characters the subset refuses beyond those
// are looked for. The tree's marks hold their nodes' byte offsets (Tree::MarksAreOffsets).
bool ReadYamlSubset(std::string_view text, Tree& tree, SubsetNotes* notes = nullptr, bool checked_text = false);

// The same reading reported to `handler` as yaml-cpp's parser events, or nothing reported
// (and false) outside the subset.
bool ReadYamlSubset(std::string_view text, YAML::EventHandler& handler);

}  // namespace rulecraft::yaml
