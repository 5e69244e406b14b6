// Diagnostics: the one error type every stage of rulecraft reports with.
//
// A stage never throws across its boundary; it appends Diagnostic values to a
// Diagnostics list. Each one names a file and a byte range in it; line and column are
// computed only when the diagnostic is printed:
//
//   rulesets/x/tables/terrain.yaml:12:5: error[unknown-key]: unknown key 'dificult'
//      12 |     dificult: true
//         |     ^~~~~~~~
//     note: did you mean 'difficult'?
#pragma once

#include <compare>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace rulecraft {

class SourceSet;

// How bad a diagnostic is; only errors make a command fail.
enum class Severity { kError, kWarning, kNote };

// The severity as diagnostics spell it: "error", "warning" or "note".
const char* SeverityName(Severity severity);

// A file's name as diagnostics show it, kept once per process: copying or comparing one copies
// or compares a pointer, never the text. Names live, unchanged, until the process ends (a set
// that only grows, shared by every thread); the empty name, "no file", is the default.
class FileName {
 public:
  // No file.
  FileName() = default;
  // The name `name`, added to the process's names the first time it is seen (thread-safe).
  FileName(std::string_view name);  // NOLINT(google-explicit-constructor): spans are written {path, 0, 0}
  FileName(const std::string& name) : FileName(std::string_view(name)) {}  // NOLINT(google-explicit-constructor)
  FileName(const char* name) : FileName(std::string_view(name)) {}  // NOLINT(google-explicit-constructor)

  // True for "no file".
  bool empty() const { return name_ == nullptr; }
  // The name's text, alive until the process ends ("" for no file).
  const std::string& str() const { return name_ != nullptr ? *name_ : Empty(); }
  // The name's text, for code that takes a string.
  operator const std::string&() const { return str(); }  // NOLINT(google-explicit-constructor)
  // The name's text as a view (what fmt::format prints).
  operator std::string_view() const { return str(); }  // NOLINT(google-explicit-constructor)

  // Equal names are the same kept name, so equality compares pointers.
  friend bool operator==(const FileName& a, const FileName& b) { return a.name_ == b.name_; }
  // Compares the text with a string's (no name is added).
  friend bool operator==(const FileName& a, std::string_view b) { return a.str() == b; }
  friend bool operator==(const FileName& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const FileName& a, const char* b) { return a.str() == b; }
  // Orders by the text, byte by byte, as std::string does.
  friend std::strong_ordering operator<=>(const FileName& a, const FileName& b) {
    return a.name_ == b.name_ ? std::strong_ordering::equal : a.str().compare(b.str()) <=> 0;
  }
  // Writes the text.
  friend std::ostream& operator<<(std::ostream& out, const FileName& name);
  // Converts to a JSON string (nlohmann::json finds it by argument-dependent lookup).
  template <typename Json>
  friend void to_json(Json& json, const FileName& name) {
    json = name.str();
  }

 private:
  static const std::string& Empty();
  const std::string* name_ = nullptr;  // into the process's names; nullptr for no file
};

// A half-open byte range [begin, end) in one named file; an empty file means "no place".
struct SourceSpan {
  FileName file;
  uint32_t begin = 0;
  uint32_t end = 0;

  bool HasFile() const { return !file.empty(); }
};

// A secondary message attached to a diagnostic, optionally pointing at its own place.
struct DiagnosticNote {
  SourceSpan span;
  std::string message;
};

// One problem found in user input: where, a stable code, and what was expected.
struct Diagnostic {
  Severity severity = Severity::kError;
  std::string code;  // stable, kebab-case, e.g. "unknown-key"
  SourceSpan span;
  std::string message;
  std::vector<DiagnosticNote> notes;
  bool dropped = false;  // reported past the error limit: not kept, so not worth adding notes to
};

// An ordered collection of diagnostics, the value passed between stages. It keeps the first
// 200 errors and the first 200 warnings (limits::kMaxErrors) and counts the rest, so bad input
// costs time and memory in proportion to what is shown.
class Diagnostics {
 public:
  // Appends a diagnostic and returns it so notes can be added.
  Diagnostic& Add(Severity severity, std::string code, SourceSpan span, std::string message);
  // Appends an error.
  Diagnostic& Error(std::string code, SourceSpan span, std::string message);
  // Appends a warning.
  Diagnostic& Warning(std::string code, SourceSpan span, std::string message);
  // Appends every diagnostic of another list.
  void Append(const Diagnostics& other);

  bool HasErrors() const { return errors_ > 0; }
  // Every error reported, kept or not.
  size_t ErrorCount() const { return errors_; }
  // True once as many errors as are kept were reported: a stage may stop looking for more.
  bool Full() const;
  // Errors and warnings reported past the limit, not kept.
  size_t Dropped() const;
  bool empty() const { return items_.empty(); }
  size_t size() const { return items_.size(); }
  const std::vector<Diagnostic>& items() const { return items_; }

  // Sorts by file, then position, keeping insertion order among equals.
  void SortByPosition();

 private:
  std::vector<Diagnostic> items_;
  size_t errors_ = 0;    // every error reported; the first limits::kMaxErrors are kept
  size_t warnings_ = 0;  // likewise for warnings
  Diagnostic dropped_;  // what Add returns for a diagnostic past the limit
};

// Renders one diagnostic as `file:line:col: severity[code]: message`, the source line, a
// caret under the range, then its notes; the source text comes from `sources`.
std::string Render(const Diagnostic& diagnostic, const SourceSet& sources);

// Renders every diagnostic in order, each followed by a newline.
std::string Render(const Diagnostics& diagnostics, const SourceSet& sources);

}  // namespace rulecraft
