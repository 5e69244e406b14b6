#include "dsl/compile/pipeline.h"

#include <algorithm>

#include <fmt/format.h>

#include "dsl/ast/printer.h"
#include "dsl/check/environment.h"
#include "dsl/check/layers.h"
#include "dsl/check/passes.h"
#include "dsl/compile/fold_constants.h"
#include "dsl/compile/lower.h"

namespace rulecraft::compile {
namespace {

// A table whose rows a record field holds (a creature's race, size, armor; a square's terrain
// …) is read at every such field, so it may not be empty; nor may a table a rule names in a
// type. Modifier tables with no rows are fine (003 gives 5e none).
void CheckIndexedTablesHaveRows(const check::Module& module, const tables::TableSet& tables,
                                Diagnostics& diagnostics) {
  std::vector<std::string> indexed;
  auto note = [&](const ast::Type& type) {
    if (type.kind == ast::TypeKind::kRow && std::find(indexed.begin(), indexed.end(), type.name) == indexed.end()) {
      indexed.push_back(type.name);
    }
  };
  for (const check::RecordKind& record : check::RecordKinds()) {
    for (const check::RecordField& field : record.fields) note(field.type);
  }
  for (const ast::Rule& rule : module.rules) {
    note(rule.result);
    for (const ast::Param& param : rule.params) note(param.type);
  }
  for (const std::string& name : indexed) {
    const tables::Table* table = tables.Find(name);
    if (table == nullptr || !table->rows.empty()) continue;
    diagnostics.Error("empty-table", table->rows_span.HasFile() ? table->rows_span : SourceSpan{table->file, 0, 0},
                      fmt::format("expected at least one row in table '{}': the rules read its rows", name));
  }
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
  check::Module module = check::MergeLayers(files, diagnostics);
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
  CheckIndexedTablesHaveRows(module, tables, diagnostics);
  if (diagnostics.ErrorCount() != errors) return std::nullopt;
  FoldConstants(context);
  dump("fold");
  if (const tables::Table* types = tables.Find("bonus_types"); types != nullptr && types->rows.size() > kMaxBonusTypes) {
    diagnostics.Error("too-large", types->rows_span,
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
