// Source files kept in memory so diagnostics can show the line they point at.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rulecraft/diagnostic.h"
#include "rulecraft/file_stamp.h"

namespace rulecraft {

// A 1-based line and column (column counts bytes).
struct LineColumn {
  uint32_t line = 1;
  uint32_t column = 1;
};

// The text of one file and the offsets where its lines start (found when first asked for: most
// files read are never shown in a diagnostic).
class SourceFile {
 public:
  SourceFile(std::string path, std::string text);
  // A file whose text is found when first asked for: `find_text` runs once, at the first call of
  // text() or of anything that reads the text, on whichever thread makes it.
  SourceFile(std::string path, std::function<std::string()> find_text);
  SourceFile(const SourceFile&) = delete;
  SourceFile& operator=(const SourceFile&) = delete;

  // The file's name, kept once per process: a span made from it copies a pointer.
  const FileName& path() const { return path_; }
  const std::string& text() const {
    if (!text_found_.load(std::memory_order_acquire)) FindText();
    return text_;
  }

  // The line and column of a byte offset (offsets past the end map to the end).
  LineColumn Locate(uint32_t offset) const;
  // The byte offset of a 1-based line and column, clamped to the text.
  uint32_t OffsetOf(uint32_t line, uint32_t column) const;
  // The text of a 1-based line without its line break.
  std::string_view Line(uint32_t line) const;
  uint32_t LineCount() const { return static_cast<uint32_t>(LineStarts().size()); }
  // Whether the text was found to be UTF-8 text when it was read (SourceSet::Read, AddText): no
  // NUL, no control byte but tab and line breaks, no byte outside a well-formed sequence. False
  // for a file given to SourceSet::Add, which checks nothing.
  bool checked() const { return checked_; }

 private:
  friend class SourceSet;
  SourceFile() = default;
  // The offset of each line's first byte, in order (0 first), found on the first call.
  const std::vector<uint32_t>& LineStarts() const;
  // Runs find_text_ once (under found_), then sets text_found_.
  void FindText() const;

  // Set once text_ (then line_starts_) holds what it is to hold: read without the lock. Not
  // std::call_once: glibc ends each first call with a system call (a futex wake), which, for
  // every file a load reads, costs more than the rest of keeping it.
  mutable std::atomic<bool> text_found_{true};
  mutable std::atomic<bool> lines_found_{false};
  mutable std::mutex found_;  // held while finding the text or the line starts

  FileName path_;
  mutable std::function<std::string()> find_text_;  // run and emptied under found_
  mutable std::string text_;  // set under found_ when find_text_ was given
  mutable std::vector<uint32_t> line_starts_;  // set once, under found_
  bool checked_ = false;
};

// Every source file read during one run, by path; files stay alive as long as the set. Read
// and Find may be called from several threads at once (a ruleset's files are read in parallel);
// Add and AddText may not run beside them.
class SourceSet {
 public:
  // Adds (or replaces) a file held in memory and returns it.
  const SourceFile& Add(std::string path, std::string text);
  // Adds a file given in memory (a scenario sent by a tool) after the checks Read makes: at
  // most limits::kMaxFileBytes of UTF-8 text; reports what is wrong and returns nullptr.
  const SourceFile* AddText(const std::string& path, std::string text, Diagnostics& diagnostics);
  // Reads a text file from disk: a regular file (not a folder, device or pipe) of at most
  // limits::kMaxFileBytes, in UTF-8 without NUL or control bytes but tab and line breaks (a
  // leading byte-order mark is dropped). Reports what is wrong, at the byte where it is, and
  // returns nullptr. A file read before is not read again unless its size or modification
  // time changed since; the text read before stays alive for whatever still points into it.
  const SourceFile* Read(const std::string& path, Diagnostics& diagnostics);
  // Reads each file of `paths` as Read does, `diagnostics[i]` (made one a path) receiving what Read
  // would report for paths[i]; the files not read before are read together, with a few system
  // calls for all where the kernel allows (io_uring), rather than four each.
  std::vector<const SourceFile*> ReadAll(const std::vector<std::string>& paths, std::vector<Diagnostics>& diagnostics);
  // The file with this path, or nullptr.
  const SourceFile* Find(const std::string& path) const;
  // The stamp (rulecraft/file_stamp.h) the file at `path` had just before Read read the text kept
  // for it, when that stamp was settled; nullopt when it was not, or the text was not read from disk.
  std::optional<FileStamp> SettledStampOf(const std::string& path) const;
  // Keeps the text `find_text` gives (when first asked for, SourceFile) for the file at `path` as
  // Read would, without reading the file: for a caller that found the file's stamp settled and
  // equal to `stamp`, the stamp it had when an earlier read found that text (`checked` as that
  // read found it). A text kept for `path` with that stamp stays.
  const SourceFile* KeepUnchanged(const std::string& path, std::function<std::string()> find_text, bool checked,
                                  const FileStamp& stamp);

 private:
  // A file's stamp just before it was read, and whether it was settled then.
  struct DiskStamp {
    FileStamp stamp;
    bool settled = false;
  };
  // A mutex that a moved or copied set does not share: each set locks its own.
  struct OwnMutex {
    std::mutex mutex;
    OwnMutex() = default;
    OwnMutex(const OwnMutex&) {}
    OwnMutex& operator=(const OwnMutex&) { return *this; }
  };
  // Forgets what was read from `path` when the file changed since; true when it did.
  bool ForgetIfChanged(const std::string& path);
  // Notes the stamp of the file at `path` as fstat gave it when the file was read from disk, and
  // whether it was settled when StampClock() said `stamp_taken`, before that fstat.
  void NoteReadFromDisk(const std::string& path, const FileStamp& stamp, int64_t stamp_taken);
  // What Read finds of `path` without reading it (under the lock): true with `file` set when the
  // text kept for it is still the file's, or with nullptr when it is known not to be text (reported
  // again); false when it is to be read.
  bool KnownRead(const std::string& path, Diagnostics& diagnostics, const SourceFile*& file);
  // The checks of AddText on a text read from disk or given, then the file kept (a file of the
  // same path kept meanwhile by another thread is kept instead when `keep_first`).
  const SourceFile* CheckAndKeep(const std::string& path, std::string text, Diagnostics& diagnostics,
                                 bool keep_first);

  mutable OwnMutex lock_;  // guards the four members below

  std::map<std::string, std::unique_ptr<SourceFile>, std::less<>> files_;
  std::map<std::string, Diagnostic, std::less<>> not_text_;  // files that are not text, and why
  std::map<std::string, DiskStamp, std::less<>> read_from_disk_;  // each file Read read, as it was
  std::vector<std::unique_ptr<SourceFile>> replaced_;  // older texts of files read again
};

}  // namespace rulecraft
