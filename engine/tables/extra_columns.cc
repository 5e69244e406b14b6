#include "tables/extra_columns.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "base/suggest.h"
#include "tables/cell.h"

namespace rulecraft::tables {
namespace {

// The cell types a declared column may have, by the name `type:` gives.
const std::vector<std::pair<std::string, CellType>>& DeclarableTypes() {
  static const std::vector<std::pair<std::string, CellType>> types = {
      {"bool", CellType::kBool},         {"int", CellType::kInt},   {"number", CellType::kNumber},
      {"distance", CellType::kDistance}, {"text", CellType::kText}, {"name", CellType::kName},
      {"colour", CellType::kColour},     {"enum", CellType::kEnum}, {"optional_int", CellType::kOptionalInt}};
  return types;
}

std::optional<CellType> ReadType(const SourceFile& file, const yaml::Node& node,
                                 Diagnostics& diagnostics) {
  auto name = yaml::ReadName(file, node, "column type", diagnostics);
  if (!name) return std::nullopt;
  for (const auto& [type_name, type] : DeclarableTypes()) {
    if (type_name == *name) return type;
  }
  std::vector<std::string> names;  // for the suggestion
  for (const auto& [type_name, type] : DeclarableTypes()) names.push_back(type_name);
  Diagnostic& error = diagnostics.Error("unknown-name", yaml::SpanOf(file, node),
                                        fmt::format("unknown column type '{}'", *name));
  SuggestName(error, *name, names);
  return std::nullopt;
}

std::vector<std::string> ReadChoices(const SourceFile& file, const yaml::Node& node,
                                     Diagnostics& diagnostics) {
  std::vector<std::string> choices;
  if (!node.IsDefined()) return choices;
  if (!node.IsSequence() || node.size() == 0) {
    diagnostics.Error(
        "wrong-type", yaml::SpanOf(file, node),
        "expected a list of the names an enum column allows, found " +
            (node.IsSequence() ? std::string("an empty list") : yaml::Describe(node)));
    return choices;
  }
  for (const yaml::Node& item : node) {
    if (auto choice = yaml::ReadName(file, item, "enum choice", diagnostics))
      choices.push_back(*choice);
  }
  return choices;
}

// Why a column may not be declared under this name, or empty.
std::string Taken(const std::string& name, const TableSchema& schema,
                  const std::vector<ExtraColumn>& inherited, const std::vector<ExtraColumn>& declared) {
  for (const char* common : {"name", "label", "text", "note", "also_called"}) {
    if (name == common) return fmt::format("every row has '{}' already", name);
  }
  if (schema.Column(name) != nullptr)
    return fmt::format("table '{}' has a column '{}' already", schema.name, name);
  for (const std::vector<ExtraColumn>* columns : {&inherited, &declared}) {
    for (const ExtraColumn& extra : *columns) {
      if (extra.column.name == name)
        return fmt::format("column '{}' of table '{}' is declared already", name, schema.name);
    }
  }
  return {};
}

std::optional<ExtraColumn> ReadOne(const SourceFile& file, const yaml::Node& key,
                                   const yaml::Node& value, double square_ft,
                                   Diagnostics& diagnostics) {
  auto name = yaml::ReadName(file, key, "column name", diagnostics);
  // Named only in a message: "column '{}'" with the key's text.
  yaml::TreeMapReader reader(file, value, "column '{}'{}", key.IsScalar() ? key.Scalar() : std::string_view(), {},
                             diagnostics);
  if (!name || !reader.ok()) return std::nullopt;
  ExtraColumn extra;
  extra.span = yaml::SpanOf(file, key);
  extra.column.name = *name;
  yaml::Node type = reader.Required("type");
  yaml::Node fallback = reader.Required("default");
  yaml::Node choices = reader.Optional("choices");
  reader.RejectUnknown();
  if (!type.IsDefined() || !fallback.IsDefined()) return std::nullopt;
  auto cell_type = ReadType(file, type, diagnostics);
  if (!cell_type) return std::nullopt;
  extra.column.type = *cell_type;
  extra.column.choices = ReadChoices(file, choices, diagnostics);
  if (*cell_type == CellType::kEnum && extra.column.choices.empty()) {
    if (!choices.IsDefined()) {
      diagnostics.Error("missing-key", reader.Span(),
                        fmt::format("enum column '{}' needs 'choices: [..]'", *name));
    }
    return std::nullopt;
  }
  if (*cell_type != CellType::kEnum && choices.IsDefined()) {
    diagnostics.Error("unknown-key", reader.KeySpan("choices"),
                      "only an enum column has 'choices'");
  }
  auto value_read = ReadCell(file, fallback, extra.column, square_ft, diagnostics);
  if (!value_read) return std::nullopt;
  extra.fallback = std::move(*value_read);
  return extra;
}

}  // namespace

std::vector<ExtraColumn> ReadExtraColumns(const SourceFile& file, const yaml::Node& node,
                                          const TableSchema& schema,
                                          const std::vector<ExtraColumn>& inherited,
                                          double square_ft, Diagnostics& diagnostics) {
  std::vector<ExtraColumn> declared;
  if (!node.IsMap()) {
    diagnostics.Error(
        "wrong-type", yaml::SpanOf(file, node),
        "expected a mapping of column names to { type, default }, found " + yaml::Describe(node));
    return declared;
  }
  for (const auto& entry : node) {
    auto extra = ReadOne(file, entry.first, entry.second, square_ft, diagnostics);
    if (!extra) continue;
    if (std::string taken = Taken(extra->column.name, schema, inherited, declared); !taken.empty()) {
      diagnostics.Error("duplicate-name", extra->span,
                        fmt::format("cannot declare column '{}': {}", extra->column.name, taken));
      continue;
    }
    declared.push_back(std::move(*extra));
  }
  return declared;
}

TableSchema WithExtraColumns(const TableSchema& schema, const std::vector<ExtraColumn>& columns) {
  TableSchema extended = schema;
  for (const ExtraColumn& extra : columns) extended.columns.push_back(extra.column);
  return extended;
}

}  // namespace rulecraft::tables
