#include "tables/table_loader.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "base/folder_files.h"
#include "base/limits.h"
#include "base/suggest.h"
#include "tables/brought_conditions.h"
#include "tables/cell.h"
#include "tables/extra_columns.h"
#include "tables/keyed_map_reader.h"
#include "tables/action_conditions.h"
#include "tables/weapon_properties.h"
#include "tables/yaml_file.h"

namespace rulecraft::tables {
namespace {

namespace fs = std::filesystem;

// Columns every row may carry besides its table's own.
const std::vector<std::string> kCommonColumns = {"name", "label", "text", "note", "also_called"};

// A footnote's `columns`: names of the schema's columns, each checked.
std::vector<std::string> ReadFootnoteColumns(const SourceFile& file, const yaml::Node& node, const TableSchema& schema,
                                             Diagnostics& diagnostics) {
  std::vector<std::string> columns;
  if (!node.IsDefined()) return columns;
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a list of column names, found " + yaml::Describe(node));
    return columns;
  }
  for (const yaml::Node& item : node) {
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

void ReadFootnotes(const SourceFile& file, const yaml::Node& node, const TableSchema& schema, Table& table,
                   Diagnostics& diagnostics) {
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      "expected a list of footnotes, found " + yaml::Describe(node));
    return;
  }
  for (const yaml::Node& item : node) {
    yaml::TreeMapReader reader(file, item, "footnote", diagnostics);
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

// A row setting none or more than one of the columns its table needs exactly one of, reported at
// the row's mapping (`span`).
void CheckExactlyOne(const TableSchema& schema, const Row& row, const SourceSpan& span, Diagnostics& diagnostics) {
  if (schema.exactly_one_of.empty()) return;
  size_t present = 0;
  for (const std::string& column : schema.exactly_one_of) present += row.Get(column) ? 1 : 0;
  if (present == 1) return;
  std::string names;
  for (const std::string& column : schema.exactly_one_of) {
    names += (names.empty() ? "'" : " or '") + column + "'";
  }
  diagnostics.Error(present == 0 ? "missing-key" : "conflicting-keys", span,
                    fmt::format("row '{}' of table '{}' needs exactly one of {}", row.name,
                                schema.name, names));
}

// A row's `notes` must name footnotes of its table: this file's or, in a ruleset extending
// another, the parent table's.
void CheckNotes(const Table& table, const Table* parent, const Row& row, Diagnostics& diagnostics) {
  const Value* notes = row.Get("notes");
  if (notes == nullptr) return;
  auto names = [&](const std::vector<Footnote>& footnotes, const Value& id) {
    return std::any_of(footnotes.begin(), footnotes.end(),
                       [&](const Footnote& note) { return static_cast<double>(note.id) == id.number; });
  };
  for (const auto& [unused, id] : notes->entries) {
    bool known = names(table.footnotes, id) || (parent != nullptr && names(parent->footnotes, id));
    if (!known) {
      diagnostics.Error("unknown-row", id.span,
                        fmt::format("row '{}' names footnote {}, which table '{}' does not have",
                                    row.name, id.text, table.name));
    }
  }
}

// `also_called: [double]`: the names other systems give this row, which an unknown-name error
// about one of them points to.
void ReadAlsoCalled(const SourceFile& file, const yaml::Node& node, Row& row, Diagnostics& diagnostics) {
  if (!node.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                      fmt::format("expected a list of names for 'also_called', found {}", yaml::Describe(node)));
    return;
  }
  for (const yaml::Node& item : node) {
    if (auto other = yaml::ReadName(file, item, "also_called name", diagnostics)) row.also_called.push_back(*other);
  }
}

// Reads the rows of one table by its schema: every row's keys are looked up once by slot, and
// one reader's buffers serve them all.
class RowReader {
 public:
  // `schema` and `defaults` must outlive the reader. `defaults`: declared columns whose default a
  // full row that leaves one out (no cell of its name) gets, after its own cells and in this
  // order, as FillDefaults gives them.
  RowReader(const SourceFile& file, const TableSchema& schema, double square_ft, Diagnostics& diagnostics,
            std::vector<const ExtraColumn*> defaults = {})
      : file_(file), schema_(schema), square_ft_(square_ft), diagnostics_(diagnostics), reader_(file, KeysOf(schema), diagnostics) {
    column_slots_.reserve(schema.columns.size());
    for (const ColumnSchema& column : schema.columns) column_slots_.push_back(keys_.Find(column.name));
    // Every row asks for the common keys, then for each column in turn.
    asked_ = {kName, kLabel, kText, kNote, kAlsoCalled};
    asked_.insert(asked_.end(), column_slots_.begin(), column_slots_.end());
    for (const ExtraColumn* extra : defaults) {
      const std::string& name = extra->column.name;
      auto column = std::find_if(schema.columns.begin(), schema.columns.end(),
                                 [&](const ColumnSchema& candidate) { return candidate.name == name; });
      defaults_.push_back({static_cast<size_t>(column - schema.columns.begin()), extra});
    }
    has_cell_.resize(schema.columns.size() + 1);  // the last: a default's column the schema lacks
    reader_.AskAlways(asked_);  // each value is then Peek's
  }

  // One row; `partial` (a `change:` entry) requires no column but `name`, leaves `label` empty
  // when not given and gets no defaults.
  std::optional<Row> Read(const yaml::Node& node, bool partial = false) {
    reader_.Start(node);
    yaml::Node named = reader_.Peek(kName);
    bool ok = named.IsScalar() ? reader_.Check("row '{}' of table '{}'", named.Scalar(), schema_.name)
                               : reader_.Check("row of table '{}'", schema_.name, {});
    if (!ok) return std::nullopt;
    Row row;
    if (!named.IsDefined()) {
      reader_.ReportMissing(kName);
      return std::nullopt;
    }
    // A name or label read as is; anything else is reported by ReadName or ReadText.
    if (named.IsScalar() && yaml::IsName(named.Scalar())) {
      row.name.assign(named.Scalar());
    } else {
      auto row_name = yaml::ReadName(file_, named, "row name", diagnostics_);
      if (!row_name) return std::nullopt;
      row.name = std::move(*row_name);
    }
    row.span = yaml::SpanOf(file_, named);
    bool labelled = false;
    if (yaml::Node label = reader_.Peek(kLabel); label.IsDefined()) {
      if (label.IsScalar()) {
        row.label.assign(label.Scalar());
        labelled = true;
      } else {
        yaml::ReadText(file_, label, "label", diagnostics_);  // reports it
      }
    }
    if (!partial && !labelled) row.label = row.name;
    for (uint32_t free_text : {kText, kNote}) {
      if (yaml::Node value = reader_.Peek(free_text); value.IsDefined() && !value.IsScalar()) {
        yaml::ReadText(file_, value, keys_.Name(free_text), diagnostics_);  // reports it
      }
    }
    if (yaml::Node others = reader_.Peek(kAlsoCalled); others.IsDefined()) {
      ReadAlsoCalled(file_, others, row, diagnostics_);
    }
    row.cells.reserve(node.size() + (partial ? 0 : defaults_.size()));  // at most one cell an entry, and the defaults
    std::fill(has_cell_.begin(), has_cell_.end(), 0);
    for (size_t at = 0; at < schema_.columns.size(); ++at) {
      const ColumnSchema& column = schema_.columns[at];
      uint32_t slot = column_slots_[at];
      yaml::Node cell = reader_.Peek(slot);
      if (!cell.IsDefined()) {
        if (column.required && !partial) reader_.ReportMissing(slot);
        continue;
      }
      // Built in place: a cell that cannot be read is taken back.
      auto& [cell_column, value] = row.cells.emplace_back();
      if (ReadCellInto(file_, cell, column, square_ft_, diagnostics_, value)) {
        cell_column = column.name;
        has_cell_[at] = 1;
      } else {
        row.cells.pop_back();
      }
    }
    reader_.RejectUnknown();
    if (partial) return row;
    CheckExactlyOne(schema_, row, reader_.Span(), diagnostics_);
    for (const auto& [column, extra] : defaults_) {
      if (has_cell_[column] == 0) row.cells.emplace_back(extra->column.name, extra->fallback);
    }
    return row;
  }

 private:
  // The slots of the keys every row may carry, then of the schema's columns.
  enum : uint32_t { kName, kLabel, kText, kNote, kAlsoCalled };
  const yaml::KeyNames& KeysOf(const TableSchema& schema) {
    keys_.Reserve(5 + schema.columns.size());
    for (const char* common : {"name", "label", "text", "note", "also_called"}) keys_.Add(common);
    for (const ColumnSchema& column : schema.columns) keys_.Add(column.name);
    return keys_;
  }

  const SourceFile& file_;
  const TableSchema& schema_;
  double square_ft_;
  Diagnostics& diagnostics_;
  yaml::KeyNames keys_;  // before reader_, which it is built for
  yaml::KeyedMapReader reader_;
  std::vector<uint32_t> column_slots_;  // each column's slot in keys_
  std::vector<uint32_t> asked_;         // the slots every row asks for, in order
  // The defaults, each with its column's index (the schema's size when it has no such column).
  std::vector<std::pair<size_t, const ExtraColumn*>> defaults_;
  std::vector<uint8_t> has_cell_;  // by column: whether the row being read got a cell of it
};

}  // namespace

namespace {

// The row of this name among `rows`, or nullptr.
const Row* FindIn(const std::vector<Row>& rows, const std::string& name) {
  auto found = std::find_if(rows.begin(), rows.end(), [&](const Row& row) { return row.name == name; });
  return found == rows.end() ? nullptr : &*found;
}

// Reports a `change:` or `remove:` entry naming no row of the parent's table, or a row this file
// already names elsewhere; true when the entry may be used.
bool CheckParentRow(const Table& table, const Table& parent, const Row& entry, const char* key,
                    Diagnostics& diagnostics) {
  if (parent.Find(entry.name) == nullptr) {
    Diagnostic& error = diagnostics.Error(
        "unknown-row", entry.span,
        fmt::format("'{}:' names row '{}', which the parent's table '{}' does not have (a new row goes under 'rows:')",
                    key, entry.name, table.name));
    SuggestName(error, entry.name, parent.RowNames());
    return false;
  }
  const Row* earlier = table.Find(entry.name);
  if (earlier == nullptr) earlier = FindIn(table.changes, entry.name);
  if (earlier == nullptr) earlier = FindIn(table.removals, entry.name);
  if (earlier != nullptr) {
    Diagnostic& error = diagnostics.Error(
        "duplicate-row", entry.span,
        fmt::format("row '{}' of table '{}' is given twice in this file (under 'rows:', 'change:' or 'remove:')",
                    entry.name, table.name));
    error.notes.push_back({earlier->span, "first given here"});
    return false;
  }
  return true;
}

// `change:` (rows given in part) and `remove:` (row names) of a table whose ruleset extends one
// that has it; anywhere else they are an error at the key.
void ReadOverlay(const SourceFile& file, yaml::TreeMapReader& top, const yaml::Node& changes, const yaml::Node& removes,
                 RowReader& rows, const Table* parent, Table& table,
                 Diagnostics& diagnostics) {
  for (const char* key : {"change", "remove"}) {
    const yaml::Node& node = std::string_view(key) == "change" ? changes : removes;
    if (!node.IsDefined()) continue;
    if (parent == nullptr) {
      diagnostics.Error("no-parent-table", top.KeySpan(key),
                        fmt::format("'{}:' changes the parent's table '{}', but no ruleset below this one has that table "
                                    "(give every row under 'rows:')",
                                    key, table.name));
      continue;
    }
    if (!node.IsSequence()) {
      diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                        fmt::format("expected a list of {} under '{}:', found {}",
                                    std::string_view(key) == "change" ? "rows (each a name and the cells it changes)"
                                                                      : "row names",
                                    key, yaml::Describe(node)));
      continue;
    }
    for (const yaml::Node& item : node) {
      if (std::string_view(key) == "remove") {
        auto name = yaml::ReadName(file, item, "row name to remove", diagnostics);
        if (!name) continue;
        Row removed;
        removed.name = *name;
        removed.span = yaml::SpanOf(file, item);
        if (CheckParentRow(table, *parent, removed, key, diagnostics)) table.removals.push_back(std::move(removed));
        continue;
      }
      auto row = rows.Read(item, /*partial=*/true);
      if (!row || !CheckParentRow(table, *parent, *row, key, diagnostics)) continue;
      CheckNotes(table, parent, *row, diagnostics);
      table.changes.push_back(std::move(*row));
    }
  }
}

Table ReadTable(const SourceFile& file, const TableSchema& schema, double square_ft,
                const std::vector<ExtraColumn>& inherited, const Table* parent, Diagnostics& diagnostics) {
  Table table;
  table.name = schema.name;
  table.file = file.path();
  std::optional<yaml::Tree> tree = yaml::ParseTree(file, diagnostics);
  if (!tree) return table;
  yaml::TreeMapReader top(file, tree->Root(), "table '{}'{}", schema.name, {}, diagnostics);  // named only in a message
  if (!top.ok()) return table;
  if (yaml::Node source = top.Optional("source"); source.IsDefined()) {
    if (auto text = yaml::ReadText(file, source, "source", diagnostics)) table.source = *text;
  }
  yaml::Node notes = schema.footnotes ? top.Optional("footnotes") : yaml::Node();
  yaml::Node columns = top.Optional("columns");
  yaml::Node changes = top.Optional("change");
  yaml::Node removes = top.Optional("remove");
  yaml::Node rows = changes.IsDefined() || removes.IsDefined() ? top.Optional("rows") : top.Required("rows");
  top.RejectUnknown();
  if (columns.IsDefined()) {
    table.extra_columns = ReadExtraColumns(file, columns, schema, inherited, square_ft, diagnostics);
  }
  // The rows are read by the schema with the inherited and declared columns appended (a copy
  // only when there are any).
  TableSchema extended;
  if (!inherited.empty() || !table.extra_columns.empty()) {
    extended = WithExtraColumns(schema, inherited);
    for (const ExtraColumn& extra : table.extra_columns) extended.columns.push_back(extra.column);
  }
  const TableSchema& row_schema = extended.columns.empty() ? schema : extended;
  // After the declared columns: a footnote may hold for one of them (`conditions`' ac_ranged).
  if (schema.footnotes && notes.IsDefined()) ReadFootnotes(file, notes, row_schema, table, diagnostics);
  // The rows under `rows:` get the inherited defaults, then the declared ones.
  std::vector<const ExtraColumn*> defaults;
  for (const ExtraColumn& extra : inherited) defaults.push_back(&extra);
  for (const ExtraColumn& extra : table.extra_columns) defaults.push_back(&extra);
  RowReader row_reader(file, row_schema, square_ft, diagnostics, std::move(defaults));
  if (!rows.IsDefined()) {  // a table that only changes its parent's: errors about rows point here
    table.rows_span = yaml::SpanOf(file, removes.IsDefined() ? removes : changes);
    ReadOverlay(file, top, changes, removes, row_reader, parent, table, diagnostics);
    return table;
  }
  table.rows_span = yaml::SpanOf(file, rows);
  if (!rows.IsSequence()) {
    diagnostics.Error("wrong-type", yaml::SpanOf(file, rows),
                      "expected a list of rows, found " + yaml::Describe(rows));
    return table;
  }
  table.rows.reserve(rows.size());
  for (const yaml::Node& node : rows) {
    auto row = row_reader.Read(node);
    if (!row) continue;
    if (const Row* earlier = table.Find(row->name)) {
      Diagnostic& error = diagnostics.Error(
          "duplicate-row", row->span,
          fmt::format("duplicate row '{}' in table '{}'", row->name, schema.name));
      error.notes.push_back({earlier->span, "first defined here"});
      continue;
    }
    CheckNotes(table, parent, *row, diagnostics);
    table.rows.push_back(std::move(*row));
  }
  ReadOverlay(file, top, changes, removes, row_reader, parent, table, diagnostics);
  return table;
}

}  // namespace

Table LoadTable(const SourceFile& file, const TableSchema& schema, double square_ft,
                Diagnostics& diagnostics, const std::vector<ExtraColumn>& inherited, const Table* parent) {
  try {
    return ReadTable(file, schema, square_ft, inherited, parent, diagnostics);
  } catch (const YAML::Exception& error) {  // a yaml-cpp surprise still names the file and place
    yaml::ReportException(file, error, diagnostics);
    Table table;
    table.name = schema.name;
    table.file = file.path();
    return table;
  }
}

std::optional<Row> LoadRow(const SourceFile& file, const yaml::Node& node, const Table& table, double square_ft,
                           Diagnostics& diagnostics) {
  const TableSchema* schema = FindSchema(table.name);
  if (schema == nullptr) return std::nullopt;
  TableSchema row_schema = WithExtraColumns(*schema, table.extra_columns);
  std::vector<const ExtraColumn*> defaults;
  for (const ExtraColumn& extra : table.extra_columns) defaults.push_back(&extra);
  auto row = RowReader(file, row_schema, square_ft, diagnostics, std::move(defaults)).Read(node);
  if (!row) return std::nullopt;
  CheckNotes(table, nullptr, *row, diagnostics);
  return row;
}

std::optional<Row> LoadRow(const SourceFile& file, const YAML::Node& node, const Table& table, double square_ft,
                           Diagnostics& diagnostics) {
  if (!node.IsDefined()) return LoadRow(file, yaml::Node::Undefined(), table, square_ft, diagnostics);
  yaml::Tree tree = yaml::Tree::FromYamlCpp(node);
  return LoadRow(file, tree.Root(), table, square_ft, diagnostics);
}

std::vector<TableFile> ListTableFiles(const std::string& folder, Diagnostics& diagnostics, bool may_be_absent) {
  std::error_code error;
  std::vector<TableFile> files;
  for (std::string& path : FolderFiles(folder, {".yaml", ".yml"}, error)) {
    size_t name_begin = path.rfind('/') + 1;  // npos + 1 is 0
    size_t stem_end = path.rfind('.');
    files.push_back({std::move(path), name_begin, stem_end});
  }
  bool absent = error == std::errc::no_such_file_or_directory || error == std::errc::not_a_directory;
  if (error && !(may_be_absent && absent)) {
    diagnostics.Error("missing-file", {folder, 0, 0},
                      fmt::format("cannot read the tables folder: {}", error.message()));
  }
  return files;
}

std::optional<Table> LoadTableFile(const TableFile& table_file, double square_ft, SourceSet& sources,
                                   Diagnostics& diagnostics, const TableSet* below) {
  const SourceFile* file = sources.Read(table_file.path, diagnostics);
  if (file == nullptr) return std::nullopt;
  return LoadTableFrom(*file, table_file, square_ft, diagnostics, below);
}

std::optional<Table> LoadTableFrom(const SourceFile& file, const TableFile& table_file, double square_ft,
                                   Diagnostics& diagnostics, const TableSet* below) {
  static const std::vector<ExtraColumn> kNone;
  std::string_view stem = table_file.Stem();
  const TableSchema* schema = FindSchema(stem);
  if (schema == nullptr) {
    Diagnostic& unknown = diagnostics.Error(
        "unknown-table", {table_file.path, 0, 0},
        fmt::format("unknown table '{}': the file name names the table", stem));
    SuggestName(unknown, stem, KnownTableNames());
    return std::nullopt;
  }
  const Table* base = below != nullptr ? below->Find(stem) : nullptr;
  return LoadTable(file, *schema, square_ft, diagnostics, base != nullptr ? base->extra_columns : kNone, base);
}

TableSet LoadTableFolder(const std::string& folder, double square_ft, SourceSet& sources,
                         Diagnostics& diagnostics, const TableSet* below) {
  TableSet tables;
  for (const TableFile& table_file : ListTableFiles(folder, diagnostics)) {
    if (auto table = LoadTableFile(table_file, square_ft, sources, diagnostics, below)) tables.Put(std::move(*table));
  }
  return tables;
}

void CheckTableSet(const TableSet& tables, const std::string& folder, Diagnostics& diagnostics) {
  if (const Table* conditions = tables.Find("conditions")) CheckBrings(*conditions, diagnostics);
  CheckWeaponProperties(tables, diagnostics);
  CheckActionConditions(tables, diagnostics);
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
