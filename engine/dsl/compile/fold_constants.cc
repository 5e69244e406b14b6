#include "dsl/compile/fold_constants.h"

#include <cmath>
#include <string_view>

#include "dsl/check/is_word.h"

namespace rulecraft::compile {
namespace {

using ast::Expr;
using ast::ExprKind;
using check::IsWord;

bool IsNumber(const Expr& expr) { return expr.kind == ExprKind::kNumber; }
bool IsBool(const Expr& expr) { return expr.kind == ExprKind::kBool; }

// Replaces `node` with one of its operands, keeping the outer node's span for messages.
void Become(Expr& node, ast::ExprPtr replacement) {
  SourceSpan span = node.span;
  node = std::move(*replacement);
  node.span = span;
}

void FoldBinary(Expr& node) {
  Expr& left = *node.operands[0];
  Expr& right = *node.operands[1];
  const std::string& op = node.text;
  if ((IsWord(op, "and") || IsWord(op, "or")) && IsBool(left)) {
    bool decides = IsWord(op, "and") ? !left.boolean : left.boolean;
    if (decides) {
      Become(node, std::move(node.operands[0]));
    } else {
      Become(node, std::move(node.operands[1]));
    }
    return;
  }
  if (!IsNumber(left) || !IsNumber(right)) return;
  double a = left.number;
  double b = right.number;
  bool compare = IsWord(op, "==") || IsWord(op, "!=") || IsWord(op, "<") || IsWord(op, "<=") ||
                 IsWord(op, ">") || IsWord(op, ">=");
  if (compare) {
    bool value = IsWord(op, "==") ? a == b : IsWord(op, "!=") ? a != b : IsWord(op, "<") ? a < b
               : IsWord(op, "<=") ? a <= b : IsWord(op, ">") ? a > b : a >= b;
    node.kind = ExprKind::kBool;
    node.boolean = value;
    node.operands.clear();
    return;
  }
  if ((IsWord(op, "/") || IsWord(op, "%")) && b == 0) return;  // left for the evaluator to report
  double value = IsWord(op, "+") ? a + b : IsWord(op, "-") ? a - b : IsWord(op, "*") ? a * b
               : IsWord(op, "/") ? a / b : IsWord(op, "%") ? std::fmod(a, b) : std::pow(a, b);
  node.kind = ExprKind::kNumber;
  node.number = value;
  node.unit = node.type.unit == ast::Unit::kLength ? "ft" : "";
  node.operands.clear();
}

void Fold(Expr& node) {
  for (auto& operand : node.operands) Fold(*operand);
  for (auto& condition : node.conditions) {
    if (condition) Fold(*condition);
  }
  switch (node.kind) {
    case ExprKind::kBinary:
      FoldBinary(node);
      return;
    case ExprKind::kUnary:
      if ((IsWord(node.text, "-") || IsWord(node.text, "+")) && IsNumber(*node.operands[0])) {
        bool negate = IsWord(node.text, "-");
        Become(node, std::move(node.operands[0]));
        if (negate) node.number = -node.number;
      } else if (IsWord(node.text, "not") && IsBool(*node.operands[0])) {
        Become(node, std::move(node.operands[0]));
        node.boolean = !node.boolean;
      }
      return;
    case ExprKind::kIf:
      if (IsBool(*node.operands[0])) {
        Become(node, std::move(node.operands[node.operands[0]->boolean ? 1 : 2]));
      }
      return;
    default:
      return;
  }
}

}  // namespace

void FoldConstants(check::PassContext& context) {
  for (ast::Rule& rule : context.module.rules) Fold(*rule.body);
}

}  // namespace rulecraft::compile
