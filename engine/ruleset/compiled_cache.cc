#include "ruleset/compiled_cache.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "base/byte_archive.h"
#include "base/checked_texts.h"
#include "base/content_hash.h"
#include "base/folder_files.h"
#include "base/limits.h"
#include "base/open_file.h"
#include "base/text_bytes.h"
#include "rulecraft/file_stamp.h"
#include "ruleset/compiled_form.h"
#include "ruleset/kept_files.h"
#include "ruleset/layer_steps.h"
#include "tables/table_loader.h"

namespace rulecraft {

// A stamp is five numbers, written as its bytes.
template <>
inline constexpr bool kWrittenAsBytes<FileStamp> = true;

namespace ruleset {
namespace {

namespace fs = std::filesystem;

// The first bytes of a kept file; the number changes whenever what follows is laid out otherwise.
constexpr std::string_view kMagic = "rulecraft compiled ruleset 4\n";
static_assert(kMagic.starts_with(kKeptPrefix), "kept_files.h tells a kept file by its first bytes");

// The file that holds this code (the program, or librulecraft.so), by device, inode, size and
// modification time: a rebuilt engine never reads what an older one kept. nullopt when unknown.
std::optional<std::string> EngineIdentity() {
  static const std::optional<std::string> identity = []() -> std::optional<std::string> {
    std::string file = "/proc/self/exe";
    Dl_info info{};
    char program[4096];
    if (::dladdr(reinterpret_cast<void*>(&LoadRulesetCached), &info) != 0 && info.dli_fname != nullptr &&
        info.dli_fname[0] == '/') {
      file = info.dli_fname;
    } else if (ssize_t length = ::readlink(file.c_str(), program, sizeof program); length > 0 &&
                                                                                   length < ssize_t{sizeof program}) {
      // The program as the link names it: valgrind, which runs programs itself, names the
      // program there, where following the link would reach valgrind's own file.
      file.assign(program, static_cast<size_t>(length));
    }
    struct stat status {};
    if (::stat(file.c_str(), &status) != 0) return std::nullopt;
    return fmt::format("{}:{}:{}:{}.{:09}", status.st_dev, status.st_ino, status.st_size, status.st_mtim.tv_sec,
                       status.st_mtim.tv_nsec);
  }();
  return identity;
}

// Everything besides the files that decides what a load of `directory` makes: the build, the
// folder as given and as it is on disk (shown names are relative to the working folder), the
// working folder and the bundled rulesets' folder.
std::optional<std::string> CacheKey(const std::string& directory) {
  std::optional<std::string> engine = EngineIdentity();
  std::error_code error;
  fs::path canonical = fs::weakly_canonical(directory, error);
  if (!engine || error) return std::nullopt;
  fs::path working = fs::current_path(error);
  if (error) return std::nullopt;
  return fmt::format("version {}\nengine {}\nruleset {}\ncanonical {}\nworking {}\nbundled {}\n",
                     RULECRAFT_VERSION, *engine, directory, canonical.string(), working.string(),
                     BundledRulesetsFolder());
}

// The files a load of layers in `layer_directories` reads, listed as the load lists them: each
// layer's manifest, its other rules files, then its table files.
std::vector<std::string> LayerFiles(const std::vector<std::string>& layer_directories) {
  std::vector<std::string> files;
  for (const std::string& directory : layer_directories) {
    files.push_back(JoinPath(directory, kManifestFile));
    for (std::string& path : ExtraRulesFiles(directory)) files.push_back(std::move(path));
    Diagnostics unreadable;  // no tables folder: a layer without tables lists none
    for (tables::TableFile& table : tables::ListTableFiles(JoinPath(directory, "tables"), unreadable)) {
      files.push_back(std::move(table.path));
    }
  }
  return files;
}

// The folders a load of layers in `layer_directories` lists (LayerFiles): each layer's own and
// its tables folder.
std::vector<std::string> ListedFolders(const std::vector<std::string>& layer_directories) {
  std::vector<std::string> folders;
  for (const std::string& directory : layer_directories) {
    folders.push_back(directory);
    folders.push_back(JoinPath(directory, "tables"));
  }
  return folders;
}

// What a listed folder was when the ruleset was kept: a settled stamp (its listing is the same
// while the stamp is), absent, or neither (listed again by every check).
enum class FolderWas : uint8_t { kUnsettled, kSettled, kAbsent };

// A kept file holds kMagic, the checksum of its head, the head's size, the head (an Entry, then
// WriteCompiledForm's bytes as a string), then the text of each file the Entry lists, in order.
struct Entry {
  std::string key;
  std::vector<std::string> layer_directories;
  std::vector<std::pair<std::string, uint64_t>> files;  // path, ContentHash of the text
  std::vector<uint8_t> checked;  // per file, 1 when its text was found to be UTF-8 text
  std::vector<uint8_t> settled;  // per file, 1 when `stamps` holds its settled stamp when read
  std::vector<FileStamp> stamps;
  std::vector<uint64_t> text_sizes;  // per file, the size of the text the ruleset was made from
  std::vector<FolderWas> folders_were;  // per ListedFolders folder
  std::vector<FileStamp> folder_stamps;
};

template <class Archive>
void Io(Archive& archive, Entry& entry) {
  archive(entry.key, entry.layer_directories, entry.files, entry.checked, entry.settled, entry.stamps,
          entry.text_sizes, entry.folders_were, entry.folder_stamps);
}

// Whether every folder a load lists is as it was when `entry` was kept, by its stamp alone.
bool FoldersUnchanged(const Entry& entry) {
  std::vector<std::string> folders = ListedFolders(entry.layer_directories);
  if (folders.size() != entry.folders_were.size() || folders.size() != entry.folder_stamps.size()) return false;
  for (size_t i = 0; i < folders.size(); ++i) {
    std::optional<FileStamp> now = StampOf(folders[i]);
    bool same = entry.folders_were[i] == FolderWas::kSettled  ? now && *now == entry.folder_stamps[i]
                : entry.folders_were[i] == FolderWas::kAbsent ? !now
                                                              : false;
    if (!same) return false;
  }
  return true;
}

// The text of a file kept at `offset` of `kept`, when it still hashes to `hash`; else (the kept
// file was cut or changed since it was opened) the file's text at `path` as it is now.
std::function<std::string()> KeptText(std::shared_ptr<const OpenFile> kept, uint64_t offset, uint64_t size,
                                      uint64_t hash, std::string path) {
  return [kept = std::move(kept), offset, size, hash, path = std::move(path)] {
    std::string text = kept->Read(offset, static_cast<size_t>(size));
    if (text.size() == size && ContentHash(text) == hash) return text;
    text = ReadFilePrefix(path, limits::kMaxFileBytes);
    DropByteOrderMark(text);  // as SourceSet::Read keeps it
    return text;
  };
}

// The kept ruleset at `path` when it is current for `key`; its files are read into `sources`.
std::optional<Ruleset> ReadKept(const std::string& path, const std::string& key, SourceSet& sources) {
  auto kept = std::make_shared<const OpenFile>(path);
  constexpr size_t kPrefix = kMagic.size() + 2 * sizeof(uint64_t);  // kMagic, checksum, head size
  std::string prefix = kept->Read(0, kPrefix);
  if (prefix.size() != kPrefix || !prefix.starts_with(kMagic)) return std::nullopt;
  uint64_t checksum = 0;
  uint64_t head_size = 0;
  std::memcpy(&checksum, prefix.data() + kMagic.size(), sizeof checksum);
  std::memcpy(&head_size, prefix.data() + kMagic.size() + sizeof checksum, sizeof head_size);
  if (head_size > kept->size() - kPrefix) return std::nullopt;
  auto head_bytes = std::make_unique_for_overwrite<char[]>(head_size);
  std::string_view head(head_bytes.get(), kept->ReadAt(kPrefix, head_bytes.get(), head_size));
  if (head.size() != head_size || ContentHash(head) != checksum) return std::nullopt;
  ByteReader reader(head);
  Entry entry;
  reader(entry);
  std::string_view form = reader.Bytes(reader.Count());  // read in place
  if (reader.failed() || !reader.AtEnd() || entry.key != key) return std::nullopt;
  size_t count = entry.files.size();
  if (entry.checked.size() != count || entry.settled.size() != count || entry.stamps.size() != count ||
      entry.text_sizes.size() != count) {
    return std::nullopt;
  }
  uint64_t texts_size = 0;
  for (uint64_t size : entry.text_sizes) texts_size += std::min<uint64_t>(size, kept->size());
  if (texts_size != kept->size() - kPrefix - head_size) return std::nullopt;
  if (!FoldersUnchanged(entry)) {
    std::vector<std::string> listed = LayerFiles(entry.layer_directories);
    if (listed.size() != count) return std::nullopt;
    for (size_t i = 0; i < count; ++i) {
      if (listed[i] != entry.files[i].first) return std::nullopt;  // a file added, gone or renamed
    }
  }
  // A file whose stamp is settled and unchanged has the kept text, which `sources` keeps as if
  // read (and reads from the kept file when first asked for). Any other file is read into
  // `sources` as the load reads it (so that `sources` reads it again once it changes on disk),
  // and its text compared; a text that hashes as the one checked when it was kept is not checked
  // again.
  CheckedTextsScope known(entry.files, entry.checked);
  Diagnostics unused;  // a file that cannot be read now is reported by the load from source
  uint64_t text_offset = kPrefix + head_size;
  for (size_t i = 0; i < count; ++i) {
    const auto& [file_path, hash] = entry.files[i];
    uint64_t text_size = entry.text_sizes[i];
    text_offset += text_size;
    if (entry.settled[i] == 1) {
      std::optional<FileStamp> now = StampOf(file_path);
      if (now && *now == entry.stamps[i]) {
        sources.KeepUnchanged(file_path, KeptText(kept, text_offset - text_size, text_size, hash, file_path),
                              entry.checked[i] == 1, *now);
        continue;
      }
    }
    const SourceFile* file = sources.Read(file_path, unused);
    if (file == nullptr) return std::nullopt;
    if (!known.VouchedFor(file) && ContentHash(file->text()) != hash) return std::nullopt;
  }
  std::optional<Ruleset> ruleset = ReadCompiledForm(form);
  if (ruleset) NoteUsed(path, kept->modified());
  return ruleset;
}

// Writes `bytes` to `path` through a new file beside it, so no reader ever sees part of them and
// a file at `path` that is not a kept ruleset is never replaced. An empty string when done.
std::string WriteKept(const std::string& path, const std::string& bytes) {
  struct stat status {};
  if (::lstat(path.c_str(), &status) == 0 && !IsKeptFile(path)) {
    return "a file that rulecraft did not write is in the way";
  }
  static std::atomic<uint64_t> writes{0};  // threads of one process keeping the same ruleset at once
  std::string temporary = fmt::format("{}.{}.{}.part", path, ::getpid(), writes.fetch_add(1));
  int descriptor = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (descriptor < 0) return std::strerror(errno);
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t wrote = ::write(descriptor, bytes.data() + done, bytes.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) break;
    done += static_cast<size_t>(wrote);
  }
  std::string problem = done == bytes.size() ? "" : std::strerror(errno);
  if (::close(descriptor) != 0 && problem.empty()) problem = std::strerror(errno);
  if (problem.empty() && ::rename(temporary.c_str(), path.c_str()) != 0) problem = std::strerror(errno);
  if (!problem.empty()) ::unlink(temporary.c_str());
  return problem;
}

// Keeps the compiled form of `ruleset`, just loaded from the files in `sources`. Nothing is kept
// when a file it points into is not among the files its layers list now (one was removed while
// it loaded).
void Keep(const std::string& path, const std::string& key, const Ruleset& ruleset, const SourceSet& sources,
          const std::string& cache_folder, Diagnostics& diagnostics) {
  Entry entry;
  entry.key = key;
  entry.layer_directories = ruleset.layer_directories;
  // The folders' stamps are taken before they are listed: a file added after shows in a later stamp.
  int64_t taken = StampClock();
  for (const std::string& folder : ListedFolders(entry.layer_directories)) {
    std::optional<FileStamp> stamp = StampOf(folder);
    entry.folders_were.push_back(!stamp                     ? FolderWas::kAbsent
                                 : Settled(*stamp, taken) ? FolderWas::kSettled
                                                          : FolderWas::kUnsettled);
    entry.folder_stamps.push_back(stamp.value_or(FileStamp{}));
  }
  std::vector<std::string> listed = LayerFiles(ruleset.layer_directories);
  std::vector<const SourceFile*> texts;  // in the order of entry.files
  for (std::string& file_path : listed) {
    const SourceFile* file = sources.Find(file_path);
    if (file == nullptr) return;  // added while it loaded
    texts.push_back(file);
    std::optional<FileStamp> stamp = sources.SettledStampOf(file_path);
    entry.settled.push_back(stamp ? 1 : 0);
    entry.stamps.push_back(stamp.value_or(FileStamp{}));
    entry.text_sizes.push_back(file->text().size());
    entry.files.emplace_back(std::move(file_path), ContentHash(file->text()));
    entry.checked.push_back(file->checked() ? 1 : 0);
  }
  std::vector<std::string> pointed_into;
  std::string form = WriteCompiledForm(ruleset, &pointed_into);
  std::set<std::string_view> read;
  for (const auto& file : entry.files) read.insert(file.first);
  for (const std::string& file : pointed_into) {
    if (read.find(file) == read.end()) return;
  }
  ByteWriter writer;
  writer(entry, form);
  uint64_t checksum = ContentHash(writer.bytes());
  uint64_t head_size = writer.bytes().size();
  std::string bytes(kMagic);
  bytes.append(reinterpret_cast<const char*>(&checksum), sizeof checksum);
  bytes.append(reinterpret_cast<const char*>(&head_size), sizeof head_size);
  bytes += writer.bytes();
  for (const SourceFile* file : texts) bytes += file->text();
  std::error_code error;
  fs::create_directories(cache_folder, error);
  std::string problem = error ? error.message() : WriteKept(path, bytes);
  if (!problem.empty()) {
    diagnostics.Warning("cache-not-written", {cache_folder, 0, 0},
                        fmt::format("the compiled ruleset could not be kept in {}: {}", path, problem));
    return;
  }
  PruneKept(cache_folder, path);
}

}  // namespace

std::optional<Ruleset> LoadRulesetCached(const std::string& directory, const std::string& cache_folder,
                                         SourceSet& sources, Diagnostics& diagnostics,
                                         const compile::CompileOptions& options, bool* used_kept) {
  if (used_kept != nullptr) *used_kept = false;
  std::optional<std::string> key;
  if (!cache_folder.empty() && options.dump_after.empty()) key = CacheKey(directory);
  if (!key) return LoadRuleset(directory, sources, diagnostics, options);
  std::string path = JoinPath(cache_folder, fmt::format("{:016x}{}", ContentHash(*key), kCompiledExtension));
  if (std::optional<Ruleset> kept = ReadKept(path, *key, sources)) {
    if (used_kept != nullptr) *used_kept = true;
    return kept;
  }
  Diagnostics found;
  std::optional<Ruleset> loaded = LoadRuleset(directory, sources, found, options);
  diagnostics.Append(found);
  if (loaded && found.empty()) Keep(path, *key, *loaded, sources, cache_folder, diagnostics);
  return loaded;
}

}  // namespace ruleset
}  // namespace rulecraft
