#include "ruleset/compiled_form.h"

#include <algorithm>
#include <bit>
#include <map>
#include <memory>

#include "base/byte_archive.h"

namespace rulecraft {

// The plain structs of the compiled rules are written as their bytes.
template <>
inline constexpr bool kWrittenAsBytes<compile::Instr> = true;
template <>
inline constexpr bool kWrittenAsBytes<compile::TableBonus> = true;

// Each Io lists every field of its type. A field added to a type must be added here too: the
// sizes below change with any field (on the one platform they are written for), as a reminder.
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(check::ManifestInfo) == 200);
static_assert(sizeof(tables::Table) == 232);
static_assert(sizeof(tables::Row) == 128);
static_assert(sizeof(tables::Value) == 88);
static_assert(sizeof(tables::Footnote) == 112);
static_assert(sizeof(tables::ExtraColumn) == 208);
static_assert(sizeof(tables::ColumnSchema) == 104);
static_assert(sizeof(compile::Program) == 272);
static_assert(sizeof(compile::CompiledRule) == 176);
static_assert(sizeof(compile::ColumnData) == 200);
static_assert(sizeof(compile::MapData) == 224);
static_assert(sizeof(compile::BonusPolicy) == 40);
static_assert(sizeof(compile::ModifierOrigin) == 48);
static_assert(sizeof(compile::BonusTable) == 200);
static_assert(sizeof(ast::Type) == 40);
static_assert(sizeof(ruleset::Ruleset) == 344);
#endif

template <class Archive>
static void Io(Archive& archive, ast::Type& type) {
  archive(type.kind, type.unit, type.name);
}

template <class Archive>
static void Io(Archive& archive, check::ManifestInfo& manifest) {
  archive(manifest.name, manifest.title, manifest.extends, manifest.extends_span, manifest.uses, manifest.square_ft,
          manifest.text, manifest.diagonal_cycle, manifest.lua_instructions, manifest.lua_memory);
}

template <class Archive>
static void Io(Archive& archive, tables::ColumnSchema& column) {
  archive(column.name, column.type, column.required, column.choices, column.keyed_by, column.positive);
}

template <class Archive>
static void Io(Archive& archive, tables::Value& value);

template <class Archive>
static void Io(Archive& archive, tables::Value::Item& item) {
  archive(item.key);
  Io(archive, item.value);
}

// A value's first byte: its kind, and which of its fields are not empty (only those follow).
enum ValueShape : uint8_t { kKindBits = 7, kHasNumber = 8, kHasText = 16, kHasEntries = 32 };
static_assert(static_cast<uint8_t>(tables::Value::Kind::kMap) <= kKindBits);

// Values nest (lists and maps of values); bytes that nest deeper than any table can are refused.
// Most cells are a number or a text, so a value writes its shape, then only its fields that are
// not empty (a number that is not +0.0), then its span.
template <class Archive>
static void Io(Archive& archive, tables::Value& value) {
  constexpr int kMaxDepth = 64;
  if (++archive.depth > kMaxDepth) {
    if constexpr (Archive::kReading) archive.Fail();
    --archive.depth;
    return;
  }
  uint8_t shape = 0;
  if constexpr (!Archive::kReading) {
    shape = static_cast<uint8_t>(static_cast<uint8_t>(value.kind) |
                                 (std::bit_cast<uint64_t>(value.number) != 0 ? kHasNumber : 0) |
                                 (value.text.empty() ? 0 : kHasText) | (value.entries.empty() ? 0 : kHasEntries));
  }
  archive(shape);
  if constexpr (Archive::kReading) {
    uint8_t kind = shape & kKindBits;
    constexpr uint8_t kEveryBit = kKindBits | kHasNumber | kHasText | kHasEntries;
    if (kind > static_cast<uint8_t>(tables::Value::Kind::kMap) || shape > kEveryBit) archive.Fail();
    value.kind = static_cast<tables::Value::Kind>(kind);
  }
  if (shape & kHasNumber) archive(value.number);
  if (shape & kHasText) archive(value.text);
  if (shape & kHasEntries) archive(value.entries);
  archive(value.span);
  --archive.depth;
}

// The column names of a table's cells (rows, changes and removals), each once, in order of use.
static std::vector<std::string> CellColumns(const tables::Table& table) {
  std::vector<std::string> columns;
  for (const std::vector<tables::Row>* rows : {&table.rows, &table.changes, &table.removals}) {
    for (const tables::Row& row : *rows) {
      for (const auto& [column, value] : row.cells) {
        if (std::find(columns.begin(), columns.end(), column) == columns.end()) columns.push_back(column);
      }
    }
  }
  return columns;
}

// A cell's column as its index in the table's CellColumns: one byte when there are few.
template <class Archive>
static void IoColumnIndex(Archive& archive, uint32_t& index, size_t columns) {
  if (columns > 256) {
    archive(index);
    return;
  }
  uint8_t small = static_cast<uint8_t>(index);
  archive(small);
  index = small;
}

// A row, each cell naming its column by its index in `columns`.
template <class Archive>
static void Io(Archive& archive, tables::Row& row, const std::vector<std::string>& columns) {
  archive(row.name, row.label, row.span, row.also_called);
  size_t cells = row.cells.size();
  if constexpr (Archive::kReading) {
    cells = archive.Count(2);  // a column index and a value's shape at least
    row.cells.clear();
    row.cells.resize(cells);
  } else {
    archive.Count(cells);
  }
  for (auto& [column, value] : row.cells) {
    uint32_t index = 0;
    if constexpr (!Archive::kReading) {
      index = static_cast<uint32_t>(std::find(columns.begin(), columns.end(), column) - columns.begin());
    }
    IoColumnIndex(archive, index, columns.size());
    if constexpr (Archive::kReading) {
      if (index >= columns.size()) archive.Fail();
      if (archive.failed()) return;
      column = columns[index];
    }
    Io(archive, value);
  }
}

template <class Archive>
static void Io(Archive& archive, std::vector<tables::Row>& rows, const std::vector<std::string>& columns) {
  size_t count = rows.size();
  if constexpr (Archive::kReading) {
    count = archive.Count();
    rows.clear();
    rows.resize(count);
  } else {
    archive.Count(count);
  }
  for (tables::Row& row : rows) {
    Io(archive, row, columns);
    if (archive.failed()) return;
  }
}

template <class Archive>
static void Io(Archive& archive, tables::Footnote& footnote) {
  archive(footnote.id, footnote.effect, footnote.text, footnote.columns, footnote.span);
}

template <class Archive>
static void Io(Archive& archive, tables::ExtraColumn& column) {
  archive(column.column, column.fallback, column.span);
}

// A table; the column names of its cells are written once, before its rows.
template <class Archive>
static void Io(Archive& archive, tables::Table& table) {
  std::vector<std::string> columns;
  if constexpr (!Archive::kReading) columns = CellColumns(table);
  archive(table.name, table.file, table.source, table.rows_span, columns);
  Io(archive, table.rows, columns);
  archive(table.footnotes, table.extra_columns);
  Io(archive, table.changes, columns);
  Io(archive, table.removals, columns);
}

template <class Archive>
static void Io(Archive& archive, tables::TableSet& tables) {
  if constexpr (Archive::kReading) {
    size_t count = archive.Count();
    for (size_t i = 0; i < count && !archive.failed(); ++i) {
      tables::Table table;
      Io(archive, table);
      if (tables.Find(table.name) != nullptr) archive.Fail();  // each name once, as the set keeps them
      tables.Put(std::move(table));
    }
  } else {
    archive.Count(tables.all().size());
    for (const auto& [name, table] : tables.all()) Io(archive, const_cast<tables::Table&>(table));
  }
}

template <class Archive>
static void Io(Archive& archive, compile::CompiledRule& rule) {
  archive(rule.name, rule.params, rule.frame, rule.max_stack, rule.code, rule.param_types, rule.result, rule.span,
          rule.places);
}

// A column's cell places, each as a span.
template <class Archive>
static void Io(Archive& archive, compile::CellSpans& spans) {
  if constexpr (Archive::kReading) {
    size_t count = archive.Count(3);  // a span takes three bytes at least
    spans = {};
    spans.reserve(count);
    for (size_t i = 0; i < count && !archive.failed(); ++i) {
      SourceSpan span;
      Io(archive, span);
      spans.push_back(span);
    }
  } else {
    archive.Count(spans.size());
    for (size_t i = 0; i < spans.size(); ++i) {
      SourceSpan span = spans[i];
      Io(archive, span);
    }
  }
}

// Whether two lists of row names are equal, name by name.
static bool SameNames(const compile::RowNames& a, const compile::RowNames& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

// A column's row names; the columns of one table share them again once read (`shared`: the
// names last written or read for each table). Names equal to the table's last ones are written
// as a mark alone, so most columns cost one byte.
template <class Archive>
static void Io(Archive& archive, compile::RowNames& rows, const std::string& table,
               std::map<std::string, compile::RowNames, std::less<>>& shared) {
  auto found = shared.find(table);
  uint8_t same_as_last = 0;
  if constexpr (!Archive::kReading) same_as_last = found != shared.end() && SameNames(found->second, rows);
  archive(same_as_last);
  if constexpr (Archive::kReading) {
    if (same_as_last > 1 || (same_as_last == 1 && found == shared.end())) archive.Fail();
    if (archive.failed()) return;
    if (same_as_last == 1) {
      rows = found->second;
      return;
    }
    std::vector<std::string> names;
    Io(archive, names);
    if (archive.failed()) return;
    rows = compile::RowNames(std::make_shared<const std::vector<std::string>>(std::move(names)));
  } else {
    if (same_as_last == 1) return;
    std::vector<std::string> names;
    names.reserve(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) names.push_back(rows[i]);
    Io(archive, names);
  }
  shared[table] = rows;
}

template <class Archive>
static void Io(Archive& archive, compile::MapData& map) {
  archive(map.table, map.column, map.keyed_by, map.keys, map.values, map.written, map.spans, map.rows, map.key_names);
}

template <class Archive>
static void Io(Archive& archive, compile::BonusPolicy& policy) {
  archive(policy.name, policy.bonuses, policy.penalties);
}

template <class Archive>
static void Io(Archive& archive, compile::ModifierOrigin& origin) {
  archive(origin.source, origin.span);
}

template <class Archive>
static void Io(Archive& archive, compile::BonusTable& table) {
  archive(table.entries, table.stacked, table.highest, table.lowest, table.highest_ends, table.lowest_ends,
          table.kept_types, table.direct, table.whole, table.summed);
}

template <class Archive>
static void Io(Archive& archive, compile::Program& program) {
  std::map<std::string, compile::RowNames, std::less<>> shared_rows;
  archive(program.rules);
  size_t columns = program.columns.size();
  if constexpr (Archive::kReading) {
    columns = archive.Count();
    program.columns.resize(columns);
  } else {
    archive.Count(columns);
  }
  for (compile::ColumnData& column : program.columns) {
    archive(column.table, column.column, column.values, column.written, column.spans);
    Io(archive, column.rows, column.table, shared_rows);
    archive(column.effects);
    if (archive.failed()) return;
  }
  archive(program.maps, program.bonus_types, program.origins, program.bonus_tables, program.flags,
          program.bonus_targets, program.level_classes, program.strings, program.quoted_text);
}

namespace ruleset {
namespace {

constexpr uint32_t kFormMark = 0x52435246;  // "FRCR": the start of a compiled form

template <class Archive>
void Io(Archive& archive, Ruleset& ruleset) {
  archive(ruleset.manifest, ruleset.directory, ruleset.tables, ruleset.lineage, ruleset.layer_directories);
}

}  // namespace

std::string WriteCompiledForm(const Ruleset& ruleset, std::vector<std::string>* files) {
  ByteWriter writer;
  uint32_t mark = kFormMark;
  writer(mark);
  Io(writer, const_cast<Ruleset&>(ruleset));  // writing reads the fields only
  uint8_t has_program = ruleset.program != nullptr;
  writer(has_program);
  if (has_program) Io(writer, const_cast<compile::Program&>(*ruleset.program));
  if (files != nullptr) {
    for (const auto& [name, id] : writer.file_ids) {
      if (!name->empty()) files->push_back(*name);
    }
  }
  return std::move(writer.bytes());
}

std::optional<Ruleset> ReadCompiledForm(std::string_view bytes) {
  ByteReader reader(bytes);
  uint32_t mark = 0;
  reader(mark);
  if (mark != kFormMark) return std::nullopt;
  Ruleset ruleset;
  Io(reader, ruleset);
  uint8_t has_program = 0;
  reader(has_program);
  if (has_program == 1) {
    auto program = std::make_shared<compile::Program>();
    Io(reader, *program);
    ruleset.program = std::move(program);
  } else if (has_program != 0) {
    reader.Fail();
  }
  if (reader.failed() || !reader.AtEnd()) return std::nullopt;
  return ruleset;
}

}  // namespace ruleset
}  // namespace rulecraft
