// Compiled rulesets kept in a folder (ruleset/compiled_form.h, ruleset/compiled_cache.h): a kept
// form reads back as the ruleset it was written from, and is used only while it is current.
#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>
#include <chrono>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include "base/folder_files.h"
#include "repository_files.h"
#include "temp_folder.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/file_stamp.h"
#include "rulecraft/source.h"
#include "ruleset/compiled_cache.h"
#include "ruleset/compiled_form.h"
#include "ruleset/ruleset.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;
using testing_files::RulesetFolders;
using testing_files::TempFolder;
using testing_files::WriteFile;

std::string Shown(const SourceSpan& span) {
  return span.file.str() + "@" + std::to_string(span.begin) + "-" + std::to_string(span.end);
}

std::string Shown(const tables::Value& value) {
  std::string text = std::to_string(static_cast<int>(value.kind)) + ":" + std::to_string(value.number) + ":" +
                     value.text + ":" + Shown(value.span);
  for (const auto& item : value.entries) text += "{" + item.key + "=" + Shown(item.value) + "}";
  return text;
}

// What a ruleset holds, as text: lineage, manifest, every table's rows, cells and footnotes, and
// its compiled rules as `--dump-after lower` prints them, with the place of each cell of a column.
std::string Describe(const ruleset::Ruleset& rules) {
  std::string text = "directory " + rules.directory + "\nmanifest " + rules.manifest.name + " " +
                     rules.manifest.title + " " + std::to_string(rules.manifest.square_ft) + " " +
                     rules.manifest.text + " " + Shown(rules.manifest.extends_span) + "\n";
  for (size_t i = 0; i < rules.lineage.size(); ++i) text += "layer " + rules.lineage[i] + " " + rules.layer_directories[i] + "\n";
  for (const auto& [name, table] : rules.tables.all()) {
    text += "table " + name + " " + table.file + " " + table.source + "\n";
    for (const tables::Row& row : table.rows) {
      text += " row " + row.name + " " + row.label + " " + Shown(row.span) + "\n";
      for (const auto& [column, value] : row.cells) text += "  " + column + " " + Shown(value) + "\n";
    }
    for (const tables::Footnote& note : table.footnotes) text += " note " + std::to_string(note.id) + " " + note.effect + " " + note.text + "\n";
    for (const tables::ExtraColumn& extra : table.extra_columns) text += " extra " + extra.column.name + " " + Shown(extra.fallback) + "\n";
  }
  if (rules.program != nullptr) {
    text += compile::PrintProgram(*rules.program);
    for (const compile::ColumnData& column : rules.program->columns) {
      text += "column " + column.table + "." + column.column + " rows " + std::to_string(column.rows.size()) + "\n";
      for (size_t i = 0; i < column.spans.size(); ++i) text += " " + column.written[i] + " " + Shown(column.spans[i]) + "\n";
    }
  }
  return text;
}

TEST(CompiledForm, EveryRulesetReadsBackAsItWasLoaded) {
  int loaded = 0;
  for (const std::string& folder : RulesetFolders()) {
    SourceSet sources;
    Diagnostics diagnostics;
    auto rules = ruleset::LoadRuleset(folder, sources, diagnostics);
    if (!rules) continue;
    ++loaded;
    std::string bytes = ruleset::WriteCompiledForm(*rules);
    auto back = ruleset::ReadCompiledForm(bytes);
    ASSERT_TRUE(back.has_value()) << folder;
    EXPECT_EQ(ruleset::WriteCompiledForm(*back), bytes) << folder;
    EXPECT_EQ(Describe(*back), Describe(*rules)) << folder;
  }
  EXPECT_GT(loaded, 20);
}

TEST(CompiledForm, CutOrChangedBytesAreRefusedOrReadSafely) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules.has_value());
  std::string bytes = ruleset::WriteCompiledForm(*rules);
  for (size_t cut : {size_t{0}, size_t{3}, bytes.size() / 3, bytes.size() - 1}) {
    EXPECT_FALSE(ruleset::ReadCompiledForm(std::string_view(bytes).substr(0, cut)).has_value()) << cut;
  }
  EXPECT_FALSE(ruleset::ReadCompiledForm(bytes + "x").has_value());
  // A changed byte (the checksum of a kept file refuses these first): read without a crash.
  for (size_t at = 4; at < bytes.size(); at += bytes.size() / 97) {
    std::string changed = bytes;
    changed[at] = static_cast<char>(changed[at] ^ 0x5a);
    (void)ruleset::ReadCompiledForm(changed);
  }
}

// Loads `folder` through the cache folder; `used_kept` tells whether the kept form was used.
struct CachedLoad {
  std::string described;  // Describe, or the diagnostics when it failed
  std::string diagnostics;
  bool used_kept = false;
};

CachedLoad LoadCached(const fs::path& folder, const fs::path& cache) {
  SourceSet sources;
  Diagnostics diagnostics;
  CachedLoad load;
  auto rules = ruleset::LoadRulesetCached(folder.string(), cache.string(), sources, diagnostics, {}, &load.used_kept);
  load.diagnostics = Render(diagnostics, sources);
  load.described = rules ? Describe(*rules) : "failed";
  return load;
}

std::string LoadFromSource(const fs::path& folder) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(folder.string(), sources, diagnostics);
  return rules ? Describe(*rules) : "failed";
}

size_t KeptFiles(const fs::path& cache) {
  size_t count = 0;
  for (const auto& entry : fs::directory_iterator(cache)) count += entry.path().extension() == ".rulecraft-compiled";
  return count;
}

// Loads a copy of dnd35 and a child of it through a cache folder after each of a series of
// changes to their files: the kept form is used exactly when nothing changed. With
// `settle_first`, the files' stamps are settled (rulecraft/file_stamp.h) before the first load,
// so unchanged files are known by their stamps; else every file is read and compared.
void CheckKeptFormFollowsEveryChange(bool settle_first) {
  TempFolder temp(settle_first ? "compiled_cache_settled" : "compiled_cache");
  fs::copy(fs::path(RULECRAFT_SOURCE_DIR) / "rulesets" / "dnd35", temp.path() / "base", fs::copy_options::recursive);
  fs::create_directories(temp.path() / "child");
  WriteFile(temp.path() / "child" / "ruleset.rules", "ruleset child \"A child\" extends \"../base\" { square = 5 ft }\n");
  fs::path child = temp.path() / "child";
  fs::path cache = temp.path() / "cache";

  // Each step changes the files (or not); the load after it compiles again exactly when they changed.
  struct Step {
    const char* what;
    std::function<void()> change;
    bool changed;
  };
  auto edit = [&](const fs::path& file, const std::string& from, const std::string& to) {
    std::string text = testing_files::ReadFile(file);
    size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    WriteFile(file, text);
  };
  // Rewritten with the same size and then given back its modification time: only its change time tells.
  auto edit_unseen = [&](const fs::path& file, const std::string& from, const std::string& to) {
    std::optional<FileStamp> before = StampOf(file.string());
    ASSERT_TRUE(before.has_value());
    edit(file, from, to);
    ASSERT_TRUE(testing_files::SetModified(file, before->modified));
  };
  if (settle_first) {
    std::this_thread::sleep_for(std::chrono::nanoseconds(kStampSettlingNs + 200'000'000));
    SourceSet sources;
    Diagnostics diagnostics;
    std::string speeds = (temp.path() / "base/tables/speeds.yaml").string();
    ASSERT_NE(sources.Read(speeds, diagnostics), nullptr);
    ASSERT_TRUE(sources.SettledStampOf(speeds).has_value());
  }
  std::vector<Step> steps = {
      {"first load", [] {}, true},
      {"nothing changed", [] {}, false},
      {"a parent's table edited, same size and modification time",
       [&] { edit_unseen(temp.path() / "base/tables/terrain.yaml", "label: Open ground", "label: Clear field"); }, true},
      {"nothing changed since", [] {}, false},
      {"a parent's table edited", [&] { edit(temp.path() / "base/tables/speeds.yaml", "none: 30 ft", "none: 40 ft"); }, true},
      {"nothing changed again", [] {}, false},
      {"a rules file added", [&] { WriteFile(child / "extra.rules", "rule extra_number(): number = 7\n"); }, true},
      {"that rules file edited, same size", [&] { edit(child / "extra.rules", "= 7", "= 8"); }, true},
      {"a table file added to the child", [&] {
         fs::create_directories(child / "tables");
         fs::copy(temp.path() / "base/tables/loads.yaml", child / "tables/loads.yaml");
       }, true},
      {"the rules file removed", [&] { fs::remove(child / "extra.rules"); }, true},
      {"a file that is no source added", [&] { WriteFile(child / "notes.txt", "hello\n"); }, false},
      {"the parent's manifest edited", [&] { edit(temp.path() / "base/ruleset.rules", "\"d20 System 3.5\"", "\"d20 3.5\""); }, true},
  };
  for (const Step& step : steps) {
    step.change();
    CachedLoad load = LoadCached(child, cache);
    EXPECT_EQ(load.used_kept, !step.changed) << step.what;
    EXPECT_EQ(load.diagnostics, "") << step.what;
    EXPECT_EQ(load.described, LoadFromSource(child)) << step.what;
    EXPECT_NE(load.described, "failed") << step.what;
    EXPECT_EQ(KeptFiles(cache), 1U) << step.what;
  }
  // The same ruleset reached by another path is kept apart (its shown names differ).
  CachedLoad other = LoadCached(temp.path() / "base" / ".." / "child", cache);
  EXPECT_FALSE(other.used_kept);
  EXPECT_EQ(KeptFiles(cache), 2U);
}

TEST(CompiledCache, AKeptFormIsUsedOnlyWhileEveryFileIsUnchanged) { CheckKeptFormFollowsEveryChange(false); }

TEST(CompiledCache, FilesKnownByTheirSettledStampsAreTrustedOnlyWhileUnchanged) {
  CheckKeptFormFollowsEveryChange(true);
}

TEST(CompiledCache, ALongLivedSourceSetSeesAnEditBetweenLoads) {
  // A session keeps one SourceSet for all its loads: a kept form read through it must not leave
  // it holding a file's old text once the file changes.
  TempFolder temp("compiled_cache_session");
  fs::copy(fs::path(RULECRAFT_SOURCE_DIR) / "rulesets" / "dnd35", temp.path() / "dnd35", fs::copy_options::recursive);
  fs::path folder = temp.path() / "dnd35";
  fs::path cache = temp.path() / "cache";
  SourceSet sources;
  auto load = [&](bool& used_kept) {
    Diagnostics diagnostics;
    auto rules = ruleset::LoadRulesetCached(folder.string(), cache.string(), sources, diagnostics, {}, &used_kept);
    EXPECT_TRUE(diagnostics.empty()) << Render(diagnostics, sources);
    return rules ? Describe(*rules) : "failed";
  };
  bool used_kept = true;
  SourceSet keeping;  // another process kept it
  Diagnostics ignored;
  ASSERT_TRUE(ruleset::LoadRulesetCached(folder.string(), cache.string(), keeping, ignored, {}, &used_kept));
  ASSERT_FALSE(used_kept);
  std::string before = load(used_kept);  // the session's first load reads the kept form
  EXPECT_TRUE(used_kept);
  fs::path speeds = folder / "tables" / "speeds.yaml";
  std::string text = testing_files::ReadFile(speeds);
  size_t at = text.find("none: 30 ft");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 11, "none: 45 ft");
  WriteFile(speeds, text);
  std::string after = load(used_kept);
  EXPECT_FALSE(used_kept);
  EXPECT_NE(after, before);
  EXPECT_EQ(after, LoadFromSource(folder));
  EXPECT_NE(after.find("45"), std::string::npos);
}

TEST(CompiledCache, ABrokenKeptFileIsPassedOverAndAFileNotKeptIsNeverReplaced) {
  TempFolder temp("compiled_cache_broken");
  fs::path dnd35 = fs::path(RULECRAFT_SOURCE_DIR) / "rulesets" / "dnd35";
  fs::path cache = temp.path() / "cache";
  ASSERT_FALSE(LoadCached(dnd35, cache).used_kept);
  ASSERT_TRUE(LoadCached(dnd35, cache).used_kept);
  fs::path kept = fs::directory_iterator(cache)->path();
  std::string bytes = testing_files::ReadFile(kept);
  // A byte of its head (what is kept besides the files' texts, which are checked when read).
  bytes[200] = static_cast<char>(bytes[200] ^ 1);
  WriteFile(kept, bytes);
  CachedLoad after_damage = LoadCached(dnd35, cache);
  EXPECT_FALSE(after_damage.used_kept);
  EXPECT_EQ(after_damage.described, LoadFromSource(dnd35));
  EXPECT_TRUE(LoadCached(dnd35, cache).used_kept);  // kept again, whole

  bytes = testing_files::ReadFile(kept);
  WriteFile(kept, bytes.substr(0, bytes.size() / 2));  // cut short, as a truncating process leaves it
  CachedLoad after_cut = LoadCached(dnd35, cache);
  EXPECT_FALSE(after_cut.used_kept);
  EXPECT_EQ(after_cut.described, LoadFromSource(dnd35));
  EXPECT_TRUE(LoadCached(dnd35, cache).used_kept);  // kept again, whole

  WriteFile(kept, "my own notes\n");  // not a kept ruleset: reported, never replaced
  CachedLoad blocked = LoadCached(dnd35, cache);
  EXPECT_FALSE(blocked.used_kept);
  EXPECT_EQ(blocked.described, LoadFromSource(dnd35));
  EXPECT_NE(blocked.diagnostics.find("warning[cache-not-written]"), std::string::npos) << blocked.diagnostics;
  EXPECT_EQ(testing_files::ReadFile(kept), "my own notes\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(cache), fs::directory_iterator()), 1);  // no leftover part file
}

// Keeps the repository's dnd35 in `cache`, then loads it again through the kept form into `kept`.
void LoadDnd35Kept(const fs::path& cache, SourceSet& kept) {
  fs::path dnd35 = fs::path(RULECRAFT_SOURCE_DIR) / "rulesets" / "dnd35";
  ASSERT_FALSE(LoadCached(dnd35, cache).used_kept);
  Diagnostics diagnostics;
  bool used_kept = false;
  ASSERT_TRUE(ruleset::LoadRulesetCached(dnd35.string(), cache.string(), kept, diagnostics, {}, &used_kept));
  ASSERT_TRUE(used_kept);
  ASSERT_TRUE(diagnostics.empty()) << Render(diagnostics, kept);
}

TEST(CompiledCache, AKeptLoadHoldsEveryFileAsALoadFromSourceDoes) {
  // The kept path does not check a text again that hashes as the one checked when it was kept:
  // each file must still be held with the same text, lines and verdict as a load from source.
  TempFolder temp("compiled_cache_files");
  fs::path dnd35 = fs::path(RULECRAFT_SOURCE_DIR) / "rulesets" / "dnd35";
  SourceSet kept;
  ASSERT_NO_FATAL_FAILURE(LoadDnd35Kept(temp.path() / "cache", kept));
  SourceSet from_source;
  Diagnostics diagnostics;
  ASSERT_TRUE(ruleset::LoadRuleset(dnd35.string(), from_source, diagnostics).has_value());
  std::vector<std::string> paths = {JoinPath(dnd35.string(), "ruleset.rules"), JoinPath(dnd35.string(), "movement.rules"),
                                    JoinPath(JoinPath(dnd35.string(), "tables"), "speeds.yaml")};
  for (const std::string& path : paths) {
    const SourceFile* a = from_source.Find(path);
    const SourceFile* b = kept.Find(path);
    ASSERT_NE(a, nullptr) << path;
    ASSERT_NE(b, nullptr) << path;
    EXPECT_EQ(b->text(), a->text()) << path;
    EXPECT_TRUE(b->checked()) << path;
    EXPECT_EQ(b->LineCount(), a->LineCount()) << path;
    EXPECT_EQ(b->Line(2), a->Line(2)) << path;
  }
}

TEST(CompiledCache, AKeptTextCutFromTheKeptFileIsReadFromItsOwnFile) {
  // The repository's files are settled (rulecraft/file_stamp.h), so a kept load takes their texts
  // from the kept file, when first asked for; a kept file cut short meanwhile gives them no more.
  TempFolder temp("compiled_cache_cut_texts");
  fs::path dnd35 = fs::path(RULECRAFT_SOURCE_DIR) / "rulesets" / "dnd35";
  fs::path cache = temp.path() / "cache";
  SourceSet kept;
  ASSERT_NO_FATAL_FAILURE(LoadDnd35Kept(cache, kept));
  fs::path kept_file = fs::directory_iterator(cache)->path();
  // A byte of one text changed, then some texts cut or gone; the head (before the texts) stays.
  std::string bytes = testing_files::ReadFile(kept_file);
  bytes[bytes.size() * 5 / 8] = static_cast<char>(bytes[bytes.size() * 5 / 8] ^ 1);
  WriteFile(kept_file, bytes.substr(0, bytes.size() * 3 / 4));
  size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dnd35)) {
    bool source = entry.path().extension() == ".rules" ||
                  (entry.path().extension() == ".yaml" && entry.path().parent_path().filename() == "tables");
    if (!entry.is_regular_file() || !source) continue;
    const SourceFile* file = kept.Find(entry.path().string());
    ASSERT_NE(file, nullptr) << entry.path();
    EXPECT_EQ(file->text(), testing_files::ReadFile(entry.path())) << entry.path();
    ++files;
  }
  EXPECT_GT(files, 10U);
}

// Sets the modification time of `path` to `seconds_ago` seconds before now.
void SetAge(const fs::path& path, int64_t seconds_ago) {
  ASSERT_TRUE(testing_files::SetModified(path, (::time(nullptr) - seconds_ago) * int64_t{1'000'000'000}));
}

TEST(CompiledCache, AFullFolderDropsTheFilesLeastRecentlyUsedAndNeverAnotherFile) {
  TempFolder temp("compiled_cache_prune");
  fs::path dnd35 = fs::path(RULECRAFT_SOURCE_DIR) / "rulesets" / "dnd35";
  fs::path cache = temp.path() / "cache";
  fs::create_directories(cache);
  // Files kept by other builds (an older layout too), the oldest first; a file of the same
  // name written by someone else, older than all; part files of writers, one dead for two hours.
  const size_t others = ruleset::kMostKept + 3;
  for (size_t i = 0; i < others; ++i) {
    fs::path file = cache / fmt::format("{:016x}.rulecraft-compiled", i);
    WriteFile(file, i % 2 == 0 ? "rulecraft compiled ruleset 2\nold layout" : "rulecraft compiled ruleset 3\n...");
    SetAge(file, static_cast<int64_t>(100000 - i));
  }
  WriteFile(cache / "notes.rulecraft-compiled", "my own notes\n");
  SetAge(cache / "notes.rulecraft-compiled", 200000);
  WriteFile(cache / "a.rulecraft-compiled.12.0.part", "rulecraft comp");
  SetAge(cache / "a.rulecraft-compiled.12.0.part", 7200);
  WriteFile(cache / "b.rulecraft-compiled.13.0.part", "");  // a writer still at work
  WriteFile(cache / "c.part", "rulecraft compiled ruleset 3\n");
  SetAge(cache / "c.part", 7200);

  ASSERT_FALSE(LoadCached(dnd35, cache).used_kept);
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(cache)) left.push_back(entry.path().filename().string());
  std::sort(left.begin(), left.end());
  std::vector<std::string> expected;
  for (size_t i = others - (ruleset::kMostKept - 1); i < others; ++i) {
    expected.push_back(fmt::format("{:016x}.rulecraft-compiled", i));  // the newest, beside the new one
  }
  expected.push_back("b.rulecraft-compiled.13.0.part");
  expected.push_back("c.part");
  expected.push_back("notes.rulecraft-compiled");
  std::sort(expected.begin(), expected.end());
  std::vector<std::string> new_ones;  // what is left that was not there before: the one just kept
  std::set_difference(left.begin(), left.end(), expected.begin(), expected.end(), std::back_inserter(new_ones));
  ASSERT_EQ(new_ones.size(), 1U) << fmt::format("{}", fmt::join(left, " "));
  EXPECT_TRUE(LoadCached(dnd35, cache).used_kept);
  expected.push_back(new_ones[0]);
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(left, expected);
  EXPECT_EQ(KeptFiles(cache), ruleset::kMostKept + 1);  // and the notes
  EXPECT_EQ(testing_files::ReadFile(cache / "notes.rulecraft-compiled"), "my own notes\n");
}

TEST(CompiledCache, UsingAKeptFileOverADayOldNotesItsUse) {
  TempFolder temp("compiled_cache_used");
  fs::path dnd35 = fs::path(RULECRAFT_SOURCE_DIR) / "rulesets" / "dnd35";
  fs::path cache = temp.path() / "cache";
  ASSERT_FALSE(LoadCached(dnd35, cache).used_kept);
  fs::path kept = fs::directory_iterator(cache)->path();
  auto age = [&] {
    struct stat facts {};
    EXPECT_EQ(::stat(kept.c_str(), &facts), 0);
    return ::time(nullptr) - facts.st_mtim.tv_sec;
  };
  SetAge(kept, 3600);  // used an hour ago: not noted again
  ASSERT_TRUE(LoadCached(dnd35, cache).used_kept);
  EXPECT_GE(age(), 3599);
  SetAge(kept, 2 * 86400);  // two days ago: noted
  ASSERT_TRUE(LoadCached(dnd35, cache).used_kept);
  EXPECT_LT(age(), 60);
}

TEST(CompiledCache, ALoadThatReportsAnythingIsNotKept) {
  TempFolder temp("compiled_cache_reports");
  fs::path cache = temp.path() / "cache";
  for (const std::string& folder : RulesetFolders()) {
    SourceSet sources;
    Diagnostics diagnostics;
    auto rules = ruleset::LoadRuleset(folder, sources, diagnostics);
    if (diagnostics.empty()) continue;
    fs::remove_all(cache);
    CachedLoad load = LoadCached(folder, cache);
    EXPECT_EQ(load.diagnostics, Render(diagnostics, sources)) << folder;
    EXPECT_FALSE(fs::exists(cache) && KeptFiles(cache) > 0) << folder;
  }
}

}  // namespace
}  // namespace rulecraft
