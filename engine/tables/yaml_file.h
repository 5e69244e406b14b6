// Reading YAML with every mistake reported at its file:line:col.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "tables/yaml_tree.h"

namespace rulecraft::yaml {

// Parses the one document of a file within the limits of tables/yaml_limits.h; a syntax
// error, a second document, a tag, or a document too deep or too large becomes a diagnostic
// and nullopt.
std::optional<YAML::Node> Parse(const SourceFile& file, Diagnostics& diagnostics);

// Parse's reading into our own tree, with the same diagnostics: the tables' plain YAML goes
// from our subset reader straight into the tree, anything else through yaml-cpp and is copied.
std::optional<Tree> ParseTree(const SourceFile& file, Diagnostics& diagnostics);

// Reports an exception yaml-cpp threw while a file was read, at its mark (or the file's start).
void ReportException(const SourceFile& file, const YAML::Exception& error, Diagnostics& diagnostics);

// The value of `key` in a mapping, or an undefined node (never yaml-cpp's invalid node, which
// throws when asked anything).
YAML::Node Get(const YAML::Node& map, std::string_view key);
Node Get(const Node& map, std::string_view key);

// The bytes a node was written as (a scalar's text, or the first character of a collection).
SourceSpan SpanOf(const SourceFile& file, const YAML::Node& node);
SourceSpan SpanOf(const SourceFile& file, const Node& node);

// How a node reads in a message: "a list", "a mapping", "'text'", "nothing".
std::string Describe(const YAML::Node& node);
std::string Describe(const Node& node);

// Reads the keys of one mapping, checking unknown, duplicate and missing keys.
template <typename YamlNode>
class BasicMapReader {
 public:
  // `what` names the mapping in messages ("creature", "row of table 'sizes'").
  BasicMapReader(const SourceFile& file, const YamlNode& map, std::string what,
                 Diagnostics& diagnostics);
  // The same, its name in messages `what_format` (a fmt format string such as "row '{}' of
  // table '{}'") with `first` and `second`, formatted only when a message is written; the
  // texts must outlive the reader.
  BasicMapReader(const SourceFile& file, const YamlNode& map, const char* what_format, std::string_view first,
                 std::string_view second, Diagnostics& diagnostics);

  // True when the node was a mapping (otherwise an error was reported and nothing is read).
  bool ok() const { return ok_; }
  // The value for `key`, or an undefined node when absent.
  YamlNode Optional(std::string_view key);
  // The same without a copy: the entry's own value, valid as long as the reader, or when absent
  // an undefined node all readers of the thread share (to be read, never copied to be changed).
  const YamlNode& Find(std::string_view key);
  // The value for `key`; reports a missing-key error when absent.
  YamlNode Required(std::string_view key);
  // Reports every key that was never asked for, suggesting the closest asked-for name.
  void RejectUnknown();
  // The span of the key `key`, or of the mapping when absent.
  SourceSpan KeySpan(std::string_view key) const;
  // The span of the mapping itself.
  SourceSpan Span() const;

 private:
  const SourceFile& file_;
  // One of the mapping's entries, read once: its key's text (empty unless a scalar) and value.
  // The key's text is the key node's own, which the entry keeps alive.
  struct Entry {
    std::string_view key;
    bool key_is_scalar;
    bool asked = false;  // some Optional or Required named it
    YamlNode key_node;
    YamlNode value;
  };

  // The mapping's name in messages.
  std::string What() const;
  // Reads the entries (or reports that the node is no mapping).
  void ReadEntries();

  YamlNode map_;
  std::string what_;                  // when given whole
  const char* what_format_ = nullptr;  // else formatted from these
  std::string_view what_first_;
  std::string_view what_second_;
  Diagnostics& diagnostics_;
  bool ok_ = false;
  std::vector<Entry> entries_;  // in the mapping's order, duplicates kept
  std::string asked_;  // every name asked for, in order, each followed by a '\0'
  // The names asked for, in order (for an unknown key's message).
  std::vector<std::string> AskedNames() const;
};

// The error for a node that should be a mapping, the one `what` names; `found` describes it.
void ReportNotMapping(const SourceSpan& span, const std::string& what, const std::string& found,
                      Diagnostics& diagnostics);

// The error for a key given again in the mapping `what` names.
void ReportDuplicateKey(const SourceSpan& span, std::string_view key, const std::string& what,
                        Diagnostics& diagnostics);

// The error for a required key the mapping `what` names lacks (reported at the mapping).
void ReportMissingKey(const SourceSpan& span, std::string_view key, const std::string& what,
                      Diagnostics& diagnostics);

// The error for a key no reader asked for, in the mapping `what` names, suggesting the closest of
// the `asked` names (or listing them all when none is close).
void ReportUnknownKey(const SourceSpan& span, std::string_view key, const std::string& what,
                      const std::vector<std::string>& asked, Diagnostics& diagnostics);

extern template class BasicMapReader<YAML::Node>;
extern template class BasicMapReader<Node>;
// Over yaml-cpp's nodes (scenarios) and over our tree's (tables).
using MapReader = BasicMapReader<YAML::Node>;
using TreeMapReader = BasicMapReader<Node>;

// Scalar readers: each reports "expected …, found …" at the node and returns nullopt.
std::optional<std::string> ReadText(const SourceFile& file, const YAML::Node& node,
                                    std::string_view what, Diagnostics& diagnostics);
// A lower_snake_case identifier.
std::optional<std::string> ReadName(const SourceFile& file, const YAML::Node& node,
                                    std::string_view what, Diagnostics& diagnostics);
std::optional<int64_t> ReadInt(const SourceFile& file, const YAML::Node& node,
                               std::string_view what, Diagnostics& diagnostics);
std::optional<double> ReadNumber(const SourceFile& file, const YAML::Node& node,
                                 std::string_view what, Diagnostics& diagnostics);
std::optional<bool> ReadBool(const SourceFile& file, const YAML::Node& node,
                             std::string_view what, Diagnostics& diagnostics);

// The same readers over our tree's nodes.
std::optional<std::string> ReadText(const SourceFile& file, const Node& node,
                                    std::string_view what, Diagnostics& diagnostics);
std::optional<std::string> ReadName(const SourceFile& file, const Node& node,
                                    std::string_view what, Diagnostics& diagnostics);
std::optional<int64_t> ReadInt(const SourceFile& file, const Node& node,
                               std::string_view what, Diagnostics& diagnostics);
std::optional<double> ReadNumber(const SourceFile& file, const Node& node,
                                 std::string_view what, Diagnostics& diagnostics);
std::optional<bool> ReadBool(const SourceFile& file, const Node& node,
                             std::string_view what, Diagnostics& diagnostics);

// Whether `text` is a lower_snake_case name (what ReadName accepts).
bool IsName(std::string_view text);

// Parses a whole number with an optional sign ("+2", "-16"); nullopt if it is not one.
std::optional<int64_t> ParseInt(std::string_view text);
// Parses a decimal number ("2.5", "-1", "0.1"); nullopt if it is not one.
std::optional<double> ParseNumber(std::string_view text);

}  // namespace rulecraft::yaml
