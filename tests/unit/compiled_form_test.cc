// The compiled form's compact parts (ruleset/compiled_form.cc): a value written as its shape and
// its fields that are not empty, a table's cell columns written once, spans as varints, a
// column's row names written once per table, and a column's footnote effects, each read back
// exactly.
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/compiled_form.h"
#include "ruleset/ruleset.h"

namespace rulecraft {
namespace {

using tables::Value;

Value Made(Value::Kind kind, double number, std::string text, uint32_t at) {
  Value value;
  value.kind = kind;
  value.number = number;
  value.text = std::move(text);
  value.span = {FileName("tables/shapes.yaml"), at, at + 3};
  return value;
}

// Values of every kind, with and without a number, a text or entries (and the odd ones a form
// must still keep: -0.0, a number with entries, a text of more than 15 bytes).
std::vector<Value> EveryShape() {
  std::vector<Value> values;
  values.push_back(Value());  // n/a, no span
  values.push_back(Made(Value::Kind::kNotApplicable, 0, "n/a", 1));
  values.push_back(Made(Value::Kind::kBool, 1, "true", 2));
  values.push_back(Made(Value::Kind::kBool, 0, "", 3));
  values.push_back(Made(Value::Kind::kNumber, 30, "30 ft", 4));
  values.push_back(Made(Value::Kind::kNumber, -0.0, "", 5));
  values.push_back(Made(Value::Kind::kNumber, 0.75, "3/4", 6));
  values.push_back(Made(Value::Kind::kText, 0, "a text longer than fifteen bytes", 7));
  Value list = Made(Value::Kind::kList, 0, "", 8);
  list.entries.push_back({"", Made(Value::Kind::kNumber, 2, "2", 9)});
  list.entries.push_back({"", Made(Value::Kind::kText, 0, "two", 10)});
  values.push_back(list);
  Value map = Made(Value::Kind::kMap, 5, "odd", 11);
  map.entries.push_back({"land", Made(Value::Kind::kNumber, 30, "30 ft", 12)});
  map.entries.push_back({"nested", list});
  values.push_back(map);
  // Spans are varints: a begin of five bytes, an end before the begin, a second file.
  Value far = Made(Value::Kind::kNumber, 7, "7", 0xFFFFFFF0u);
  far.span.end = 2;
  values.push_back(far);
  Value elsewhere = Made(Value::Kind::kText, 0, "x", 200000);
  elsewhere.span.file = FileName("tables/other.yaml");
  values.push_back(elsewhere);
  return values;
}

void ExpectSame(const Value& read, const Value& written, const std::string& where) {
  EXPECT_EQ(read.kind, written.kind) << where;
  EXPECT_EQ(std::bit_cast<uint64_t>(read.number), std::bit_cast<uint64_t>(written.number)) << where;
  EXPECT_EQ(read.text, written.text) << where;
  EXPECT_EQ(read.span.file, written.span.file) << where;
  EXPECT_EQ(read.span.begin, written.span.begin) << where;
  EXPECT_EQ(read.span.end, written.span.end) << where;
  ASSERT_EQ(read.entries.size(), written.entries.size()) << where;
  for (size_t i = 0; i < read.entries.size(); ++i) {
    EXPECT_EQ(read.entries[i].key, written.entries[i].key) << where;
    ExpectSame(read.entries[i].value, written.entries[i].value, where + "." + std::to_string(i));
  }
}

// A ruleset of one table, `shapes`, of one row holding `cells`.
ruleset::Ruleset OneRow(const std::string& row_name, std::vector<std::pair<std::string, Value>> cells) {
  ruleset::Ruleset rules;
  tables::Table table;
  table.name = "shapes";
  tables::Row row;
  row.name = row_name;
  row.cells = std::move(cells);
  table.rows.push_back(std::move(row));
  rules.tables.Put(std::move(table));
  return rules;
}

TEST(CompiledForm, ValuesOfEveryShapeReadBackFieldByField) {
  std::vector<Value> values = EveryShape();
  std::vector<std::pair<std::string, Value>> cells;
  for (size_t i = 0; i < values.size(); ++i) cells.emplace_back("cell" + std::to_string(i), values[i]);
  ruleset::Ruleset rules = OneRow("every", std::move(cells));

  std::string bytes = ruleset::WriteCompiledForm(rules);
  auto back = ruleset::ReadCompiledForm(bytes);
  ASSERT_TRUE(back.has_value());
  const tables::Table* read = back->tables.Find("shapes");
  ASSERT_NE(read, nullptr);
  ASSERT_EQ(read->rows.size(), 1u);
  ASSERT_EQ(read->rows[0].cells.size(), values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(read->rows[0].cells[i].first, "cell" + std::to_string(i));
    ExpectSame(read->rows[0].cells[i].second, values[i], "cell" + std::to_string(i));
  }
  EXPECT_EQ(ruleset::WriteCompiledForm(*back), bytes);
}

TEST(CompiledForm, ABadValueShapeIsRefused) {
  ruleset::Ruleset rules = OneRow("one", {{"only", Made(Value::Kind::kNumber, 1, "", 1)}});
  std::string bytes = ruleset::WriteCompiledForm(rules);
  ASSERT_TRUE(ruleset::ReadCompiledForm(bytes).has_value());
  // The shape byte comes just before the number's bytes; a kind past kMap, or an unknown bit, is
  // refused.
  double one = 1;
  size_t shape = bytes.find(std::string(reinterpret_cast<const char*>(&one), sizeof one)) - 1;
  ASSERT_LT(shape, bytes.size());
  ASSERT_EQ(static_cast<uint8_t>(bytes[shape]), static_cast<uint8_t>(Value::Kind::kNumber) | 8u);
  for (uint8_t bad : {uint8_t{6}, uint8_t{7}, uint8_t{64 | 2}, uint8_t{128 | 2}}) {
    std::string changed = bytes;
    changed[shape] = static_cast<char>(bad);
    EXPECT_FALSE(ruleset::ReadCompiledForm(changed).has_value()) << int{bad};
  }
}

TEST(CompiledForm, ColumnRowNamesAndEffectsReadBack) {
  SourceSet sources;
  Diagnostics diagnostics;
  auto rules = ruleset::LoadRuleset(std::string(RULECRAFT_SOURCE_DIR) + "/rulesets/dnd35", sources, diagnostics);
  ASSERT_TRUE(rules.has_value());
  ASSERT_NE(rules->program, nullptr);
  auto back = ruleset::ReadCompiledForm(ruleset::WriteCompiledForm(*rules));
  ASSERT_TRUE(back.has_value());
  const auto& written = rules->program->columns;
  const auto& read = back->program->columns;
  ASSERT_EQ(read.size(), written.size());
  size_t with_effects = 0;
  for (size_t i = 0; i < read.size(); ++i) {
    std::string where = written[i].table + "." + written[i].column;
    ASSERT_EQ(read[i].rows.size(), written[i].rows.size()) << where;
    for (size_t row = 0; row < read[i].rows.size(); ++row) EXPECT_EQ(read[i].rows[row], written[i].rows[row]) << where;
    EXPECT_EQ(read[i].effects, written[i].effects) << where;
    for (size_t row = 0; row < read[i].values.size(); ++row) {
      EXPECT_EQ(read[i].EffectsOf(row), written[i].EffectsOf(row)) << where;
      if (!read[i].EffectsOf(row).empty()) ++with_effects;
    }
  }
  EXPECT_GT(with_effects, 0u);  // dnd35's modifier tables have footnotes
  // A column that no footnote applies to keeps no list per row.
  size_t without_lists = 0;
  for (const compile::ColumnData& column : read) without_lists += !column.values.empty() && column.effects.empty();
  EXPECT_GT(without_lists, 0u);
}

}  // namespace
}  // namespace rulecraft
