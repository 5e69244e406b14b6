#include "cli/ruleset_diff.h"

#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "base/folder_files.h"
#include "base/suggest.h"
#include "dsl/parse/parse.h"
#include "ruleset/ruleset.h"

namespace rulecraft::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The folder of a bundled ruleset name or a ruleset folder; reports one that is neither.
std::optional<std::string> FindRulesetFolder(const std::string& given, Diagnostics& diagnostics) {
  if (auto folder = ruleset::ResolveRuleset(given, "")) return folder;
  if (PathMayBeFolder(given)) return given;  // loading reports the missing manifest, or why it cannot be read
  Diagnostic& error = diagnostics.Error(
      "unknown-ruleset", {}, fmt::format("'{}' is neither a bundled ruleset nor a ruleset directory", given));
  SuggestName(error, given, ruleset::BundledRulesetNames());
  return std::nullopt;
}

// `{"file", "line"}` of a span, or null when it names no file.
json Place(const SourceSpan& span, const SourceSet& sources) {
  if (!span.HasFile()) return nullptr;
  json out = {{"file", span.file}, {"line", nullptr}};
  if (const SourceFile* file = sources.Find(span.file)) out["line"] = file->Locate(span.begin).line;
  return out;
}

// A rule as written: where, its text, and its text without comments or spacing (compared).
struct RuleText {
  SourceSpan span;
  std::string text;
  std::string compared;
};

// The text without `#` comments, with each run of spacing one space, and without a leading
// `override` (a rule that replaces another reads the same as one that does not).
std::string Normalize(std::string_view text) {
  std::string out;
  bool in_string = false;
  bool space = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (!in_string && c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
      space = true;
      continue;
    }
    if (c == '"') in_string = !in_string;
    if (!in_string && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  if (out.rfind("override ", 0) == 0) out.erase(0, 9);
  return out;
}

// Every rule a ruleset's program runs, by name, as its file writes it. Rules kept only for
// `super(…)` (named `LAYER.name`) are left out: the rule that replaced them is compared.
std::map<std::string, RuleText> RulesOf(const ruleset::Ruleset& rules, const SourceSet& sources) {
  std::map<std::string, std::optional<ast::RulesFile>> parsed;  // by path
  std::map<std::string, RuleText> out;
  for (const compile::CompiledRule& rule : rules.program->rules) {
    if (rule.name.find('.') != std::string::npos) continue;
    RuleText entry{rule.span, rule.name, rule.name};
    const SourceFile* file = sources.Find(rule.span.file);
    if (file != nullptr) {
      auto [it, fresh] = parsed.try_emplace(rule.span.file);
      if (fresh) {
        Diagnostics ignored;  // the file parsed once already, when the ruleset loaded
        it->second = parse::ParseRulesFile(*file, ignored);
      }
      if (it->second) {
        for (const ast::Rule& written : it->second->rules) {
          if (written.name_span.begin != rule.span.begin) continue;
          entry.span = written.span;
          entry.text = file->text().substr(written.span.begin, written.span.end - written.span.begin);
          entry.compared = Normalize(entry.text);
        }
      }
    }
    out.emplace(rule.name, std::move(entry));
  }
  return out;
}

json RuleJson(const std::string& name, const RuleText& rule, const SourceSet& sources) {
  json out = {{"name", name}, {"text", rule.text}};
  out.update(Place(rule.span, sources));
  return out;
}

// A cell as written (`5 ft`, `true`, `[a, b]`), for people and tools alike.
std::string CellText(const tables::Value& value) {
  using Kind = tables::Value::Kind;
  switch (value.kind) {
    case Kind::kNotApplicable: return "—";
    case Kind::kBool: return value.AsBool() ? "true" : "false";
    case Kind::kNumber: return value.text.empty() ? fmt::format("{}", value.number) : value.text;
    case Kind::kText: return value.text;
    case Kind::kList:
    case Kind::kMap: {
      std::string out = value.kind == Kind::kList ? "[" : "{";
      for (size_t i = 0; i < value.entries.size(); ++i) {
        if (i > 0) out += ", ";
        if (!value.entries[i].key.empty()) out += value.entries[i].key + ": ";
        out += CellText(value.entries[i].value);
      }
      return out + (value.kind == Kind::kList ? "]" : "}");
    }
  }
  return {};
}

bool SameValue(const tables::Value& a, const tables::Value& b) {
  if (a.kind != b.kind) return false;
  using Kind = tables::Value::Kind;
  if (a.kind == Kind::kNumber || a.kind == Kind::kBool) return std::abs(a.number - b.number) < 1e-9;
  if (a.kind == Kind::kText) return a.text == b.text;
  if (a.entries.size() != b.entries.size()) return false;
  for (size_t i = 0; i < a.entries.size(); ++i) {
    if (a.entries[i].key != b.entries[i].key || !SameValue(a.entries[i].value, b.entries[i].value)) return false;
  }
  return true;
}

// The column `name` that `table` declares (`columns:`) and `other` does not, or nullptr.
const tables::ExtraColumn* OnlyDeclaredIn(const tables::Table& table, const tables::Table& other,
                                          const std::string& name) {
  auto declares = [&](const tables::Table& in) -> const tables::ExtraColumn* {
    for (const tables::ExtraColumn& column : in.extra_columns) {
      if (column.column.name == name) return &column;
    }
    return nullptr;
  };
  return declares(other) == nullptr ? declares(table) : nullptr;
}

// The cells that differ between two rows of the same name: a column either row lacks counts,
// but for a column one side declares, a row holding its default (reported once, with the column).
json CellChanges(const tables::Table& table_a, const tables::Row& a, const tables::Table& table_b,
                 const tables::Row& b, const SourceSet& sources) {
  json changes = json::array();
  std::set<std::string> columns;
  for (const auto& cell : a.cells) columns.insert(cell.first);
  for (const auto& cell : b.cells) columns.insert(cell.first);
  for (const std::string& column : columns) {
    const tables::Value* left = a.Get(column);
    const tables::Value* right = b.Get(column);
    if (left != nullptr && right != nullptr && SameValue(*left, *right)) continue;
    const tables::ExtraColumn* added = right != nullptr && left == nullptr ? OnlyDeclaredIn(table_b, table_a, column)
                                       : left != nullptr && right == nullptr ? OnlyDeclaredIn(table_a, table_b, column)
                                                                             : nullptr;
    if (added != nullptr && SameValue(added->fallback, right != nullptr ? *right : *left)) continue;
    json change = {{"column", column}};
    change["a"] = left != nullptr ? json(CellText(*left)) : json(nullptr);
    change["b"] = right != nullptr ? json(CellText(*right)) : json(nullptr);
    change["a_at"] = left != nullptr ? Place(left->span, sources) : json(nullptr);
    change["b_at"] = right != nullptr ? Place(right->span, sources) : json(nullptr);
    changes.push_back(std::move(change));
  }
  if (a.label != b.label) changes.push_back({{"column", "label"}, {"a", a.label}, {"b", b.label},
                                             {"a_at", Place(a.span, sources)}, {"b_at", Place(b.span, sources)}});
  return changes;
}

json RowJson(const tables::Row& row, const SourceSet& sources) {
  json out = {{"name", row.name}};
  out.update(Place(row.span, sources));
  return out;
}

// A footnote as written: `effect: text`, with the columns it is limited to.
std::string FootnoteText(const tables::Footnote& note) {
  std::string out = note.effect + ": " + note.text;
  if (!note.columns.empty()) {
    out += " (columns:";
    for (const std::string& column : note.columns) out += " " + column;
    out += ")";
  }
  return out;
}

// The footnotes, by id, that only one side has or that differ: `{id, a, b, a_at, b_at}`, a side
// lacking it null.
json FootnoteChanges(const tables::Table& a, const tables::Table& b, const SourceSet& sources) {
  std::map<int64_t, std::pair<const tables::Footnote*, const tables::Footnote*>> by_id;
  for (const tables::Footnote& note : a.footnotes) by_id[note.id].first = &note;
  for (const tables::Footnote& note : b.footnotes) by_id[note.id].second = &note;
  json out = json::array();
  for (const auto& [id, sides] : by_id) {
    const auto& [left, right] = sides;
    if (left != nullptr && right != nullptr && FootnoteText(*left) == FootnoteText(*right)) continue;
    out.push_back({{"id", id},
                   {"a", left != nullptr ? json(FootnoteText(*left)) : json(nullptr)},
                   {"b", right != nullptr ? json(FootnoteText(*right)) : json(nullptr)},
                   {"a_at", left != nullptr ? Place(left->span, sources) : json(nullptr)},
                   {"b_at", right != nullptr ? Place(right->span, sources) : json(nullptr)}});
  }
  return out;
}

// The rows both tables have, in each one's order, when the orders differ (`{a, b}`); else null.
// Order matters in some tables (sizes, the concealment degrees: docs/tables.md).
json RowOrderChange(const tables::Table& a, const tables::Table& b) {
  json left = json::array();
  json right = json::array();
  for (const tables::Row& row : a.rows) {
    if (b.Find(row.name) != nullptr) left.push_back(row.name);
  }
  for (const tables::Row& row : b.rows) {
    if (a.Find(row.name) != nullptr) right.push_back(row.name);
  }
  if (left == right) return nullptr;
  return {{"a", std::move(left)}, {"b", std::move(right)}};
}

// One table's differences, or null when its rows are the same.
json TableChanges(const std::string& name, const tables::Table& a, const tables::Table& b, const SourceSet& sources) {
  json out = {{"name", name},
              {"status", "changed"},
              {"rows_added", json::array()},
              {"rows_removed", json::array()},
              {"rows_changed", json::array()}};
  for (const tables::Row& row : a.rows) {
    const tables::Row* other = b.Find(row.name);
    if (other == nullptr) {
      out["rows_removed"].push_back(RowJson(row, sources));
      continue;
    }
    json cells = CellChanges(a, row, b, *other, sources);
    if (cells.empty()) continue;
    json changed = {{"name", row.name}, {"a", Place(row.span, sources)}, {"b", Place(other->span, sources)},
                    {"cells", std::move(cells)}};
    out["rows_changed"].push_back(std::move(changed));
  }
  for (const tables::Row& row : b.rows) {
    if (a.Find(row.name) == nullptr) out["rows_added"].push_back(RowJson(row, sources));
  }
  out["columns_added"] = json::array();
  out["columns_removed"] = json::array();
  for (const auto& [side, other, key] : {std::tuple{&b, &a, "columns_added"}, std::tuple{&a, &b, "columns_removed"}}) {
    for (const tables::ExtraColumn& column : side->extra_columns) {
      if (OnlyDeclaredIn(*side, *other, column.column.name) == nullptr) continue;
      json entry = {{"name", column.column.name}, {"default", CellText(column.fallback)}};
      entry.update(Place(column.span, sources));
      out[key].push_back(std::move(entry));
    }
  }
  out["footnotes"] = FootnoteChanges(a, b, sources);
  out["row_order"] = RowOrderChange(a, b);
  if (out["rows_added"].empty() && out["rows_removed"].empty() && out["rows_changed"].empty() &&
      out["columns_added"].empty() && out["columns_removed"].empty() && out["footnotes"].empty() &&
      out["row_order"].is_null()) {
    return nullptr;
  }
  return out;
}

json Identity(const std::string& given, const ruleset::Ruleset& rules) {
  json uses = json::array();
  for (const auto& module : rules.manifest.uses) uses.push_back(module.first);
  return {{"given", given},
          {"folder", rules.directory},
          {"name", rules.manifest.name},
          {"title", rules.manifest.title},
          {"extends", rules.manifest.extends},
          {"uses", std::move(uses)},
          {"lineage", rules.lineage}};
}

// The settings that change answers (name, title and parents are the rulesets' identity).
json SettingChanges(const check::ManifestInfo& a, const check::ManifestInfo& b) {
  json out = json::array();
  auto compare = [&](const char* name, const std::string& left, const std::string& right) {
    if (left != right) out.push_back({{"name", name}, {"a", left}, {"b", right}});
  };
  compare("square", fmt::format("{} ft", a.square_ft), fmt::format("{} ft", b.square_ft));
  compare("diagonal_cycle", std::to_string(a.diagonal_cycle), std::to_string(b.diagonal_cycle));
  compare("lua_instructions", std::to_string(a.lua_instructions), std::to_string(b.lua_instructions));
  compare("lua_memory", std::to_string(a.lua_memory), std::to_string(b.lua_memory));
  return out;
}

json RuleChanges(const ruleset::Ruleset& a, const ruleset::Ruleset& b, const SourceSet& sources) {
  json out = {{"added", json::array()}, {"removed", json::array()}, {"changed", json::array()}};
  auto left = RulesOf(a, sources);
  auto right = RulesOf(b, sources);
  for (const auto& [name, rule] : left) {
    auto other = right.find(name);
    if (other == right.end()) {
      out["removed"].push_back(RuleJson(name, rule, sources));
    } else if (rule.compared != other->second.compared) {
      out["changed"].push_back(
          {{"name", name}, {"a", RuleJson(name, rule, sources)}, {"b", RuleJson(name, other->second, sources)}});
    }
  }
  for (const auto& [name, rule] : right) {
    if (!left.contains(name)) out["added"].push_back(RuleJson(name, rule, sources));
  }
  return out;
}

json TablesChanges(const ruleset::Ruleset& a, const ruleset::Ruleset& b, const SourceSet& sources) {
  json out = json::array();
  for (const auto& [name, table] : a.tables.all()) {
    const tables::Table* other = b.tables.Find(name);
    if (other == nullptr) {
      out.push_back({{"name", name}, {"status", "removed"}, {"file", table.file}, {"rows", table.RowNames()}});
    } else if (json changes = TableChanges(name, table, *other, sources); !changes.is_null()) {
      out.push_back(std::move(changes));
    }
  }
  for (const auto& [name, table] : b.tables.all()) {
    if (a.tables.Find(name) == nullptr) {
      out.push_back({{"name", name}, {"status", "added"}, {"file", table.file}, {"rows", table.RowNames()}});
    }
  }
  return out;
}

}  // namespace

DiffAnswer AnswerDiff(const std::string& a, const std::string& b, SourceSet& sources, Diagnostics& diagnostics) {
  DiffAnswer answer;
  answer.document = {{"a", nullptr}, {"b", nullptr}, {"equal", false}};
  auto folder_a = FindRulesetFolder(a, diagnostics);
  auto folder_b = FindRulesetFolder(b, diagnostics);
  std::optional<ruleset::Ruleset> left;
  std::optional<ruleset::Ruleset> right;
  if (folder_a) left = ruleset::LoadRuleset(*folder_a, sources, diagnostics);
  if (folder_b) right = ruleset::LoadRuleset(*folder_b, sources, diagnostics);
  if (!left || !right) return answer;
  answer.loaded = true;
  json& out = answer.document;
  out["a"] = Identity(a, *left);
  out["b"] = Identity(b, *right);
  out["settings"] = SettingChanges(left->manifest, right->manifest);
  out["rules"] = RuleChanges(*left, *right, sources);
  out["tables"] = TablesChanges(*left, *right, sources);
  answer.equal = out["settings"].empty() && out["rules"]["added"].empty() && out["rules"]["removed"].empty() &&
                 out["rules"]["changed"].empty() && out["tables"].empty();
  out["equal"] = answer.equal;
  return answer;
}

}  // namespace rulecraft::cli
