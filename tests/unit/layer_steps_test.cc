// Loading a ruleset's files on several threads (ruleset/layer_steps.h, base/parallel_jobs.h): the
// same rules, tables and diagnostics, in the same order, as on one thread.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

#include "base/parallel_jobs.h"
#include "repository_files.h"
#include "temp_folder.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/compiled_form.h"
#include "ruleset/ruleset.h"

namespace rulecraft {
namespace {

namespace fs = std::filesystem;
using testing_files::RulesetFolders;
using testing_files::TempFolder;
using testing_files::WriteFile;

TEST(JobQueue, RunsEveryJobOnce) {
  for (int threads : {0, 1, 2, 4, 16}) {
    for (size_t count : std::initializer_list<size_t>{0, 1, 3, 100}) {
      std::vector<std::atomic<int>> runs(count);
      JobQueue jobs(threads);
      for (size_t i = 0; i < count; ++i) jobs.Add([&runs, i] { runs[i].fetch_add(1); });
      jobs.Finish();
      for (size_t i = 0; i < count; ++i) EXPECT_EQ(runs[i].load(), 1) << "job " << i << " of " << count;
    }
  }
}

TEST(JobQueue, OneThreadRunsTheJobsInFinishInTheOrderAdded) {
  std::vector<int> order;
  JobQueue jobs(1);
  for (int i = 0; i < 5; ++i) jobs.Add([&order, i] { order.push_back(i); });
  EXPECT_TRUE(order.empty());
  jobs.Finish();
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
}

TEST(JobQueue, JobsAddedWhileOthersRunAllRun) {
  std::atomic<int> done{0};
  JobQueue jobs(3);
  for (int i = 0; i < 50; ++i) {
    jobs.Add([&done] { done.fetch_add(1); });
    if (i % 10 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));  // helpers wait meanwhile
  }
  jobs.Finish();
  EXPECT_EQ(done.load(), 50);
}

TEST(SourceSetThreads, ThreadsReadingTheSameFilesShareOneTextEach) {
  TempFolder folder("source_threads");
  std::vector<std::string> paths;
  for (int i = 0; i < 24; ++i) {
    paths.push_back((folder.path() / ("file" + std::to_string(i) + ".txt")).string());
    WriteFile(paths.back(), i == 7 ? std::string("bad \x01 byte\n") : "line " + std::to_string(i) + "\nnext\n");
  }
  SourceSet sources;
  constexpr size_t kThreads = 4;
  std::vector<std::vector<const SourceFile*>> seen(kThreads, std::vector<const SourceFile*>(paths.size()));
  std::vector<Diagnostics> reported(kThreads);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (size_t k = 0; k < paths.size(); ++k) {
        size_t i = (k * 5 + t * 7) % paths.size();  // each thread its own order
        seen[t][i] = sources.Read(paths[i], reported[t]);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (size_t i = 0; i < paths.size(); ++i) {
    for (size_t t = 0; t < kThreads; ++t) {
      EXPECT_EQ(seen[t][i], seen[0][i]) << paths[i];
      EXPECT_EQ(seen[t][i], sources.Find(paths[i]) != nullptr && i != 7 ? sources.Find(paths[i]) : nullptr);
    }
  }
  ASSERT_NE(seen[0][3], nullptr);
  EXPECT_EQ(seen[0][3]->text(), "line 3\nnext\n");
  for (size_t t = 0; t < kThreads; ++t) {
    ASSERT_EQ(reported[t].size(), 1U) << "thread " << t;
    EXPECT_EQ(reported[t].items()[0].code, "not-text");
  }
}

// A ruleset loaded with `threads` threads: its diagnostics as shown, then its lineage and its
// program as `rulecraft check --dump-after lower` prints it.
std::string LoadWith(const std::string& folder, int threads) {
  SourceSet sources;
  Diagnostics diagnostics;
  std::string program;
  compile::CompileOptions options;
  options.dump_after = "lower";
  options.dump = &program;
  options.threads = threads;
  auto rules = ruleset::LoadRuleset(folder, sources, diagnostics, options);
  std::string shown = Render(diagnostics, sources);
  if (rules) {
    for (const std::string& name : rules->lineage) shown += "layer " + name + "\n";
    for (const auto& [name, table] : rules->tables.all()) shown += "table " + name + " " + std::to_string(table.rows.size()) + "\n";
    // Every byte of the program and the tables, as the compiled cache keeps them: the columns'
    // cells and the string indices of their texts included.
    shown += "compiled form " + std::to_string(std::hash<std::string>{}(ruleset::WriteCompiledForm(*rules))) + "\n";
  }
  return shown + program;
}

TEST(LayerSteps, EveryRulesetLoadsAlikeOnOneThreadAndOnFour) {
  std::vector<std::string> folders = RulesetFolders();
  ASSERT_GT(folders.size(), 20U);
  for (const std::string& folder : folders) {
    EXPECT_EQ(LoadWith(folder, 4), LoadWith(folder, 1)) << folder;
  }
}

TEST(LayerSteps, EditedRulesetsReportAlikeOnOneThreadAndOnFour) {
  // dnd35 copied, one of its rules or table files edited at random: whatever breaks is reported
  // in the same words and order on four threads as on one.
  const fs::path dnd35 = fs::path(RULECRAFT_SOURCE_DIR) / "rulesets" / "dnd35";
  std::vector<fs::path> files = testing_files::RepositoryFiles({"rulesets/dnd35"}, {".rules", ".yaml"});
  std::erase_if(files, [](const fs::path& file) { return file.parent_path().filename() == "tests"; });
  ASSERT_FALSE(files.empty());
  const std::string pieces[] = {":", "\n  - ", "{", "rule x(): number = 1\n", "\x01", "- name: x\n", "}", "  ", "\""};
  std::mt19937 random(15);
  int broken = 0;
  for (int round = 0; round < 40; ++round) {
    TempFolder copy("layer_steps_edit");
    fs::copy(dnd35, copy.path() / "dnd35", fs::copy_options::recursive);
    const fs::path& chosen = files[random() % files.size()];
    fs::path edited = copy.path() / "dnd35" / fs::relative(chosen, dnd35);
    std::string text = testing_files::ReadFile(edited);
    testing_files::EditText(random, text, pieces);
    WriteFile(edited, text);
    std::string one = LoadWith((copy.path() / "dnd35").string(), 1);
    EXPECT_EQ(LoadWith((copy.path() / "dnd35").string(), 4), one) << "round " << round << ": " << chosen;
    if (one.find("error") != std::string::npos) ++broken;
  }
  EXPECT_GT(broken, 10);  // the edits did break things, so the diagnostics were compared
}

TEST(LayerSteps, AManifestFileBrokenAfterItsManifestIsReportedWhereOneThreadParsesIt) {
  // Planning reads only the manifest of a manifest file; when the rest of the file does not parse,
  // the layers are planned again with the file parsed whole, as a load on one thread plans them:
  // its syntax error first, then (no `extends` being read from a broken manifest) its own tables,
  // and nothing of the parent its manifest names.
  TempFolder folder("layer_steps_broken_manifest_file");
  fs::create_directories(folder.path() / "parent" / "tables");
  fs::create_directories(folder.path() / "child" / "tables");
  WriteFile(folder.path() / "parent" / "ruleset.rules", "ruleset parent \"p\" { }\nrule y( = \n");
  WriteFile(folder.path() / "parent" / "tables" / "sizes.yaml", "- [\n");
  WriteFile(folder.path() / "child" / "ruleset.rules",
            "ruleset child \"c\" extends \"../parent\" uses d20_cover { square = 5 ft }\nrule x( = 1\n");
  WriteFile(folder.path() / "child" / "tables" / "sizes.yaml", "- [\n");
  for (int threads : {1, 4}) {
    SourceSet sources;
    Diagnostics diagnostics;
    compile::CompileOptions options;
    options.threads = threads;
    EXPECT_FALSE(ruleset::LoadRuleset((folder.path() / "child").string(), sources, diagnostics, options));
    std::vector<std::string> seen;
    for (const Diagnostic& diagnostic : diagnostics.items()) {
      seen.push_back(diagnostic.code + " " + fs::relative(diagnostic.span.file.str(), folder.path()).string());
    }
    ASSERT_GE(seen.size(), 2U) << Render(diagnostics, sources);
    EXPECT_EQ(seen.front(), "syntax child/ruleset.rules") << Render(diagnostics, sources);
    for (const std::string& item : seen) EXPECT_EQ(item.find("parent"), std::string::npos) << item;
    EXPECT_TRUE(std::any_of(seen.begin(), seen.end(), [](const std::string& item) {
      return item.find("child/tables/sizes.yaml") != std::string::npos;
    })) << Render(diagnostics, sources);
  }
}

TEST(LayerSteps, AFolderWithoutAReadableManifestFileIsReportedOnce) {
  // The manifest file is read first and looked for only when it cannot be read: a folder without
  // one and one where it is a folder each say what they are, once.
  TempFolder folder("layer_steps_no_manifest_file");
  fs::create_directories(folder.path() / "none");
  fs::create_directories(folder.path() / "folder" / "ruleset.rules");
  const std::pair<std::string, std::string> cases[] = {
      {"none", "missing-file: '{}' is not a ruleset: it has no ruleset.rules"},
      {"folder", "not-a-file: expected a file, found a folder"},
  };
  for (const auto& [name, expected] : cases) {
    std::string directory = (folder.path() / name).string();
    SourceSet sources;
    Diagnostics diagnostics;
    EXPECT_FALSE(ruleset::LoadRuleset(directory, sources, diagnostics, {}));
    ASSERT_EQ(diagnostics.size(), 1U) << name << "\n" << Render(diagnostics, sources);
    const Diagnostic& only = diagnostics.items()[0];
    std::string wanted = expected;
    if (size_t at = wanted.find("{}"); at != std::string::npos) wanted.replace(at, 2, directory);
    EXPECT_EQ(only.code + ": " + only.message, wanted) << name;
  }
}

}  // namespace
}  // namespace rulecraft
