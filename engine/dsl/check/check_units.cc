#include <string_view>

#include <fmt/format.h>

#include "dsl/check/environment.h"
#include "dsl/check/is_word.h"
#include "dsl/check/passes.h"

namespace rulecraft::check {
namespace {

using ast::BindingKind;
using ast::Expr;
using ast::ExprKind;
using ast::Type;
using ast::TypeKind;
using ast::Unit;

// Whether operator `op` is the one character `c` (compared as characters: the checks run at
// every operator node).
bool IsOp(std::string_view op, char c) { return op.size() == 1 && op[0] == c; }

// Whether operator `op` compares: ==, !=, <, <=, >, >=.
bool IsComparison(std::string_view op) {
  if (op.size() == 1) return op[0] == '<' || op[0] == '>';
  return op.size() == 2 && op[1] == '=' && (op[0] == '=' || op[0] == '!' || op[0] == '<' || op[0] == '>');
}

bool HasUnit(const Type& type) {
  return type.kind == TypeKind::kQuantity || (type.kind == TypeKind::kModifiers && !IsWord(type.name, "empty"));
}

const char* UnitWord(Unit unit) { return unit == Unit::kLength ? "a distance" : "a plain number"; }

class UnitChecker {
 public:
  explicit UnitChecker(PassContext& context) : context_(context) {}

  void Run() {
    for (const ast::Rule& rule : context_.module.rules) {
      Walk(*rule.body);
      const Type& body = rule.body->type;
      // A declared result type is checked here; one the hook point gives, just below.
      if (!rule.result_name.empty() && HasUnit(rule.result) && HasUnit(body) && rule.result.unit != body.unit) {
        Diagnostic& error = Error(rule.body->span, fmt::format("rule '{}' must give {}, but its body gives {}",
                                                               rule.name, ast::TypeName(rule.result), ast::TypeName(body)));
        if (int parent = rule.replaces.empty() ? -1 : context_.module.Find(rule.replaces); parent >= 0) {
          error.notes.push_back({context_.module.rules[static_cast<size_t>(parent)].name_span,
                                 "the rule it overrides, defined here"});
        }
      }
      // The hook point is looked up only for a body with a unit (most give a bool or a row).
      if (const HookPoint* hook = HasUnit(body) ? FindHookPoint(rule.WrittenName()) : nullptr;
          hook != nullptr && HasUnit(hook->result) && hook->result.unit != body.unit) {
        Error(rule.body->span, fmt::format("hook point '{}' must give {}, but this gives {}", rule.name,
                                           UnitWord(hook->result.unit), UnitWord(body.unit)));
      }
    }
  }

 private:
  Diagnostic& Error(const SourceSpan& span, std::string message) {
    return context_.diagnostics.Error("unit", span, std::move(message));
  }

  // Whether two operands that must share a unit do not.
  static bool Differ(const Expr& left, const Expr& right) {
    return HasUnit(left.type) && HasUnit(right.type) && left.type.unit != right.type.unit;
  }

  // Two operands that must share a unit.
  void Same(const Expr& node, const Expr& left, const Expr& right, const char* doing) {
    if (!Differ(left, right)) return;
    Error(node.span, fmt::format("cannot {} {} and {}: give the number a unit (e.g. '5 ft') or divide "
                                 "the distance by one (e.g. 'd / 5 ft')",
                                 doing, UnitWord(left.type.unit), UnitWord(right.type.unit)));
  }

  void CheckBinary(const Expr& node) {
    const Expr& left = *node.operands[0];
    const Expr& right = *node.operands[1];
    std::string_view op = node.text;
    if (IsOp(op, '+') || IsOp(op, '-')) return Same(node, left, right, IsOp(op, '+') ? "add" : "subtract");
    if (IsOp(op, '%')) return Same(node, left, right, "take the remainder of");
    if (IsComparison(op)) {
      return Same(node, left, right, "compare");
    }
    bool left_length = left.type.kind == TypeKind::kQuantity && left.type.unit == Unit::kLength;
    bool right_length = right.type.kind == TypeKind::kQuantity && right.type.unit == Unit::kLength;
    if (IsOp(op, '*') && left_length && right_length) {
      Error(node.span, "cannot multiply two distances: rules have no areas");
    } else if (IsOp(op, '/') && right_length && !left_length) {
      Error(node.span, "cannot divide a plain number by a distance");
    } else if (IsOp(op, '^') && (left_length || right_length)) {
      Error(node.span, "'^' works on plain numbers only");
    }
  }

  void CheckCall(const Expr& node) {
    if (node.binding.kind == BindingKind::kBuiltin && (IsWord(node.text, "min") || IsWord(node.text, "max"))) {
      for (size_t i = 1; i < node.operands.size(); ++i) {
        if (!Differ(*node.operands[0], *node.operands[i])) continue;  // the message is made only when needed
        Same(node, *node.operands[0], *node.operands[i], ("take the " + node.text + " of").c_str());
      }
    }
    if (node.binding.kind != BindingKind::kRule) return;
    const ast::Rule& callee = context_.module.rules[static_cast<size_t>(node.binding.index)];
    for (size_t i = 0; i < node.operands.size() && i < callee.params.size(); ++i) {
      const Type& param = callee.params[i].type;
      const Type& arg = node.operands[i]->type;
      if (HasUnit(param) && HasUnit(arg) && param.unit != arg.unit) {
        Error(node.operands[i]->span, fmt::format("argument {} of '{}' must be {}, not {}", i + 1,
                                                  IsWord(node.text, "super") ? "super" : callee.name,
                                                  UnitWord(param.unit), UnitWord(arg.unit)));
      }
    }
  }

  void Walk(const Expr& node) {
    for (const auto& operand : node.operands) Walk(*operand);
    for (const auto& condition : node.conditions) {
      if (condition) Walk(*condition);
    }
    switch (node.kind) {
      case ExprKind::kBinary: CheckBinary(node); break;
      case ExprKind::kCall: CheckCall(node); break;
      case ExprKind::kIf: Same(node, *node.operands[1], *node.operands[2], "choose between"); break;
      case ExprKind::kList:
        for (size_t i = 1; i < node.operands.size(); ++i) {
          Same(node, *node.operands[0], *node.operands[i], "list together modifiers of");
        }
        break;
      default: break;
    }
  }

  PassContext& context_;
};

}  // namespace

void CheckUnits(PassContext& context) { UnitChecker(context).Run(); }

}  // namespace rulecraft::check
