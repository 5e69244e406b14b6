#include "tables/table_loader.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "base/limits.h"
#include "base/suggest.h"
#include "tables/brought_conditions.h"
#include "tables/cell.h"
#include "tables/extra_columns.h"
#include "tables/yaml_file.h"

namespace rulecraft::tables {
namespace {

namespace fs = std::filesystem;

// Columns every row may carry besides its table's own.
const std::vector<std::string> kCommonColumns = {"name", "label", "text", "note", "also_called"};

// A footnote's `columns`: names of the schema's columns, each checked.
std::vector<std::string> ReadFootnoteColumns(const SourceFile& file, const YAML::Node& node, const TableSchema& schema,
                                             Diagnostics& diagnostics) {
  std::vector<std::string> columns;
  if (!node.IsDefined()) return columns;
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a list of column names, found " + yaml::Describe(node));
    return columns;
  }
  for (const YAML::Node& item : node) {
    auto name = yaml::ReadName(file, item, "footnote column", diagnostics);
    if (!name) continue;
    if (schema.Column(*name) == nullptr || *name == "notes") {
      std::vector<std::string> known;
      for (const ColumnSchema& column : schema.columns) {
        if (column.name != "notes") known.push_back(column.name);
      }
      Diagnostic& error = diagnostics.Error(
          "unknown-key", yaml::SpanOf(file, item),
          fmt::format("table '{}' has no column '{}' for a footnote to apply to", schema.name, *name));
      SuggestName(error, *name, known);
      continue;
    }
    columns.push_back(*name);
  }
  return columns;
}

void ReadFootnotes(const SourceFile& file, const YAML::Node& node, const TableSchema& schema, Table& table,
                   Diagnostics& diagnostics) {
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a list of footnotes, found " + yaml::Describe(node));
    return;
  }
  for (const YAML::Node& item : node) {
    yaml::MapReader reader(file, item, "footnote", diagnostics);
    if (!reader.ok()) continue;
    Footnote note;
    note.span = reader.Span();
    if (auto id = yaml::ReadInt(file, reader.Required("id"), "footnote id", diagnostics)) {
      note.id = *id;
    }
    if (auto effect = yaml::ReadName(file, reader.Required("effect"), "footnote effect", diagnostics)) {
      note.effect = *effect;
    }
    if (auto text = yaml::ReadText(file, reader.Required("text"), "footnote text", diagnostics)) {
      note.text = *text;
    }
    note.columns = ReadFootnoteColumns(file, reader.Optional("columns"), schema, diagnostics);
    reader.RejectUnknown();
    for (const Footnote& earlier : table.footnotes) {
      if (earlier.id == note.id) {
        diagnostics.Error("duplicate-row", note.span, fmt::format("duplicate footnote {}", note.id));
      }
    }
    table.footnotes.push_back(std::move(note));
  }
}

void CheckExactlyOne(const SourceFile& file, const TableSchema& schema, const Row& row,
                     const yaml::MapReader& reader, Diagnostics& diagnostics) {
  if (schema.exactly_one_of.empty()) return;
  size_t present = 0;
  for (const std::string& column : schema.exactly_one_of) present += row.Get(column) ? 1 : 0;
  if (present == 1) return;
  std::string names;
  for (const std::string& column : schema.exactly_one_of) {
    names += (names.empty() ? "'" : " or '") + column + "'";
  }
  diagnostics.Error(present == 0 ? "missing-key" : "conflicting-keys", reader.Span(),
                    fmt::format("row '{}' of table '{}' needs exactly one of {}", row.name,
                                schema.name, names));
  (void)file;
}

void CheckNotes(const Table& table, const Row& row, Diagnostics& diagnostics) {
  const Value* notes = row.Get("notes");
  if (notes == nullptr) return;
  for (const auto& [unused, id] : notes->entries) {
    bool known = std::any_of(table.footnotes.begin(), table.footnotes.end(),
                             [&](const Footnote& note) { return static_cast<double>(note.id) == id.number; });
    if (!known) {
      diagnostics.Error("unknown-row", id.span,
                        fmt::format("row '{}' names footnote {}, which table '{}' does not have",
                                    row.name, id.text, table.name));
    }
  }
}

// `also_called: [double]`: the names other systems give this row, which an unknown-name error
// about one of them points to.
void ReadAlsoCalled(const SourceFile& file, const YAML::Node& node, Row& row, Diagnostics& diagnostics) {
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a list of names for 'also_called', found {}", yaml::Describe(node)));
    return;
  }
  for (const YAML::Node& item : node) {
    if (auto other = yaml::ReadName(file, item, "also_called name", diagnostics)) row.also_called.push_back(*other);
  }
}

std::optional<Row> ReadRow(const SourceFile& file, const YAML::Node& node,
                           const TableSchema& schema, double square_ft, Diagnostics& diagnostics) {
  std::string what = fmt::format("row of table '{}'", schema.name);
  if (YAML::Node name = yaml::Get(node, "name"); name.IsScalar()) {
    what = fmt::format("row '{}' of table '{}'", name.Scalar(), schema.name);
  }
  yaml::MapReader reader(file, node, what, diagnostics);
  if (!reader.ok()) return std::nullopt;
  Row row;
  YAML::Node name = reader.Required("name");
  if (!name.IsDefined()) return std::nullopt;
  auto row_name = yaml::ReadName(file, name, "row name", diagnostics);
  if (!row_name) return std::nullopt;
  row.name = *row_name;
  row.span = yaml::SpanOf(file, name);
  row.label = row.name;
  if (YAML::Node label = reader.Optional("label"); label.IsDefined()) {
    if (auto text = yaml::ReadText(file, label, "label", diagnostics)) row.label = *text;
  }
  for (const char* free_text : {"text", "note"}) {
    if (YAML::Node value = reader.Optional(free_text); value.IsDefined()) {
      yaml::ReadText(file, value, free_text, diagnostics);
    }
  }
  if (YAML::Node others = reader.Optional("also_called"); others.IsDefined()) ReadAlsoCalled(file, others, row, diagnostics);
  for (const ColumnSchema& column : schema.columns) {
    YAML::Node cell = column.required ? reader.Required(column.name) : reader.Optional(column.name);
    if (!cell.IsDefined()) continue;
    if (auto value = ReadCell(file, cell, column, square_ft, diagnostics)) {
      row.cells.emplace_back(column.name, std::move(*value));
    }
  }
  reader.RejectUnknown();
  CheckExactlyOne(file, schema, row, reader, diagnostics);
  return row;
}

}  // namespace

namespace {

Table ReadTable(const SourceFile& file, const TableSchema& schema, double square_ft,
                const std::vector<ExtraColumn>& inherited, Diagnostics& diagnostics) {
  Table table;
  table.name = schema.name;
  table.file = file.path();
  auto document = yaml::Parse(file, diagnostics);
  if (!document) return table;
  yaml::MapReader top(file, *document, fmt::format("table '{}'", schema.name), diagnostics);
  if (!top.ok()) return table;
  if (YAML::Node source = top.Optional("source"); source.IsDefined()) {
    if (auto text = yaml::ReadText(file, source, "source", diagnostics)) table.source = *text;
  }
  YAML::Node notes = schema.footnotes ? top.Optional("footnotes") : YAML::Node();
  YAML::Node columns = top.Optional("columns");
  YAML::Node rows = top.Required("rows");
  top.RejectUnknown();
  if (columns.IsDefined()) {
    table.extra_columns = ReadExtraColumns(file, columns, schema, inherited, square_ft, diagnostics);
  }
  std::vector<ExtraColumn> declared = inherited;
  declared.insert(declared.end(), table.extra_columns.begin(), table.extra_columns.end());
  const TableSchema row_schema = WithExtraColumns(schema, declared);
  // After the declared columns: a footnote may hold for one of them (`conditions`' ac_ranged).
  if (schema.footnotes && notes.IsDefined()) ReadFootnotes(file, notes, row_schema, table, diagnostics);
  if (!rows.IsDefined()) return table;
  table.rows_span = yaml::SpanOf(file, rows);
  if (!rows.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, rows),
                      "expected a list of rows, found " + yaml::Describe(rows));
    return table;
  }
  for (const YAML::Node& node : rows) {
    auto row = ReadRow(file, node, row_schema, square_ft, diagnostics);
    if (!row) continue;
    if (const Row* earlier = table.Find(row->name)) {
      Diagnostic& error = diagnostics.Error(
          "duplicate-row", row->span,
          fmt::format("duplicate row '{}' in table '{}'", row->name, schema.name));
      error.notes.push_back({earlier->span, "first defined here"});
      continue;
    }
    CheckNotes(table, *row, diagnostics);
    table.rows.push_back(std::move(*row));
  }
  FillDefaults(table.rows, declared);
  return table;
}

}  // namespace

Table LoadTable(const SourceFile& file, const TableSchema& schema, double square_ft,
                Diagnostics& diagnostics, const std::vector<ExtraColumn>& inherited) {
  try {
    return ReadTable(file, schema, square_ft, inherited, diagnostics);
  } catch (const YAML::Exception& error) {  // a yaml-cpp surprise still names the file and place
    yaml::ReportException(file, error, diagnostics);
    Table table;
    table.name = schema.name;
    table.file = file.path();
    return table;
  }
}

TableSet LoadTableFolder(const std::string& folder, double square_ft, SourceSet& sources,
                         Diagnostics& diagnostics, const TableSet* below) {
  TableSet tables;
  std::error_code error;
  std::vector<fs::path> files;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    if (it->path().extension() == ".yaml" || it->path().extension() == ".yml") {
      files.push_back(it->path());
    }
  }
  if (error) {
    diagnostics.Error("missing-file", {folder, 0, 0},
                      fmt::format("cannot read the tables folder: {}", error.message()));
    return tables;
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& path : files) {
    std::string stem = path.stem().string();
    const SourceFile* file = sources.Read(path.string(), diagnostics);
    if (file == nullptr) continue;
    const TableSchema* schema = FindSchema(stem);
    if (schema == nullptr) {
      Diagnostic& unknown = diagnostics.Error(
          "unknown-table", {path.string(), 0, 0},
          fmt::format("unknown table '{}': the file name names the table", stem));
      SuggestName(unknown, stem, KnownTableNames());
      continue;
    }
    const Table* base = below != nullptr ? below->Find(stem) : nullptr;
    tables.Put(LoadTable(*file, *schema, square_ft, diagnostics,
                         base != nullptr ? base->extra_columns : std::vector<ExtraColumn>{}));
  }
  return tables;
}

void CheckTableSet(const TableSet& tables, const std::string& folder, Diagnostics& diagnostics) {
  if (const Table* conditions = tables.Find("conditions")) CheckBrings(*conditions, diagnostics);
  for (const TableSchema& schema : KnownTables()) {
    const Table* table = tables.Find(schema.name);
    if (table == nullptr) {
      if (schema.required) {
        diagnostics.Error("missing-table", {folder, 0, 0},
                          fmt::format("the ruleset has no '{}' table ({}/{}.yaml)", schema.name,
                                      folder, schema.name));
      }
      continue;
    }
    for (const std::string& required : schema.required_rows) {
      if (table->Find(required) == nullptr) {
        diagnostics.Error("missing-row", table->rows_span,
                          fmt::format("table '{}' has no row '{}', which the engine needs",
                                      schema.name, required));
      }
    }
    for (const ColumnSchema& column : schema.columns) {
      if (column.keyed_by.empty()) continue;
      const Table* keys = tables.Find(column.keyed_by);
      if (keys == nullptr) continue;
      std::vector<std::string> names = keys->RowNames();
      for (const Row& row : table->rows) {
        const Value* map = row.Get(column.name);
        if (map == nullptr) continue;
        for (const auto& [key, value] : map->entries) {
          if (keys->Find(key) != nullptr) continue;
          Diagnostic& error = diagnostics.Error(
              "unknown-row", value.span,
              fmt::format("'{}' is not a row of table '{}'", key, column.keyed_by));
          SuggestName(error, key, names);
        }
        for (const std::string& name : names) {
          if (map->Entry(name) == nullptr) {
            diagnostics.Error("missing-row", map->span,
                              fmt::format("row '{}' of table '{}' has no '{}' entry for {} '{}'",
                                          row.name, schema.name, column.name, column.keyed_by,
                                          name));
          }
        }
      }
    }
  }
}

}  // namespace rulecraft::tables
