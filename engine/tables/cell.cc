#include "tables/cell.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "base/limits.h"
#include "base/suggest.h"

namespace rulecraft::tables {
namespace {

constexpr double kFeetPerMile = 5280;

std::string_view Trim(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// Makes `value` the number `number`, written as `node`.
void SetNumber(Value& value, double number, const yaml::Node& node, const SourceFile& file) {
  value.kind = Value::Kind::kNumber;
  value.number = number;
  value.text.assign(node.Scalar());
  value.span = yaml::SpanOf(file, node);
}

Value Number(double number, const yaml::Node& node, const SourceFile& file) {
  Value value;
  SetNumber(value, number, node, file);
  return value;
}

// Makes `value` a text, written as `node`.
void SetText(Value& value, std::string_view text, const yaml::Node& node, const SourceFile& file) {
  value.kind = Value::Kind::kText;
  value.text.assign(text);
  value.span = yaml::SpanOf(file, node);
}

// Whether a table number is one rulecraft computes with: finite and within ±kMaxTableNumber.
bool InRange(double number) { return std::abs(number) <= limits::kMaxTableNumber; }  // NaN fails too

// A number cell checked against its range and, for a positive column, above 0, made `value`;
// false (reported) when out of range.
bool CheckedNumber(Value& value, double number, const yaml::Node& node, const SourceFile& file,
                   const ColumnSchema& column, Diagnostics& diagnostics) {
  if (!InRange(number)) {
    diagnostics.Error("out-of-range", yaml::SpanOf(file, node),
                      fmt::format("expected {} within ±{} in column '{}' (limits::kMaxTableNumber), found '{}'",
                                  DescribeType(column.type), limits::kMaxTableNumber, column.name, node.Scalar()));
    return false;
  }
  if (column.positive && !(number > 0)) {
    diagnostics.Error("out-of-range", yaml::SpanOf(file, node),
                      fmt::format("expected more than 0 in column '{}', found '{}'", column.name, node.Scalar()));
    return false;
  }
  SetNumber(value, number, node, file);
  return true;
}

void ReportWrongType(const SourceFile& file, const yaml::Node& node, const ColumnSchema& column,
                     Diagnostics& diagnostics) {
  diagnostics.Error("wrong-type", yaml::SpanOf(file, node),
                    fmt::format("expected {} in column '{}', found {}", DescribeType(column.type),
                                column.name, yaml::Describe(node)));
}

std::optional<Value> WrongType(const SourceFile& file, const yaml::Node& node,
                               const ColumnSchema& column, Diagnostics& diagnostics) {
  ReportWrongType(file, node, column, diagnostics);
  return std::nullopt;
}

// Moves a cell read whole into `value`; false when there is none.
bool Into(std::optional<Value> read, Value& value) {
  if (!read) return false;
  value = std::move(*read);
  return true;
}

// A YAML list read item by item: `item` reads one entry (reporting what is wrong and returning
// nullopt); anything but a sequence is the column's wrong type.
template <typename ReadItem>
std::optional<Value> ReadListCell(const SourceFile& file, const yaml::Node& node, const ColumnSchema& column,
                                  Diagnostics& diagnostics, ReadItem item) {
  if (!node.IsSequence()) return WrongType(file, node, column, diagnostics);
  Value list;
  list.kind = Value::Kind::kList;
  list.span = yaml::SpanOf(file, node);
  for (const yaml::Node& entry : node) {
    std::optional<Value> value = item(entry);
    if (!value) return std::nullopt;
    list.entries.emplace_back("", std::move(*value));
  }
  return list;
}

std::optional<Value> ReadNoteList(const SourceFile& file, const yaml::Node& node,
                                  const ColumnSchema& column, Diagnostics& diagnostics) {
  return ReadListCell(file, node, column, diagnostics, [&](const yaml::Node& item) -> std::optional<Value> {
    auto id = item.IsScalar() ? yaml::ParseInt(item.Scalar()) : std::nullopt;
    if (!id) return WrongType(file, item, column, diagnostics);
    return Number(static_cast<double>(*id), item, file);
  });
}

// A list of lower_snake_case names ([helpless, prone]), each remembering where it is written.
std::optional<Value> ReadNameListCell(const SourceFile& file, const yaml::Node& node,
                                      const ColumnSchema& column, Diagnostics& diagnostics) {
  return ReadListCell(file, node, column, diagnostics, [&](const yaml::Node& item) -> std::optional<Value> {
    if (!item.IsScalar()) return WrongType(file, item, column, diagnostics);
    auto name = yaml::ReadName(file, item, "column '" + column.name + "'", diagnostics);
    if (!name) return std::nullopt;
    Value entry;
    entry.kind = Value::Kind::kText;
    entry.text = *name;
    entry.span = yaml::SpanOf(file, item);
    return entry;
  });
}

std::optional<Value> ReadDistanceMap(const SourceFile& file, const yaml::Node& node,
                                     const ColumnSchema& column, double square_ft,
                                     Diagnostics& diagnostics) {
  if (!node.IsMap()) return WrongType(file, node, column, diagnostics);
  Value map;
  map.kind = Value::Kind::kMap;
  map.span = yaml::SpanOf(file, node);
  ColumnSchema distance{column.name, CellType::kDistance, true, {}, {}};
  bool ok = true;
  for (const auto& entry : node) {
    auto cell = ReadCell(file, entry.second, distance, square_ft, diagnostics);
    if (!cell) {
      ok = false;
      continue;
    }
    cell->span = yaml::SpanOf(file, entry.first);  // keys are checked against another table
    map.entries.emplace_back(std::string(entry.first.Scalar()), std::move(*cell));
  }
  if (!ok) return std::nullopt;
  return map;
}

// Whether `text` is "#rrggbb": a hash and six hexadecimal digits.
bool IsColour(std::string_view text) {
  return text.size() == 7 && text[0] == '#' &&
         std::all_of(text.begin() + 1, text.end(), [](char digit) { return std::isxdigit(static_cast<unsigned char>(digit)); });
}

}  // namespace

std::optional<double> ParseDistance(std::string_view text, double square_ft) {
  text = Trim(text);
  size_t space = text.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  auto amount = yaml::ParseNumber(text.substr(0, space));
  std::string_view unit = Trim(text.substr(space + 1));
  if (!amount || *amount < 0) return std::nullopt;
  if (unit == "ft" || unit == "feet" || unit == "foot") return *amount;
  if (unit == "square" || unit == "squares") return *amount * square_ft;
  if (unit == "mile" || unit == "miles") return *amount * kFeetPerMile;
  return std::nullopt;
}

std::optional<double> ParseRatio(std::string_view text) {
  text = Trim(text);
  size_t slash = text.find('/');
  if (slash == std::string_view::npos) {
    auto whole = yaml::ParseInt(text);
    if (!whole || *whole < 0) return std::nullopt;
    return static_cast<double>(*whole);
  }
  auto top = yaml::ParseInt(Trim(text.substr(0, slash)));
  auto bottom = yaml::ParseInt(Trim(text.substr(slash + 1)));
  if (!top || !bottom || *top < 0 || *bottom <= 0) return std::nullopt;
  return static_cast<double>(*top) / static_cast<double>(*bottom);
}

bool ReadCellInto(const SourceFile& file, const yaml::Node& node, const ColumnSchema& column, double square_ft,
                  Diagnostics& diagnostics, Value& value) {
  if (column.type == CellType::kNoteList) return Into(ReadNoteList(file, node, column, diagnostics), value);
  if (column.type == CellType::kNameList) return Into(ReadNameListCell(file, node, column, diagnostics), value);
  if (column.type == CellType::kDistanceMap) {
    return Into(ReadDistanceMap(file, node, column, square_ft, diagnostics), value);
  }
  auto wrong_type = [&] {
    ReportWrongType(file, node, column, diagnostics);
    return false;
  };
  if (!node.IsScalar()) return wrong_type();
  std::string_view text = node.Scalar();
  switch (column.type) {
    case CellType::kName: {
      // A name is read as is; anything else is reported by ReadName, which names the column.
      if (!yaml::IsName(text) && !yaml::ReadName(file, node, "column '" + column.name + "'", diagnostics)) {
        return false;
      }
      SetText(value, text, node, file);
      return true;
    }
    case CellType::kText:
    case CellType::kColour: {
      if (column.type == CellType::kColour && !IsColour(text)) return wrong_type();
      SetText(value, text, node, file);
      return true;
    }
    case CellType::kInt:
    case CellType::kOptionalInt: {
      if (column.type == CellType::kOptionalInt && text == "n/a") {
        value.text = text;
        value.span = yaml::SpanOf(file, node);
        return true;
      }
      auto whole = yaml::ParseInt(text);
      if (!whole) return wrong_type();
      return CheckedNumber(value, static_cast<double>(*whole), node, file, column, diagnostics);
    }
    case CellType::kNumber: {
      auto number = yaml::ParseNumber(text);
      if (!number) return wrong_type();
      return CheckedNumber(value, *number, node, file, column, diagnostics);
    }
    case CellType::kRatio: {
      auto ratio = ParseRatio(text);
      if (!ratio) return wrong_type();
      return CheckedNumber(value, *ratio, node, file, column, diagnostics);
    }
    case CellType::kDistance: {
      auto feet = ParseDistance(text, square_ft);
      if (!feet) return wrong_type();
      return CheckedNumber(value, *feet, node, file, column, diagnostics);
    }
    case CellType::kBool: {
      std::optional<bool> flag;
      if (text == "true" || text == "false") {
        flag = text == "true";
      } else {
        flag = yaml::ReadBool(file, node, "column '" + column.name + "'", diagnostics);  // reports it
      }
      if (!flag) return false;
      SetNumber(value, *flag ? 1 : 0, node, file);
      value.kind = Value::Kind::kBool;
      return true;
    }
    case CellType::kEnum: {
      if (std::find(column.choices.begin(), column.choices.end(), text) == column.choices.end()) {
        std::string choices;
        for (const std::string& choice : column.choices) {
          choices += (choices.empty() ? "'" : ", '") + choice + "'";
        }
        Diagnostic& error = diagnostics.Error(
            "unknown-name", yaml::SpanOf(file, node),
            fmt::format("unknown value '{}' in column '{}': expected one of {}", text, column.name,
                        choices));
        SuggestName(error, text, column.choices);
        return false;
      }
      SetText(value, text, node, file);
      return true;
    }
    case CellType::kNoteList:
    case CellType::kNameList:
    case CellType::kDistanceMap:
      break;
  }
  return wrong_type();
}

std::optional<Value> ReadCell(const SourceFile& file, const yaml::Node& node,
                              const ColumnSchema& column, double square_ft,
                              Diagnostics& diagnostics) {
  Value value;
  if (!ReadCellInto(file, node, column, square_ft, diagnostics, value)) return std::nullopt;
  return value;
}

std::optional<Value> ReadCell(const SourceFile& file, const YAML::Node& node,
                              const ColumnSchema& column, double square_ft,
                              Diagnostics& diagnostics) {
  if (!node.IsDefined()) return ReadCell(file, yaml::Node::Undefined(), column, square_ft, diagnostics);
  yaml::Tree tree = yaml::Tree::FromYamlCpp(node);
  return ReadCell(file, tree.Root(), column, square_ft, diagnostics);
}

}  // namespace rulecraft::tables
