#include "ruleset/ruleset_with.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "base/folder_files.h"
#include "base/suggest.h"
#include "dsl/parse/parse.h"
#include "ruleset/layer_steps.h"
#include "tables/cell.h"
#include "tables/table_loader.h"
#include "tables/yaml_file.h"

namespace rulecraft::ruleset {
namespace {

namespace fs = std::filesystem;

// `add: [ROW, …]`: whole rows appended to `table`, each read and checked as a row of its file;
// a name the table already has is an error with a note at that row.
void AddRows(tables::Table& table, const SourceFile& file, const YAML::Node& rows, double square_ft,
             Diagnostics& diagnostics) {
  for (const YAML::Node& node : rows) {
    auto row = tables::LoadRow(file, node, table, square_ft, diagnostics);
    if (!row) continue;
    if (const tables::Row* earlier = table.Find(row->name)) {
      Diagnostic& error = diagnostics.Error(
          "duplicate-row", row->span,
          fmt::format("with: table '{}' already has a row '{}' (change its cells under '{}:' instead)", table.name,
                      row->name, row->name));
      error.notes.push_back({earlier->span, "defined here"});
      continue;
    }
    table.rows.push_back(std::move(*row));
  }
}

// Replaces the cells `rows` names in table `table` (a mapping ROW → { COLUMN: VALUE }) and adds
// the whole rows of its `add:` list.
void ReplaceCells(tables::Table& table, const SourceFile& file, const YAML::Node& rows, double square_ft,
                  Diagnostics& diagnostics) {
  yaml::MapReader row_reader(file, rows, fmt::format("with: tables: {}", table.name), diagnostics);
  if (!row_reader.ok()) return;
  for (const auto& entry : rows) {
    std::string row_name = entry.first.Scalar();
    if (row_name == "add" && !entry.second.IsMap()) {  // a row named `add` is changed by a mapping
      if (!entry.second.IsSequence()) {
        diagnostics.Error("wrong-type", yaml::SpanOf(file, entry.second),
                          fmt::format("with: expected a list of whole rows to add to table '{}', found {}", table.name,
                                      yaml::Describe(entry.second)));
        continue;
      }
      AddRows(table, file, entry.second, square_ft, diagnostics);
      continue;
    }
    auto row = std::find_if(table.rows.begin(), table.rows.end(),
                            [&](const tables::Row& candidate) { return candidate.name == row_name; });
    if (row == table.rows.end()) {
      Diagnostic& error = diagnostics.Error(
          "unknown-row", yaml::SpanOf(file, entry.first),
          fmt::format("with: table '{}' has no row '{}' (a new row goes under 'add:', whole)", table.name, row_name));
      SuggestName(error, row_name, table.RowNames());
      continue;
    }
    yaml::MapReader cell_reader(file, entry.second, fmt::format("with: row '{}' of table '{}'", row_name, table.name),
                                diagnostics);
    if (!cell_reader.ok()) continue;
    for (const auto& cell : entry.second) {
      std::string column_name = cell.first.Scalar();
      const tables::ColumnSchema* column = table.Column(column_name);
      if (column == nullptr || column_name == "name") {
        Diagnostic& error = diagnostics.Error(
            "unknown-column", yaml::SpanOf(file, cell.first),
            fmt::format("with: table '{}' has no column '{}' to replace", table.name, column_name));
        SuggestName(error, column_name, table.ColumnNames());
        continue;
      }
      auto value = tables::ReadCell(file, cell.second, *column, square_ft, diagnostics);
      if (!value) continue;
      auto old = std::find_if(row->cells.begin(), row->cells.end(),
                              [&](const auto& written) { return written.first == column_name; });
      if (old != row->cells.end()) {
        old->second = std::move(*value);
      } else {
        row->cells.emplace_back(column_name, std::move(*value));
      }
    }
  }
}

// The rules files of one layer folder, as the load lists them: its manifest, then the others sorted.
std::vector<std::string> LayerRulesFiles(const std::string& directory) {
  std::vector<std::string> files = {JoinPath(directory, kManifestFile)};
  for (std::string& path : ExtraRulesFiles(directory)) files.push_back(std::move(path));
  return files;
}

// Every layer's rules files parsed again, as the loader layered them.
std::optional<std::vector<compile::LayeredFile>> LayeredRules(const Ruleset& base, SourceSet& sources,
                                                              Diagnostics& diagnostics) {
  std::vector<compile::LayeredFile> files;
  for (size_t layer = 0; layer < base.layer_directories.size(); ++layer) {
    for (const std::string& path : LayerRulesFiles(base.layer_directories[layer])) {
      const SourceFile* file = sources.Find(path);
      if (file == nullptr) file = sources.Read(path, diagnostics);
      if (file == nullptr) return std::nullopt;
      auto parsed = parse::ParseRulesFile(*file, diagnostics);
      if (!parsed) return std::nullopt;
      files.push_back({std::move(*parsed), static_cast<int>(layer), base.lineage[layer]});
    }
  }
  return files;
}

}  // namespace

std::optional<Ruleset> RulesetWith(const Ruleset& base, const SourceFile& file, const YAML::Node& with,
                                   SourceSet& sources, Diagnostics& diagnostics) {
  size_t errors = diagnostics.ErrorCount();
  yaml::MapReader reader(file, with, "with", diagnostics);
  if (!reader.ok()) return std::nullopt;
  Ruleset changed = base;
  YAML::Node tables_node = reader.Optional("tables");
  YAML::Node rules_node = reader.Optional("rules");
  reader.RejectUnknown();
  if (tables_node.IsDefined()) {
    yaml::MapReader table_reader(file, tables_node, "with: tables", diagnostics);
    if (table_reader.ok()) {
      for (const auto& entry : tables_node) {
        std::string name = entry.first.Scalar();
        const tables::Table* table = changed.tables.Find(name);
        if (table == nullptr) {
          std::vector<std::string> names;
          for (const auto& known : changed.tables.all()) names.push_back(known.first);
          Diagnostic& error = diagnostics.Error("unknown-table", yaml::SpanOf(file, entry.first),
                                                fmt::format("with: the ruleset has no table '{}'", name));
          SuggestName(error, name, names);
          continue;
        }
        tables::Table copy = *table;
        ReplaceCells(copy, file, entry.second, base.manifest.square_ft, diagnostics);
        changed.tables.Put(std::move(copy));
      }
    }
  }
  std::optional<std::string> rules_text;
  if (rules_node.IsDefined()) rules_text = yaml::ReadText(file, rules_node, "with: rules", diagnostics);
  if (diagnostics.ErrorCount() != errors) return std::nullopt;

  auto files = LayeredRules(base, sources, diagnostics);
  if (!files) return std::nullopt;
  if (rules_text) {
    LineColumn at = file.Locate(yaml::SpanOf(file, rules_node).begin);
    const SourceFile& text = sources.Add(fmt::format("{}:{} (with: rules)", file.path(), at.line), *rules_text);
    auto parsed = parse::ParseRulesFile(text, diagnostics);
    if (!parsed) return std::nullopt;
    if (parsed->has_manifest) {
      diagnostics.Error("misplaced-manifest", parsed->manifest.name_span,
                        "with: rules holds rules only; the ruleset is the case's own");
      return std::nullopt;
    }
    files->push_back({std::move(*parsed), static_cast<int>(base.lineage.size()), "with"});
  }
  auto program = compile::CompileRules(std::move(*files), changed.tables, changed.manifest.square_ft, diagnostics);
  if (!program) return std::nullopt;
  changed.program = std::make_shared<const compile::Program>(std::move(*program));
  return changed;
}

std::map<uint32_t, YAML::Node> CaseOverrides(const SourceFile& file) {
  std::map<uint32_t, YAML::Node> out;
  Diagnostics ignored;  // the scenario reader reports what is wrong with the file
  auto document = yaml::Parse(file, ignored);
  if (!document || !document->IsMap()) return out;
  YAML::Node queries = yaml::Get(*document, "queries");
  if (!queries.IsSequence()) return out;
  for (const YAML::Node& query : queries) {
    if (!query.IsMap()) continue;
    YAML::Node with = yaml::Get(query, "with");
    if (with.IsDefined()) out.emplace(yaml::SpanOf(file, query).begin, with);
  }
  return out;
}

}  // namespace rulecraft::ruleset
