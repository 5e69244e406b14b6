#include <string_view>

#include <fmt/format.h>

#include "base/suggest.h"
#include "dsl/check/environment.h"
#include "dsl/check/is_word.h"
#include "dsl/check/passes.h"
#include "dsl/check/table_index.h"
#include "tables/schema.h"

namespace rulecraft::check {
namespace {

using ast::BindingKind;
using ast::Expr;
using ast::ExprKind;
using ast::Type;
using ast::TypeKind;
using ast::Unit;

// The internal type of a `row.column` whose cells map keys to distances (speeds.speed);
// only indexing (`[armor]`) turns it into a value.
const char* kMapColumn = "@map";

// Units of the bonus targets a scenario may give (`creature.bonuses(speed)`): speed, attack,
// ac, and a row of the ruleset's `skills` table (a skill check modifier).
std::optional<Unit> BonusTargetUnit(const std::string& target, const tables::TableSet& tables) {
  if (IsWord(target, "speed")) return Unit::kLength;
  if (IsWord(target, "attack") || IsWord(target, "ac")) return Unit::kNone;
  const tables::Table* skills = tables.Find("skills");
  if (skills != nullptr && skills->Find(target) != nullptr) return Unit::kNone;
  return std::nullopt;
}

// Every bonus target, for suggestions.
std::vector<std::string> BonusTargets(const tables::TableSet& tables) {
  std::vector<std::string> targets = {"speed", "attack", "ac"};
  if (const tables::Table* skills = tables.Find("skills")) {
    for (const std::string& name : skills->RowNames()) targets.push_back(name);
  }
  return targets;
}

// Whether operator `op` is the one character `c` (compared as characters: the checks run at
// every operator node).
bool IsOp(std::string_view op, char c) { return op.size() == 1 && op[0] == c; }

// Whether operator `op` compares: ==, !=, <, <=, >, >=.
bool IsComparison(std::string_view op) {
  if (op.size() == 1) return op[0] == '<' || op[0] == '>';
  return op.size() == 2 && op[1] == '=' && (op[0] == '=' || op[0] == '!' || op[0] == '<' || op[0] == '>');
}

bool SameKind(const Type& a, const Type& b) {
  if (!a.Known() || !b.Known()) return true;
  return a.kind == b.kind && (a.kind != TypeKind::kRow && a.kind != TypeKind::kRecord ? true : a.name == b.name);
}

// The same type, a quantity's or a modifier list's unit included (an empty list fits any).
bool SameWithUnit(const Type& a, const Type& b) {
  if (!SameKind(a, b)) return false;
  if (a.kind != TypeKind::kQuantity && a.kind != TypeKind::kModifiers) return true;
  return a.unit == b.unit || IsWord(a.name, "empty") || IsWord(b.name, "empty");
}

// The type of a table column's cells, as the rules see them.
Type ColumnType(const tables::ColumnSchema& column) {
  using tables::CellType;
  switch (column.type) {
    case CellType::kDistance: return Type::Distance();
    case CellType::kInt:
    case CellType::kNumber:
    case CellType::kRatio:
    case CellType::kOptionalInt: return Type::Number();
    case CellType::kBool: return Type::Bool();
    case CellType::kName:
    case CellType::kText:
    case CellType::kColour:
    case CellType::kEnum: return Type::Text();
    case CellType::kDistanceMap: return Type::Record(kMapColumn);
    case CellType::kNoteList: return {};
    case CellType::kNameList: return {};
  }
  return {};
}

class TypeChecker {
 public:
  explicit TypeChecker(PassContext& context)
      : context_(context), state_(context.module.rules.size(), 0), tables_(context.tables) {}

  void Run() {
    hooks_.reserve(context_.module.rules.size());
    for (ast::Rule& rule : context_.module.rules) {
      hooks_.push_back(FindHookPoint(rule.WrittenName()));
      CheckSignature(rule, hooks_.back());
    }
    for (size_t i = 0; i < context_.module.rules.size(); ++i) CheckRule(static_cast<int>(i));
  }

 private:
  Diagnostic& Error(const SourceSpan& span, std::string message) {
    return context_.diagnostics.Error("type", span, std::move(message));
  }

  std::vector<std::string> TypeNames() const {
    std::vector<std::string> names = {"number", "distance", "bool", "text", "modifiers",
                                      "distance_modifiers"};
    for (const RecordKind& kind : RecordKinds()) names.push_back(kind.name);
    for (const auto& [name, table] : context_.tables.all()) names.push_back(name);
    return names;
  }

  std::optional<Type> Declared(const std::string& name, const SourceSpan& span) {
    if (auto type = ParseTypeName(name, context_.tables)) return type;
    Diagnostic& error = Error(span, fmt::format("unknown type '{}'", name));
    SuggestName(error, name, TypeNames());
    return std::nullopt;
  }

  // Parameter types come from the declaration or, for a hook point, from the engine.
  void CheckSignature(ast::Rule& rule, const HookPoint* hook) {
    bool wrong_hook = hook != nullptr && hook->params.size() != rule.params.size();
    if (wrong_hook) {
      Error(rule.name_span, fmt::format("rule '{}' is a hook point and takes {} parameter(s) ({}), not {}",
                                        rule.name, hook->params.size(), HookParams(*hook), rule.params.size()));
      hook = nullptr;
    }
    for (size_t i = 0; i < rule.params.size(); ++i) {
      ast::Param& param = rule.params[i];
      if (!param.type_name.empty()) {
        if (auto type = Declared(param.type_name, param.span)) param.type = *type;
      }
      if (hook == nullptr) {
        if (param.type_name.empty() && !wrong_hook) {  // a wrong hook signature is error enough
          Error(param.span, fmt::format("parameter '{}' needs a type, e.g. '{}: number'", param.name, param.name));
        }
        continue;
      }
      const Type& given = hook->params[i].second;
      if (param.type.Known() && !(param.type == given)) {
        Error(param.span, fmt::format("hook point '{}' passes a {} as parameter {}, not a {}", rule.name,
                                      ast::TypeName(given), i + 1, ast::TypeName(param.type)));
      }
      param.type = given;
    }
    if (!rule.result_name.empty()) {
      if (auto type = Declared(rule.result_name, rule.name_span)) rule.result = *type;
    } else if (hook != nullptr) {
      rule.result = hook->result;
    }
  }

  static std::string HookParams(const HookPoint& hook) {
    std::string text;
    for (const auto& [name, type] : hook.params) {
      text += (text.empty() ? "" : ", ") + name + ": " + ast::TypeName(type);
    }
    return text;
  }

  // Checks a rule's body once; a rule's result type is known after its body is checked.
  Type CheckRule(int index) {
    ast::Rule& rule = context_.module.rules[static_cast<size_t>(index)];
    int& state = state_[static_cast<size_t>(index)];
    if (state == 2) return rule.result;
    if (state == 1) return rule.result;  // recursion, reported by ResolveNames
    state = 1;
    ast::Rule* outer = current_;
    size_t outer_base = base_;
    current_ = &rule;
    base_ = locals_.size();  // the rule's slots go on top of its caller's
    locals_.resize(base_ + rule.params.size() + static_cast<size_t>(rule.locals));
    for (size_t i = 0; i < rule.params.size(); ++i) locals_[base_ + i] = rule.params[i].type;
    Type body = Check(*rule.body);
    if (!rule.result.Known()) {
      rule.result = body;
    } else if (!SameKind(rule.result, body)) {
      Diagnostic& error =
          Error(rule.body->span, fmt::format("rule '{}' must give a {}, but its body gives a {}", rule.name,
                                             ast::TypeName(rule.result), ast::TypeName(body)));
      if (const ast::Rule* parent = Replaced(rule)) {
        error.notes.push_back({parent->name_span, "the rule it overrides, defined here"});
      }
    }
    CheckOverrideResult(index);
    if (const HookPoint* hook = hooks_[static_cast<size_t>(index)]; hook != nullptr && rule.result.Known() &&
                                                          !SameKind(hook->result, rule.result)) {
      Error(rule.name_span, fmt::format("hook point '{}' must give a {}, not a {}", rule.name,
                                        ast::TypeName(hook->result), ast::TypeName(rule.result)));
    }
    current_ = outer;
    locals_.resize(base_);
    base_ = outer_base;
    state = 2;
    return rule.result;
  }

  // The rule an override replaces, or nullptr.
  const ast::Rule* Replaced(const ast::Rule& rule) const {
    int parent = rule.replaces.empty() ? -1 : context_.module.Find(rule.replaces);
    return parent < 0 ? nullptr : &context_.module.rules[static_cast<size_t>(parent)];
  }

  // An override gives what the rule it replaces gives (the parent's callers rely on it); a
  // mismatch is reported at the override, which then counts as giving the parent's type.
  void CheckOverrideResult(int index) {
    ast::Rule& rule = context_.module.rules[static_cast<size_t>(index)];
    int parent = rule.replaces.empty() ? -1 : context_.module.Find(rule.replaces);
    if (parent < 0) return;
    Type expected = CheckRule(parent);
    if (!expected.Known() || !rule.result.Known() || SameWithUnit(expected, rule.result)) return;
    Diagnostic& error = Error(
        rule.name_span, fmt::format("override '{}' must give a {}, as the rule it replaces does, not a {}",
                                    rule.name, ast::TypeName(expected), ast::TypeName(rule.result)));
    error.notes.push_back(
        {context_.module.rules[static_cast<size_t>(parent)].name_span, "the rule it overrides, defined here"});
    rule.result = expected;
  }

  // The node's type when it is of `kind` (or unknown); else an error, and the unknown type.
  const Type& Expect(Expr& node, TypeKind kind, const char* what) {
    static const Type kUnknown;
    const Type& type = Check(node);
    if (type.Known() && type.kind != kind) {
      Error(node.span, fmt::format("expected {}, found a {}", what, ast::TypeName(type)));
      return kUnknown;
    }
    return type;
  }

  Type CheckBuiltin(Expr& node) {
    const std::string& name = node.text;
    auto arity = [&](size_t low, size_t high) {
      if (node.operands.size() >= low && node.operands.size() <= high) return true;
      Error(node.span, fmt::format("{}() takes {} argument(s), not {}", name,
                                   low == high ? std::to_string(low) : fmt::format("{} to {}", low, high),
                                   node.operands.size()));
      return false;
    };
    if (IsWord(name, "floor") || IsWord(name, "ceil") || IsWord(name, "round") || IsWord(name, "abs")) {
      if (!arity(1, 1)) return {};
      return Expect(*node.operands[0], TypeKind::kQuantity, "a number or distance");
    }
    if (IsWord(name, "min") || IsWord(name, "max")) {
      if (!arity(2, 16)) return {};
      const Type& first = Expect(*node.operands[0], TypeKind::kQuantity, "a number or distance");
      for (size_t i = 1; i < node.operands.size(); ++i) {
        Expect(*node.operands[i], TypeKind::kQuantity, "a number or distance");
      }
      return first;
    }
    if (IsWord(name, "count")) {
      if (!arity(1, 1)) return {};
      Expect(*node.operands[0], TypeKind::kBool, "a condition");
      return Type::Number();
    }
    if (IsWord(name, "bonus")) {
      if (!arity(2, 3)) return {};
      const Type& value = Expect(*node.operands[0], TypeKind::kQuantity, "a number or distance");
      Expr& type = *node.operands[1];
      if (type.binding.kind != BindingKind::kBonusType && type.kind != ExprKind::kName) {
        Error(type.span, "expected a bonus type name (a row of table 'bonus_types')");
      }
      if (node.operands.size() == 3) Expect(*node.operands[2], TypeKind::kText, "a source text");
      return Type::Modifiers(value.unit);
    }
    if (IsWord(name, "total")) {
      if (!arity(1, 1)) return {};
      const Type& list = Expect(*node.operands[0], TypeKind::kModifiers, "a list of modifiers");
      return {TypeKind::kQuantity, list.unit, {}};
    }
    return {};
  }

  Type CheckCall(Expr& node) {
    if (node.binding.kind == BindingKind::kBuiltin) return CheckBuiltin(node);
    if (node.binding.kind != BindingKind::kRule) {
      for (auto& arg : node.operands) Check(*arg);
      return {};
    }
    const ast::Rule& callee = context_.module.rules[static_cast<size_t>(node.binding.index)];
    const std::string shown = IsWord(node.text, "super") ? "super" : callee.name;
    if (callee.params.size() != node.operands.size()) {
      Error(node.span, fmt::format("{} '{}' takes {} argument(s), not {}",
                                   IsWord(node.text, "super") ? "the replaced rule" : "rule", callee.WrittenName(),
                                   callee.params.size(), node.operands.size()));
    }
    for (size_t i = 0; i < node.operands.size(); ++i) {
      const Type& arg = Check(*node.operands[i]);
      if (i < callee.params.size() && !SameKind(arg, callee.params[i].type)) {
        Error(node.operands[i]->span,
              fmt::format("argument {} of '{}' must be a {}, not a {}", i + 1, shown,
                          ast::TypeName(callee.params[i].type), ast::TypeName(arg)));
      }
    }
    return CheckRule(node.binding.index);
  }

  // any_condition(column): one of its conditions is a row of `conditions` whose bool column holds.
  Type CheckAnyCondition(Expr& node) {
    if (node.operands.size() != 2 || node.operands[1]->binding.kind != BindingKind::kFlag) {
      Error(node.span, "any_condition() takes a bool column of table 'conditions', e.g. mover.any_condition(cannot_act)");
      return Type::Bool();
    }
    const Expr& arg = *node.operands[1];
    const tables::Table* table = tables_.Find("conditions");
    if (table == nullptr) {
      Error(arg.span, "any_condition() reads table 'conditions', which this ruleset does not have");
      return Type::Bool();
    }
    CheckConditionsColumn(arg, *table, "true or false", [](const tables::ColumnSchema* column) {
      return column != nullptr && column->type == tables::CellType::kBool;
    });
    return Type::Bool();
  }

  // That `arg` names a column of table `conditions` that `fits` (a column of the kind `kind`
  // describes); otherwise an error at it, suggesting the columns that fit.
  template <typename Fits>
  void CheckConditionsColumn(const Expr& arg, const tables::Table& table, const char* kind, Fits fits) {
    const tables::ColumnSchema* column = table.Column(arg.text);
    if (fits(column)) return;
    std::vector<std::string> names;
    for (const std::string& candidate : table.ColumnNames()) {
      if (fits(table.Column(candidate))) names.push_back(candidate);
    }
    Diagnostic& error = Error(arg.span, column == nullptr
                                            ? fmt::format("table 'conditions' has no column '{}'", arg.text)
                                            : fmt::format("column '{}' of table 'conditions' is not {}", arg.text, kind));
    SuggestName(error, arg.text, names);
  }

  // condition_bonuses(column, type): a modifier of bonus type `type` for each of the creature's
  // conditions whose whole-number `column` of table `conditions` is written.
  Type CheckConditionBonuses(Expr& node) {
    const char* usage = "condition_bonuses() takes a number column of table 'conditions' and a bonus type, "
                        "e.g. attacker.condition_bonuses(attack_melee, untyped)";
    if (node.operands.size() != 3 || node.operands[1]->binding.kind != BindingKind::kFlag) {
      Error(node.span, usage);
      return Type::Modifiers(Unit::kNone);
    }
    Expr& type = *node.operands[2];
    if (type.binding.kind != BindingKind::kBonusType && type.kind != ExprKind::kName) {
      Error(type.span, "expected a bonus type name (a row of table 'bonus_types')");
    }
    const Expr& arg = *node.operands[1];
    const tables::Table* table = tables_.Find("conditions");
    if (table == nullptr) {
      Error(arg.span, "condition_bonuses() reads table 'conditions', which this ruleset does not have");
      return Type::Modifiers(Unit::kNone);
    }
    CheckConditionsColumn(arg, *table, "a whole number", [](const tables::ColumnSchema* column) {
      return column != nullptr &&
             (column->type == tables::CellType::kInt || column->type == tables::CellType::kOptionalInt);
    });
    CheckRowBonusTypes(*table);
    return Type::Modifiers(Unit::kNone);
  }

  // Each row's `bonus_type` (when the table declares it) names a row of `bonus_types`.
  void CheckRowBonusTypes(const tables::Table& conditions) {
    const tables::Table* types = tables_.Find("bonus_types");
    if (conditions.Column("bonus_type") == nullptr || types == nullptr || row_bonus_types_checked_) return;
    row_bonus_types_checked_ = true;
    for (const tables::Row& row : conditions.rows) {
      const tables::Value* own = row.Get("bonus_type");
      if (own == nullptr || types->IndexOf(own->text) >= 0) continue;
      Diagnostic& error = Error(own->span, fmt::format("row '{}' of table 'conditions' names bonus type '{}', "
                                                       "which table 'bonus_types' does not have", row.name, own->text));
      SuggestName(error, own->text, types->RowNames());
    }
  }

  // level(class): the creature's level in a row of table `classes` (0 when it has none).
  Type CheckLevel(Expr& node) {
    if (node.operands.size() != 2 || node.operands[1]->binding.kind != BindingKind::kFlag) {
      Error(node.span, "level() takes one class, a row of table 'classes', e.g. mover.level(monk)");
      return Type::Number();
    }
    const Expr& arg = *node.operands[1];
    const tables::Table* table = tables_.Find("classes");
    if (table == nullptr) {
      Error(arg.span, "level() reads table 'classes', which this ruleset does not have");
    } else if (table->Find(arg.text) == nullptr) {
      Diagnostic& error = Error(arg.span, fmt::format("table 'classes' has no row '{}'", arg.text));
      SuggestName(error, arg.text, table->RowNames());
    }
    return Type::Number();
  }

  Type CheckMethod(Expr& node, const RecordKind& record) {
    if (IsWord(node.text, "has") && record.has_flags) {
      if (node.operands.size() != 2 || node.operands[1]->binding.kind != BindingKind::kFlag) {
        Error(node.span, "has() takes one condition or trait name, e.g. mover.has(prone)");
      }
      return Type::Bool();
    }
    if (IsWord(node.text, "any_condition") && record.has_flags) return CheckAnyCondition(node);
    if (IsWord(node.text, "condition_bonuses") && record.has_flags) return CheckConditionBonuses(node);
    if (IsWord(node.text, "level") && IsWord(record.name, "creature")) return CheckLevel(node);
    if (IsWord(node.text, "bonuses") && record.has_bonuses) {
      if (node.operands.size() != 2 || node.operands[1]->binding.kind != BindingKind::kFlag) {
        Error(node.span, "bonuses() takes what they modify, e.g. mover.bonuses(speed)");
        return {};
      }
      auto unit = BonusTargetUnit(node.operands[1]->text, context_.tables);
      if (!unit) {
        Diagnostic& error = Error(node.operands[1]->span,
                                  fmt::format("unknown bonus target '{}': speed, attack, ac or a row of table 'skills'",
                                              node.operands[1]->text));
        SuggestName(error, node.operands[1]->text, BonusTargets(context_.tables));
        return {};
      }
      return Type::Modifiers(*unit);
    }
    Error(node.span, fmt::format("a {} has no method '{}'", record.name, node.text));
    return {};
  }

  Type CheckMember(Expr& node) {
    if (node.binding.kind == BindingKind::kRowLiteral) return Type::Row(node.binding.name);
    const Type& target = Check(*node.operands[0]);
    if (!target.Known()) return {};
    if (target.kind == TypeKind::kRecord && target.name != kMapColumn) {
      const RecordKind* record = FindRecordKind(target.name);
      if (node.member_call) {
        node.binding = {BindingKind::kMethod, node.text, -1};
        return CheckMethod(node, *record);
      }
      int field = record->FieldIndex(node.text);
      if (field < 0) {
        std::vector<std::string> names;
        for (const RecordField& candidate : record->fields) names.push_back(candidate.name);
        Diagnostic& error = Error(node.span, fmt::format("a {} has no field '{}'", record->name, node.text));
        SuggestName(error, node.text, names);
        return {};
      }
      node.binding = {BindingKind::kField, target.name, field};
      return record->fields[static_cast<size_t>(field)].type;
    }
    if (target.kind == TypeKind::kRow && !node.member_call) {
      const tables::Table* found = tables_.Find(target.name);
      if (found == nullptr) {
        Error(node.span, fmt::format("this ruleset has no table '{}' to read '{}' from", target.name, node.text));
        return {};
      }
      const tables::Table& table = *found;
      node.binding = {BindingKind::kColumn, target.name, -1};
      if (IsWord(node.text, "label") || IsWord(node.text, "name")) return Type::Text();
      const tables::ColumnSchema* column = table.Column(node.text);  // the schema's or a declared one
      if (column == nullptr) {
        std::vector<std::string> names = {"label", "name"};
        for (const std::string& candidate : table.ColumnNames()) names.push_back(candidate);
        Diagnostic& error = Error(node.span, fmt::format("table '{}' has no column '{}'", target.name, node.text));
        SuggestName(error, node.text, names);
        return {};
      }
      return ColumnType(*column);
    }
    Error(node.span, fmt::format("a {} has no member '{}'", ast::TypeName(target), node.text));
    return {};
  }

  Type CheckIndex(Expr& node) {
    const Type& target = Check(*node.operands[0]);
    const Type& index = Check(*node.operands[1]);
    if (!target.Known()) return {};
    if (target.kind != TypeKind::kRecord || target.name != kMapColumn) {
      Error(node.span, fmt::format("a {} cannot be indexed with [ ]", ast::TypeName(target)));
      return {};
    }
    const Expr& member = *node.operands[0];
    const tables::Table* table = tables_.Find(member.binding.name);
    const tables::ColumnSchema* column = table != nullptr ? table->Column(member.text) : nullptr;
    if (column == nullptr) return {};
    if (index.Known() && !(index.kind == TypeKind::kRow && index.name == column->keyed_by)) {
      Error(node.operands[1]->span, fmt::format("'{}' is indexed by a row of table '{}', not a {}",
                                                member.text, column->keyed_by, ast::TypeName(index)));
    }
    return Type::Distance();
  }

  Type CheckBinary(Expr& node) {
    const std::string& op = node.text;
    if (IsWord(op, "and") || IsWord(op, "or")) {
      Expect(*node.operands[0], TypeKind::kBool, "a condition");
      Expect(*node.operands[1], TypeKind::kBool, "a condition");
      return Type::Bool();
    }
    const Type& left = Check(*node.operands[0]);
    const Type& right = Check(*node.operands[1]);
    if (!left.Known() || !right.Known()) return IsComparison(op) ? Type::Bool() : Type{};
    if (IsWord(op, "==") || IsWord(op, "!=")) {
      if (!SameKind(left, right) || left.kind == TypeKind::kModifiers || left.kind == TypeKind::kRecord) {
        Error(node.span, fmt::format("cannot compare a {} with a {}", ast::TypeName(left), ast::TypeName(right)));
      }
      return Type::Bool();
    }
    if (IsComparison(op)) {  // the orderings: == and != returned above
      if (left.kind != TypeKind::kQuantity || right.kind != TypeKind::kQuantity) {
        Error(node.span, fmt::format("'{}' compares numbers or distances, not a {} and a {}", op,
                                     ast::TypeName(left), ast::TypeName(right)));
      }
      return Type::Bool();
    }
    if (IsOp(op, '+') && left.kind == TypeKind::kModifiers && right.kind == TypeKind::kModifiers) {
      return IsWord(left.name, "empty") ? right : left;
    }
    if (left.kind != TypeKind::kQuantity || right.kind != TypeKind::kQuantity) {
      Error(node.span, fmt::format("'{}' works on numbers and distances, not a {} and a {}", op,
                                   ast::TypeName(left), ast::TypeName(right)));
      return {};
    }
    Unit unit = left.unit;
    if (IsOp(op, '*')) unit = left.unit == Unit::kLength || right.unit == Unit::kLength ? Unit::kLength : Unit::kNone;
    if (IsOp(op, '/')) unit = right.unit == Unit::kLength ? Unit::kNone : left.unit;
    return {TypeKind::kQuantity, unit, {}};
  }

  Type CheckList(Expr& node) {
    Type result = Type::Modifiers(Unit::kNone);
    result.name = "empty";
    for (size_t i = 0; i < node.operands.size(); ++i) {
      const Type& entry = Expect(*node.operands[i], TypeKind::kModifiers, "a modifier (bonus(…)) or a list of them");
      if (entry.Known() && IsWord(result.name, "empty") && !IsWord(entry.name, "empty")) result = entry;
      if (node.conditions[i]) Expect(*node.conditions[i], TypeKind::kBool, "a condition after 'if'");
    }
    return result;
  }

  Type CheckNumber(Expr& node) {
    if (node.unit.empty()) return Type::Number();
    if (IsWord(node.unit, "square") || IsWord(node.unit, "squares")) node.number *= context_.square_ft;
    if (IsWord(node.unit, "mile") || IsWord(node.unit, "miles")) node.number *= 5280;
    node.unit = "ft";
    return Type::Distance();
  }

  Type CheckKind(Expr& node) {
    switch (node.kind) {
      case ExprKind::kNumber: return CheckNumber(node);
      case ExprKind::kBool: return Type::Bool();
      case ExprKind::kText: return Type::Text();
      case ExprKind::kName:
        if (node.binding.kind == BindingKind::kParam || node.binding.kind == BindingKind::kLocal) {
          return locals_[base_ + static_cast<size_t>(node.binding.index)];
        }
        if (node.binding.kind == BindingKind::kTable) {
          Error(node.span, fmt::format("a table is not a value: name a row, e.g. {}.{}", node.text,
                                       tables_.Find(node.text)->rows.empty()
                                           ? "row" : tables_.Find(node.text)->rows[0].name));
        }
        return {};
      case ExprKind::kCall: return CheckCall(node);
      case ExprKind::kMember: return CheckMember(node);
      case ExprKind::kIndex: return CheckIndex(node);
      case ExprKind::kUnary:
        if (IsWord(node.text, "not")) {
          Expect(*node.operands[0], TypeKind::kBool, "a condition");
          return Type::Bool();
        }
        return Expect(*node.operands[0], TypeKind::kQuantity, "a number or distance");
      case ExprKind::kBinary: return CheckBinary(node);
      case ExprKind::kIf: {
        Expect(*node.operands[0], TypeKind::kBool, "a condition");
        const Type& yes = Check(*node.operands[1]);
        const Type& no = Check(*node.operands[2]);
        if (!SameKind(yes, no)) {
          Error(node.span, fmt::format("both branches must give the same type: 'then' gives a {}, 'else' a {}",
                                       ast::TypeName(yes), ast::TypeName(no)));
          return {};
        }
        return yes.Known() ? yes : no;
      }
      case ExprKind::kLet: {
        const Type& value = Check(*node.operands[0]);  // may check other rules, growing locals_
        locals_[base_ + static_cast<size_t>(node.binding.index)] = value;
        return Check(*node.operands[1]);
      }
      case ExprKind::kList: return CheckList(node);
    }
    return {};
  }

  // The node's type, kept in the node: callers read it there instead of copying it.
  const Type& Check(Expr& node) {
    node.type = CheckKind(node);
    return node.type;
  }

  PassContext& context_;
  std::vector<int> state_;
  std::vector<const HookPoint*> hooks_;  // the hook point each rule's written name is, or nullptr
  TableIndex tables_;  // context_.tables by name
  bool row_bonus_types_checked_ = false;  // CheckRowBonusTypes reports once
  ast::Rule* current_ = nullptr;
  // The types of the slots (parameters, then lets) of the rules being checked, each rule's on
  // top of the rule whose call led to it; the current rule's start at base_.
  std::vector<Type> locals_;
  size_t base_ = 0;
};

}  // namespace

void CheckTypes(PassContext& context) { TypeChecker(context).Run(); }

}  // namespace rulecraft::check
