#include "rulecraft/source.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <fmt/format.h>

#include "base/batch_read.h"
#include "base/checked_texts.h"
#include "base/content_hash.h"
#include "base/limits.h"
#include "base/text_bytes.h"
#include "rulecraft/file_stamp.h"
#include "rulecraft/diagnostic.h"

namespace rulecraft {

namespace {

// Room for the line starts of a text of `size` bytes: a guess, as lines of rules and tables are short.
void ReserveLineStarts(size_t size, std::vector<uint32_t>& starts) { starts.reserve(size / 16 + 2); }

// Adds to `starts` the offset after each line feed of `text` from `from` on, in order.
void AddLineStarts(std::string_view text, size_t from, std::vector<uint32_t>& starts) {
  const char* data = text.data();
  size_t size = text.size();
  size_t at = from;
#if defined(__SSE2__)
  // Sixteen bytes a compare, four compares a round: the line feeds among 64 bytes as a mask.
  const __m128i feed = _mm_set1_epi8('\n');
  auto feeds_in = [&](size_t offset) {
    __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + offset));
    return static_cast<uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, feed))));
  };
  for (; at + 64 <= size; at += 64) {
    uint64_t feeds = feeds_in(at) | feeds_in(at + 16) << 16 | feeds_in(at + 32) << 32 | feeds_in(at + 48) << 48;
    for (; feeds != 0; feeds &= feeds - 1) {
      starts.push_back(static_cast<uint32_t>(at + static_cast<size_t>(std::countr_zero(feeds)) + 1));
    }
  }
#endif
  for (; at < size; ++at) {
    if (data[at] == '\n') starts.push_back(static_cast<uint32_t>(at + 1));
  }
}

}  // namespace

SourceFile::SourceFile(std::string path, std::string text) : path_(path), text_(std::move(text)) {}

SourceFile::SourceFile(std::string path, std::function<std::string()> find_text)
    : text_found_(false), path_(path), find_text_(std::move(find_text)) {}

void SourceFile::FindText() const {
  std::lock_guard<std::mutex> guard(found_);
  if (text_found_.load(std::memory_order_relaxed)) return;
  if (find_text_) text_ = std::exchange(find_text_, nullptr)();
  text_found_.store(true, std::memory_order_release);
}

const std::vector<uint32_t>& SourceFile::LineStarts() const {
  if (lines_found_.load(std::memory_order_acquire)) return line_starts_;
  const std::string& text = this->text();  // before the lock: FindText takes it too
  std::lock_guard<std::mutex> guard(found_);
  if (!lines_found_.load(std::memory_order_relaxed)) {
    if (!text.empty()) ReserveLineStarts(text.size(), line_starts_);
    line_starts_.push_back(0);
    AddLineStarts(text, 0, line_starts_);
    lines_found_.store(true, std::memory_order_release);
  }
  return line_starts_;
}

LineColumn SourceFile::Locate(uint32_t offset) const {
  const std::vector<uint32_t>& starts = LineStarts();
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text().size()));
  auto next = std::upper_bound(starts.begin(), starts.end(), offset);
  uint32_t line_index = static_cast<uint32_t>(next - starts.begin()) - 1;
  return {line_index + 1, offset - starts[line_index] + 1};
}

uint32_t SourceFile::OffsetOf(uint32_t line, uint32_t column) const {
  if (line == 0) line = 1;
  if (column == 0) column = 1;
  if (line > LineCount()) return static_cast<uint32_t>(text().size());
  uint32_t start = LineStarts()[line - 1];
  uint32_t length = static_cast<uint32_t>(Line(line).size());
  return start + std::min(column - 1, length);
}

std::string_view SourceFile::Line(uint32_t line) const {
  if (line == 0 || line > LineCount()) return {};
  const std::vector<uint32_t>& starts = LineStarts();
  uint32_t start = starts[line - 1];
  uint32_t end = line < LineCount() ? starts[line] : static_cast<uint32_t>(text().size());
  std::string_view view(text().data() + start, end - start);
  while (!view.empty() && (view.back() == '\n' || view.back() == '\r')) view.remove_suffix(1);
  return view;
}

const SourceFile& SourceSet::Add(std::string path, std::string text) {
  auto file = std::make_unique<SourceFile>(path, std::move(text));
  std::lock_guard<std::mutex> guard(lock_.mutex);
  auto& slot = files_[std::move(path)];
  slot = std::move(file);
  return *slot;
}

namespace {

namespace fs = std::filesystem;

// What one stat call (following links) says of a path: nullopt when it names nothing readable.
std::optional<struct stat> StatOf(const std::string& path) {
  struct stat facts {};
  if (::stat(path.c_str(), &facts) != 0) return std::nullopt;
  return facts;
}

// The innermost CheckedTextsScope alive on this thread, or nullptr.
thread_local CheckedTextsScope* current_checked_texts = nullptr;

}  // namespace

CheckedTextsScope::CheckedTextsScope(const std::vector<std::pair<std::string, uint64_t>>& texts,
                                     const std::vector<uint8_t>& checked)
    : texts_(texts), checked_(checked), outer_(current_checked_texts) {
  current_checked_texts = this;
}

CheckedTextsScope::~CheckedTextsScope() { current_checked_texts = outer_; }

bool CheckedTextsScope::Knows(std::string_view path, std::string_view text) {
  size_t count = std::min(texts_.size(), checked_.size());
  for (size_t tried = 0; tried < count; ++tried) {
    size_t at = (next_ + tried) % count;
    if (texts_[at].first != path) continue;
    next_ = at + 1;
    return checked_[at] == 1 && ContentHash(text) == texts_[at].second;
  }
  return false;
}

bool SourceSet::ForgetIfChanged(const std::string& path) {
  auto stamp = read_from_disk_.find(path);
  if (stamp == read_from_disk_.end()) return false;
  std::optional<struct stat> facts = StatOf(path);
  if (facts && S_ISREG(facts->st_mode) && StampFrom(*facts) == stamp->second.stamp) return false;
  read_from_disk_.erase(stamp);
  not_text_.erase(path);
  if (auto file = files_.find(path); file != files_.end()) {
    replaced_.push_back(std::move(file->second));
    files_.erase(file);
  }
  return true;
}

void SourceSet::NoteReadFromDisk(const std::string& path, const FileStamp& stamp, int64_t stamp_taken) {
  std::lock_guard<std::mutex> guard(lock_.mutex);
  read_from_disk_[path] = DiskStamp{stamp, Settled(stamp, stamp_taken)};
}

bool SourceSet::KnownRead(const std::string& path, Diagnostics& diagnostics, const SourceFile*& file) {
  std::lock_guard<std::mutex> guard(lock_.mutex);
  ForgetIfChanged(path);
  file = nullptr;
  if (auto bad = not_text_.find(path); bad != not_text_.end()) {
    diagnostics.Add(bad->second.severity, bad->second.code, bad->second.span, bad->second.message);
    return true;
  }
  if (auto known = files_.find(path); known != files_.end()) {
    file = known->second.get();
    return true;
  }
  return false;
}

std::vector<const SourceFile*> SourceSet::ReadAll(const std::vector<std::string>& paths,
                                                  std::vector<Diagnostics>& diagnostics) {
  diagnostics.assign(paths.size(), Diagnostics());
  std::vector<const SourceFile*> files(paths.size(), nullptr);
  std::vector<size_t> unread;  // indexes into `paths`
  std::vector<std::string> unread_paths;
  for (size_t i = 0; i < paths.size(); ++i) {
    if (KnownRead(paths[i], diagnostics[i], files[i])) continue;
    unread.push_back(i);
    unread_paths.push_back(paths[i]);
  }
  std::vector<BatchedRead> batch = ReadBatch(unread_paths, limits::kMaxFileBytes);
  for (size_t k = 0; k < unread.size(); ++k) {
    size_t i = unread[k];
    if (batch.empty() || !batch[k].whole) {  // read alone: it reports what went wrong
      files[i] = Read(paths[i], diagnostics[i]);
      continue;
    }
    NoteReadFromDisk(paths[i], StampFrom(batch[k].facts), batch[k].stamp_taken);
    files[i] = CheckAndKeep(paths[i], std::move(batch[k].text), diagnostics[i], /*keep_first=*/true);
  }
  return files;
}

const SourceFile* SourceSet::Read(const std::string& path, Diagnostics& diagnostics) {
  if (const SourceFile* known = nullptr; KnownRead(path, diagnostics, known)) return known;
  // Opened first, then one fstat for what the file is, its size and its stamp. Not blocking: a
  // pipe opens at once (and is refused below) instead of waiting for a writer.
  int64_t stamp_taken = StampClock();  // before the fstat, for Settled
  int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  struct stat opened {};
  if (descriptor >= 0 && ::fstat(descriptor, &opened) != 0) {
    ::close(descriptor);
    descriptor = -1;
  }
  std::optional<struct stat> facts = descriptor >= 0 ? std::optional<struct stat>(opened) : StatOf(path);
  if (!facts) {
    int why = errno;  // StatOf's
    std::error_code link_error;
    if (fs::is_symlink(fs::symlink_status(path, link_error))) {
      diagnostics.Error("not-a-file", {path, 0, 0},
                        "expected a file, found a symbolic link that leads to none (a loop, or a missing target)");
      return nullptr;
    }
    diagnostics.Error("missing-file", {path, 0, 0},
                      why == ELOOP    ? "cannot read this file: a folder on its path is a loop of symbolic links"
                      : why == EACCES ? "cannot read this file: permission denied on the way to it"
                                      : "cannot read this file: it does not exist");
    return nullptr;
  }
  if (!S_ISREG(facts->st_mode)) {
    if (descriptor >= 0) ::close(descriptor);
    diagnostics.Error("not-a-file", {path, 0, 0},
                      S_ISDIR(facts->st_mode) ? "expected a file, found a folder"
                                              : "expected a file, found a device, a pipe or a socket");
    return nullptr;
  }
  constexpr size_t kMax = limits::kMaxFileBytes;
  // Room for the size the file says it has (at most the limit) and one byte more, so a file
  // that is larger, or grows while it is read, is caught without reading it all.
  auto said = static_cast<uintmax_t>(facts->st_size);
  // Taken before reading: a change made while it is read shows as a change on the next Read.
  NoteReadFromDisk(path, StampFrom(*facts), stamp_taken);
  size_t room = static_cast<size_t>(std::min<uintmax_t>(said, kMax)) + 1;
  std::string text(room, '\0');
  size_t got = 0;
  bool failed = false;
  // A file that cannot be opened reads as empty, as a failed std::ifstream did.
  if (descriptor >= 0) {
    while (got < text.size()) {  // a file that grew since its size was read fills the room
      size_t asked = text.size() - got;
      ssize_t count = ::read(descriptor, text.data() + got, asked);
      if (count < 0 && errno == EINTR) continue;
      if (count < 0) failed = true;
      if (count <= 0) break;
      got += static_cast<size_t>(count);
      // Fewer bytes than asked, ending at the size fstat gave: the end, without one more read.
      if (static_cast<size_t>(count) < asked && got == said) break;
      if (got == text.size() && text.size() <= kMax) text.resize(std::min(text.size() * 2, kMax + 1));
    }
    ::close(descriptor);
  }
  if (failed) {
    diagnostics.Error("missing-file", {path, 0, 0}, "cannot read this file");
    return nullptr;
  }
  text.resize(got);
  if (text.size() > kMax || said > kMax) {
    diagnostics.Error("too-large", {path, 0, 0},
                      fmt::format("the file is larger than the {} MiB rulecraft reads (limits::kMaxFileBytes)",
                                  kMax >> 20));
    return nullptr;
  }
  return CheckAndKeep(path, std::move(text), diagnostics, /*keep_first=*/true);
}

std::optional<FileStamp> SourceSet::SettledStampOf(const std::string& path) const {
  std::lock_guard<std::mutex> guard(lock_.mutex);
  auto read = read_from_disk_.find(path);
  if (read == read_from_disk_.end() || !read->second.settled) return std::nullopt;
  return read->second.stamp;
}

const SourceFile* SourceSet::KeepUnchanged(const std::string& path, std::function<std::string()> find_text,
                                           bool checked, const FileStamp& stamp) {
  std::lock_guard<std::mutex> guard(lock_.mutex);
  auto read = read_from_disk_.find(path);
  auto known = files_.find(path);
  if (read != read_from_disk_.end() && read->second.stamp == stamp && known != files_.end()) {
    return known->second.get();
  }
  auto file = std::make_unique<SourceFile>(path, std::move(find_text));
  file->checked_ = checked;
  not_text_.erase(path);
  read_from_disk_[path] = DiskStamp{stamp, /*settled=*/true};
  if (known != files_.end()) {
    replaced_.push_back(std::move(known->second));
    known->second = std::move(file);
    return known->second.get();
  }
  return files_.emplace(path, std::move(file)).first->second.get();
}

const SourceFile* SourceSet::AddText(const std::string& path, std::string text, Diagnostics& diagnostics) {
  return CheckAndKeep(path, std::move(text), diagnostics, /*keep_first=*/false);
}

const SourceFile* SourceSet::CheckAndKeep(const std::string& path, std::string text, Diagnostics& diagnostics,
                                          bool keep_first) {
  if (text.size() > limits::kMaxFileBytes) {
    {
      std::lock_guard<std::mutex> guard(lock_.mutex);
      not_text_.erase(path);
    }
    diagnostics.Error("too-large", {path, 0, 0},
                      fmt::format("the text is larger than the {} MiB rulecraft reads (limits::kMaxFileBytes)",
                                  limits::kMaxFileBytes >> 20));
    return nullptr;
  }
  DropByteOrderMark(text);
  // The text is checked (unless a CheckedTextsScope on this thread knows it was checked before)
  // before the set is locked: threads reading other files work side by side.
  bool known = keep_first && current_checked_texts != nullptr && current_checked_texts->Knows(path, text);
  // Made empty and filled here: the path is not copied into a string on the way. Its lines are
  // found when first asked for.
  std::unique_ptr<SourceFile> file(new SourceFile);
  file->path_ = FileName(path);
  file->text_ = std::move(text);
  std::optional<BadByte> bad;
  if (!known) bad = FirstBadByte(file->text_);
  file->checked_ = !bad;
  std::lock_guard<std::mutex> guard(lock_.mutex);
  auto& slot = files_[path];
  if (keep_first && slot != nullptr) {
    // Another thread read it meanwhile: everyone shares the first text kept (and its verdict).
    if (auto known_bad = not_text_.find(path); known_bad != not_text_.end()) {
      diagnostics.Add(known_bad->second.severity, known_bad->second.code, known_bad->second.span,
                      known_bad->second.message);
      return nullptr;
    }
    return slot.get();
  }
  not_text_.erase(path);
  slot = std::move(file);
  if (known) current_checked_texts->Vouched(slot.get());
  if (!bad) return slot.get();
  auto at = static_cast<uint32_t>(bad->offset);
  // The file stays for the caret to show the line; reading it again reports it again.
  not_text_[path] = diagnostics.Error("not-text", {path, at, at + 1},
                                      fmt::format("expected UTF-8 text, found {}", bad->why));
  return nullptr;
}

const SourceFile* SourceSet::Find(const std::string& path) const {
  std::lock_guard<std::mutex> guard(lock_.mutex);
  auto found = files_.find(path);
  return found == files_.end() ? nullptr : found->second.get();
}

}  // namespace rulecraft
