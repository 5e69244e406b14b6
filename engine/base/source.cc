#include "rulecraft/source.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace rulecraft {

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (uint32_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
}

LineColumn SourceFile::Locate(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  uint32_t line_index = static_cast<uint32_t>(next - line_starts_.begin()) - 1;
  return {line_index + 1, offset - line_starts_[line_index] + 1};
}

uint32_t SourceFile::OffsetOf(uint32_t line, uint32_t column) const {
  if (line == 0) line = 1;
  if (column == 0) column = 1;
  if (line > LineCount()) return static_cast<uint32_t>(text_.size());
  uint32_t start = line_starts_[line - 1];
  uint32_t length = static_cast<uint32_t>(Line(line).size());
  return start + std::min(column - 1, length);
}

std::string_view SourceFile::Line(uint32_t line) const {
  if (line == 0 || line > LineCount()) return {};
  uint32_t start = line_starts_[line - 1];
  uint32_t end = line < LineCount() ? line_starts_[line] : static_cast<uint32_t>(text_.size());
  std::string_view view(text_.data() + start, end - start);
  while (!view.empty() && (view.back() == '\n' || view.back() == '\r')) view.remove_suffix(1);
  return view;
}

const SourceFile& SourceSet::Add(std::string path, std::string text) {
  auto file = std::make_unique<SourceFile>(path, std::move(text));
  auto& slot = files_[std::move(path)];
  slot = std::move(file);
  return *slot;
}

const SourceFile* SourceSet::Load(const std::string& path) {
  if (const SourceFile* known = Find(path)) return known;
  std::ifstream in(path, std::ios::binary);
  if (!in) return nullptr;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return nullptr;
  return &Add(path, buffer.str());
}

const SourceFile* SourceSet::Find(const std::string& path) const {
  auto found = files_.find(path);
  return found == files_.end() ? nullptr : found->second.get();
}

}  // namespace rulecraft
