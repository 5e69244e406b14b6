#include "dsl/compile/pipeline.h"

#include <fmt/format.h>

#include "dsl/ast/printer.h"
#include "dsl/check/passes.h"
#include "dsl/compile/fold_constants.h"
#include "dsl/compile/lower.h"

namespace rulecraft::compile {
namespace {

// Builds the module: one rule per name, a later layer overriding an earlier one.
check::Module Merge(std::vector<LayeredFile>& files, Diagnostics& diagnostics) {
  check::Module module;
  std::vector<int> layer_of;
  for (LayeredFile& layered : files) {
    for (ast::Rule& rule : layered.file.rules) {
      int existing = module.Find(rule.name);
      if (existing < 0) {
        module.Add(std::move(rule));
        layer_of.push_back(layered.layer);
        continue;
      }
      size_t index = static_cast<size_t>(existing);
      if (layer_of[index] == layered.layer) {
        Diagnostic& error = diagnostics.Error("duplicate-name", rule.name_span,
                                              fmt::format("rule '{}' is defined twice", rule.name));
        error.notes.push_back({module.rules[index].name_span, "first defined here"});
        continue;
      }
      module.rules[index] = std::move(rule);  // the extending ruleset's rule wins
      layer_of[index] = layered.layer;
    }
  }
  return module;
}

}  // namespace

const std::vector<std::string>& PassNames() {
  static const std::vector<std::string> names = {"parse", "resolve", "types", "units", "fold", "lower"};
  return names;
}

std::optional<Program> CompileRules(std::vector<LayeredFile> files, const tables::TableSet& tables,
                                    double square_ft, Diagnostics& diagnostics,
                                    const CompileOptions& options) {
  size_t errors = diagnostics.ErrorCount();
  check::Module module = Merge(files, diagnostics);
  check::PassContext context{module, tables, square_ft, diagnostics};
  auto dump = [&](const std::string& pass) {
    if (options.dump != nullptr && options.dump_after == pass) *options.dump = ast::PrintRules(module.rules);
  };
  dump("parse");
  // The checking passes all run, so one run reports every mistake; each tolerates what an
  // earlier pass could not resolve (such nodes have an unknown type and stay silent).
  using Pass = void (*)(check::PassContext&);
  const std::pair<const char*, Pass> checks[] = {{"resolve", check::ResolveNames},
                                                 {"types", check::CheckTypes},
                                                 {"units", check::CheckUnits}};
  for (const auto& [name, pass] : checks) {
    pass(context);
    dump(name);
  }
  if (diagnostics.ErrorCount() != errors) return std::nullopt;
  FoldConstants(context);
  dump("fold");
  if (tables.Find("bonus_types") != nullptr && tables.Find("bonus_types")->rows.size() > kMaxBonusTypes) {
    diagnostics.Error("too-large", tables.Find("bonus_types")->rows_span,
                      fmt::format("a ruleset may define at most {} bonus types", kMaxBonusTypes));
    return std::nullopt;
  }
  Program program = Lower(context);
  if (program.flags.size() > 64) {
    diagnostics.Error("too-large", {}, "the rules test more than 64 different conditions and traits with has()");
    return std::nullopt;
  }
  if (options.dump != nullptr && options.dump_after == "lower") *options.dump = PrintProgram(program);
  return program;
}

}  // namespace rulecraft::compile
