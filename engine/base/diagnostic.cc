#include "rulecraft/diagnostic.h"

#include <algorithm>

#include <fmt/format.h>

#include "base/limits.h"
#include "base/text_bytes.h"
#include "rulecraft/source.h"

namespace rulecraft {

Diagnostic& Diagnostics::Add(Severity severity, std::string code, SourceSpan span,
                             std::string message) {
  size_t& count = severity == Severity::kError ? errors_ : warnings_;
  if (++count > limits::kMaxErrors) {
    dropped_ = Diagnostic{};
    dropped_.dropped = true;
    return dropped_;
  }
  items_.push_back(Diagnostic{severity, std::move(code), std::move(span), std::move(message), {}});
  return items_.back();
}

bool Diagnostics::Full() const { return errors_ >= limits::kMaxErrors; }

namespace {

// How many of `count` reports went past the limit.
size_t PastTheLimit(size_t count) { return count > limits::kMaxErrors ? count - limits::kMaxErrors : 0; }

}  // namespace

size_t Diagnostics::Dropped() const { return PastTheLimit(errors_) + PastTheLimit(warnings_); }

Diagnostic& Diagnostics::Error(std::string code, SourceSpan span, std::string message) {
  return Add(Severity::kError, std::move(code), std::move(span), std::move(message));
}

Diagnostic& Diagnostics::Warning(std::string code, SourceSpan span, std::string message) {
  return Add(Severity::kWarning, std::move(code), std::move(span), std::move(message));
}

void Diagnostics::Append(const Diagnostics& other) {
  for (const Diagnostic& item : other.items_) {
    Add(item.severity, item.code, item.span, item.message).notes = item.notes;
  }
  // The other list's uncounted reports count here too (none of them is kept, here either).
  errors_ += PastTheLimit(other.errors_);
  warnings_ += PastTheLimit(other.warnings_);
}

void Diagnostics::SortByPosition() {
  std::stable_sort(items_.begin(), items_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.span.file != b.span.file) return a.span.file < b.span.file;
    return a.span.begin < b.span.begin;
  });
}

const char* SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kNote: return "note";
  }
  return "error";
}

namespace {

// Decodes one UTF-8 code point; returns its length in bytes (1 for a malformed byte).
size_t DecodeUtf8(std::string_view text, uint32_t& code_point) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  size_t length = byte(0) < 0x80 ? 1 : (byte(0) >> 5) == 0x6 ? 2 : (byte(0) >> 4) == 0xE ? 3
                : (byte(0) >> 3) == 0x1E ? 4 : 1;
  if (length > text.size()) length = 1;
  code_point = length == 1 ? byte(0) : byte(0) & (0x7Fu >> length);
  for (size_t i = 1; i < length; ++i) code_point = (code_point << 6) | (byte(i) & 0x3Fu);
  return length;
}

// True for characters a terminal draws two columns wide (East Asian wide ranges).
bool IsWide(uint32_t code_point) {
  return (code_point >= 0x1100 && code_point <= 0x115F) || (code_point >= 0x2E80 && code_point <= 0xA4CF) ||
         (code_point >= 0xAC00 && code_point <= 0xD7A3) || (code_point >= 0xF900 && code_point <= 0xFAFF) ||
         (code_point >= 0xFE30 && code_point <= 0xFE4F) || (code_point >= 0xFF00 && code_point <= 0xFF60) ||
         (code_point >= 0xFFE0 && code_point <= 0xFFE6);
}

// The line as a terminal can show it: a byte that is not UTF-8 text (a NUL, a control
// character, a stray byte; tabs are text) becomes U+FFFD, one column wide like the byte it
// replaces.
std::string Printable(std::string_view line) {
  std::string out;
  while (std::optional<BadByte> bad = FirstBadByte(line)) {
    out.append(line.substr(0, bad->offset));
    out += "\xEF\xBF\xBD";
    line.remove_prefix(bad->offset + 1);
  }
  out.append(line);
  return out;
}

// Appends "  12 | text" and "     | ^~~~" for a span inside one file.
void RenderExcerpt(std::string& out, const SourceFile& file, const SourceSpan& span) {
  LineColumn start = file.Locate(span.begin);
  std::string_view line = file.Line(start.line);
  std::string number = std::to_string(start.line);
  std::string gutter(number.size(), ' ');
  out += fmt::format(" {} | {}\n", number, Printable(line));
  // Pad with what the terminal shows: tabs stay tabs, wide (CJK, Hangul) characters take two.
  std::string_view before = line.substr(0, std::min<size_t>(line.size(), start.column - 1));
  std::string pad;
  for (size_t i = 0; i < before.size();) {
    uint32_t code_point = 0;
    size_t length = DecodeUtf8(before.substr(i), code_point);
    pad += before[i] == '\t' ? "\t" : IsWide(code_point) ? "  " : " ";
    i += length;
  }
  std::string_view rest = line.substr(before.size());
  size_t span_bytes = span.end > span.begin ? std::min<size_t>(span.end - span.begin, rest.size()) : 1;
  size_t width = 0;
  for (size_t i = 0; i < span_bytes && i < rest.size();) {
    uint32_t code_point = 0;
    i += DecodeUtf8(rest.substr(i), code_point);
    width += IsWide(code_point) ? 2 : 1;
  }
  width = std::max<size_t>(1, width);
  out += fmt::format(" {} | {}^{}\n", gutter, pad, std::string(width - 1, '~'));
}

std::string Location(const SourceSpan& span, const SourceSet& sources) {
  if (!span.HasFile()) return "rulecraft";
  const SourceFile* file = sources.Find(span.file);
  if (file == nullptr) return span.file;
  LineColumn at = file->Locate(span.begin);
  return fmt::format("{}:{}:{}", span.file, at.line, at.column);
}

}  // namespace

std::string Render(const Diagnostic& diagnostic, const SourceSet& sources) {
  std::string out = fmt::format("{}: {}[{}]: {}\n", Location(diagnostic.span, sources),
                                SeverityName(diagnostic.severity), diagnostic.code,
                                Printable(diagnostic.message));  // a name may hold a NUL ("a\0b" in YAML)
  if (const SourceFile* file = sources.Find(diagnostic.span.file)) {
    RenderExcerpt(out, *file, diagnostic.span);
  }
  for (const DiagnosticNote& note : diagnostic.notes) {
    if (note.span.HasFile()) {
      out += fmt::format("  note: {}: {}\n", Location(note.span, sources), Printable(note.message));
      if (const SourceFile* file = sources.Find(note.span.file)) RenderExcerpt(out, *file, note.span);
    } else {
      out += fmt::format("  note: {}\n", Printable(note.message));
    }
  }
  return out;
}

std::string Render(const Diagnostics& diagnostics, const SourceSet& sources) {
  std::string out;
  for (const Diagnostic& diagnostic : diagnostics.items()) out += Render(diagnostic, sources);
  if (diagnostics.Full() || diagnostics.Dropped() > 0) {
    out += fmt::format("rulecraft: at most {} errors and {} warnings are shown (limits::kMaxErrors){}\n",
                       limits::kMaxErrors, limits::kMaxErrors,
                       diagnostics.Dropped() > 0 ? fmt::format("; {} more not shown", diagnostics.Dropped()) : "");
  }
  return out;
}

}  // namespace rulecraft
