#include "hooks/script.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "base/suggest.h"
#include "hooks/sandbox.h"
#include "hooks/sandbox_pool.h"

namespace rulecraft::hooks {
namespace {

namespace fs = std::filesystem;

const char* const kHookNames[kHookPointCount] = {
    "speed",          "step_cost", "may_enter",      "may_end",        "occupant_step_cost", "occupant_may_enter",
    "occupant_may_end", "zone",    "zone_step_cost", "zone_may_enter", "zone_may_end", "threatens",
    "attack_bonus",   "ac_bonus",  "cover",          "may_occupy"};

bool SafeTrait(const std::string& trait) {
  if (trait.empty()) return false;
  return std::all_of(trait.begin(), trait.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// A path as short as it can be shown: relative to the working folder when that is shorter.
std::string Shown(const fs::path& path) {
  std::error_code error;
  fs::path relative = fs::proximate(path, error);
  std::string text = error ? path.string() : relative.string();
  return text.size() < path.string().size() ? text : path.lexically_normal().string();
}

// Compiles the script and runs its top level once, learning which hook points it defines.
void Inspect(Script& script, const Limits& limits, Diagnostics* diagnostics) {
  SandboxLease lease(limits);
  Sandbox& sandbox = *lease;
  auto definitions = sandbox.Inspect(script);
  if (!definitions) {
    script.error = sandbox.failure();
    script.error_text = sandbox.FailureText();
    script.error_line = sandbox.failure_line();
    if (diagnostics != nullptr) diagnostics->Add(Severity::kError, script.error->code, script.error->span,
                                                 script.error->message);
    return;
  }
  std::vector<std::string> hook_names(std::begin(kHookNames), std::end(kHookNames));
  if (definitions->rulesets) script.rulesets = *definitions->rulesets;
  if (!definitions->rulesets_problem.empty() && diagnostics != nullptr) {
    diagnostics->Warning("lua-rulesets", {script.path, 0, 0}, definitions->rulesets_problem);
  }
  for (const auto& [name, line] : definitions->functions) {
    auto point = std::find(hook_names.begin(), hook_names.end(), name);
    if (point != hook_names.end()) {
      script.points |= 1u << static_cast<unsigned>(point - hook_names.begin());
      script.lines[point - hook_names.begin()] = line;
      continue;
    }
    // A global function one letter away from a hook point is most likely a typo.
    auto close = ClosestName(name, hook_names);
    if (close && diagnostics != nullptr) {
      diagnostics->Warning("lua-unknown-hook", LineSpan(script.path, script.text, line),
                           fmt::format("function '{}' is not a hook point, so the engine never calls it; "
                                       "did you mean '{}'?",
                                       name, *close));
    }
  }
  if (script.points == 0 && diagnostics != nullptr) {
    diagnostics->Warning("lua-no-hook", {script.path, 0, 0},
                         "the script defines none of the hook points (speed, step_cost, may_enter, may_end, "
                         "occupant_step_cost, occupant_may_enter, occupant_may_end, zone, zone_step_cost, "
                         "zone_may_enter, zone_may_end, threatens, attack_bonus, ac_bonus, cover), so it changes nothing");
  }
}

}  // namespace

bool Script::AppliesTo(const std::vector<std::string>& lineage) const {
  if (rulesets.empty()) return true;
  return std::any_of(rulesets.begin(), rulesets.end(), [&](const std::string& name) {
    return std::find(lineage.begin(), lineage.end(), name) != lineage.end();
  });
}

const char* HookPointName(HookPoint point) { return kHookNames[static_cast<int>(point)]; }

Limits LimitsOf(const ruleset::Ruleset& rules) {
  return Limits{rules.manifest.lua_instructions, rules.manifest.lua_memory};
}

std::shared_ptr<const Script> ScriptFromText(std::string path, std::string text, const Limits& limits,
                                             Diagnostics* diagnostics) {
  auto script = std::make_shared<Script>();
  script->trait = fs::path(path).stem().string();
  script->path = std::move(path);
  script->text = std::move(text);
  Inspect(*script, limits, diagnostics);
  return script;
}

std::vector<std::string> ScriptCache::Folders(const ruleset::Ruleset& rules) {
  std::vector<std::string> folders;
  for (auto layer = rules.layer_directories.rbegin(); layer != rules.layer_directories.rend(); ++layer) {
    folders.push_back((fs::path(*layer) / "hooks").string());
  }
  folders.push_back(SharedFolder());
  return folders;
}

std::string ScriptCache::SharedFolder() {
  fs::path bundled = fs::path(ruleset::BundledRulesetsFolder()).lexically_normal();
  if (bundled.filename().empty()) bundled = bundled.parent_path();
  return Shown(bundled.parent_path() / "scripts");
}

std::shared_ptr<const Script> ScriptCache::Find(const ruleset::Ruleset& rules, const std::string& trait,
                                                SourceSet& sources, Diagnostics& diagnostics) {
  if (!SafeTrait(trait)) return nullptr;
  std::string key = rules.directory + '\n' + trait;
  auto resolved = resolved_.find(key);
  if (resolved == resolved_.end()) {
    std::string found;
    for (const std::string& folder : Folders(rules)) {
      fs::path candidate = fs::path(folder) / (trait + ".lua");
      std::error_code error;
      if (fs::is_regular_file(candidate, error)) {
        found = candidate.string();
        break;
      }
    }
    resolved = resolved_.emplace(key, found).first;
  }
  const std::string& path = resolved->second;
  if (path.empty()) return nullptr;
  Limits limits = LimitsOf(rules);
  std::string cache_key = fmt::format("{}\n{}\n{}", path, limits.instructions, limits.memory_bytes);
  auto loaded = loaded_.find(cache_key);
  if (loaded != loaded_.end()) return loaded->second->AppliesTo(rules.lineage) ? loaded->second : nullptr;
  auto script = std::make_shared<Script>();
  script->trait = trait;
  script->path = path;
  Diagnostics reading;
  const SourceFile* file = sources.Read(path, reading);
  diagnostics.Append(reading);
  if (file == nullptr) {
    script->error = reading.items().front();
    script->error_text = path + ": " + script->error->message;
  } else {
    script->text = file->text();
    Inspect(*script, limits, &diagnostics);
  }
  loaded_[cache_key] = script;
  return script->AppliesTo(rules.lineage) ? script : nullptr;
}

}  // namespace rulecraft::hooks
