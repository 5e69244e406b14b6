#include "rulecraft/diagnostic.h"

#include <algorithm>

#include <fmt/format.h>

#include "rulecraft/source.h"

namespace rulecraft {

Diagnostic& Diagnostics::Add(Severity severity, std::string code, SourceSpan span,
                             std::string message) {
  items_.push_back(Diagnostic{severity, std::move(code), std::move(span), std::move(message), {}});
  return items_.back();
}

Diagnostic& Diagnostics::Error(std::string code, SourceSpan span, std::string message) {
  return Add(Severity::kError, std::move(code), std::move(span), std::move(message));
}

Diagnostic& Diagnostics::Warning(std::string code, SourceSpan span, std::string message) {
  return Add(Severity::kWarning, std::move(code), std::move(span), std::move(message));
}

void Diagnostics::Append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

bool Diagnostics::HasErrors() const { return ErrorCount() > 0; }

size_t Diagnostics::ErrorCount() const {
  return static_cast<size_t>(std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) {
    return d.severity == Severity::kError;
  }));
}

void Diagnostics::SortByPosition() {
  std::stable_sort(items_.begin(), items_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.span.file != b.span.file) return a.span.file < b.span.file;
    return a.span.begin < b.span.begin;
  });
}

namespace {

const char* SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kNote: return "note";
  }
  return "error";
}

// Appends "  12 | text" and "     | ^~~~" for a span inside one file.
void RenderExcerpt(std::string& out, const SourceFile& file, const SourceSpan& span) {
  LineColumn start = file.Locate(span.begin);
  std::string_view line = file.Line(start.line);
  std::string number = std::to_string(start.line);
  std::string gutter(number.size(), ' ');
  out += fmt::format(" {} | {}\n", number, line);
  // Keep tabs so the caret lines up under tab-indented text.
  std::string pad;
  for (uint32_t i = 0; i + 1 < start.column && i < line.size(); ++i) {
    pad += line[i] == '\t' ? '\t' : ' ';
  }
  uint32_t line_end = start.column - 1 + static_cast<uint32_t>(line.size() - std::min<size_t>(line.size(), start.column - 1));
  uint32_t width = 1;
  if (span.end > span.begin) {
    uint32_t span_width = span.end - span.begin;
    uint32_t room = line_end >= start.column - 1 ? line_end - (start.column - 1) : 0;
    width = std::max<uint32_t>(1, std::min(span_width, room));
  }
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
                                diagnostic.message);
  if (const SourceFile* file = sources.Find(diagnostic.span.file)) {
    RenderExcerpt(out, *file, diagnostic.span);
  }
  for (const DiagnosticNote& note : diagnostic.notes) {
    if (note.span.HasFile()) {
      out += fmt::format("  note: {}: {}\n", Location(note.span, sources), note.message);
      if (const SourceFile* file = sources.Find(note.span.file)) RenderExcerpt(out, *file, note.span);
    } else {
      out += fmt::format("  note: {}\n", note.message);
    }
  }
  return out;
}

std::string Render(const Diagnostics& diagnostics, const SourceSet& sources) {
  std::string out;
  for (const Diagnostic& diagnostic : diagnostics.items()) out += Render(diagnostic, sources);
  return out;
}

}  // namespace rulecraft
