#include "dsl/compile/fold_constants.h"

#include <cmath>
#include <string_view>

namespace rulecraft::compile {
namespace {

using namespace std::string_view_literals;  // a string compared with a "literal"sv checks its size first

using ast::Expr;
using ast::ExprKind;

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
  if ((op == "and"sv || op == "or"sv) && IsBool(left)) {
    bool decides = op == "and"sv ? !left.boolean : left.boolean;
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
  bool compare = op == "=="sv || op == "!="sv || op == "<"sv || op == "<="sv || op == ">"sv || op == ">="sv;
  if (compare) {
    bool value = op == "=="sv ? a == b : op == "!="sv ? a != b : op == "<"sv ? a < b
               : op == "<="sv ? a <= b : op == ">"sv ? a > b : a >= b;
    node.kind = ExprKind::kBool;
    node.boolean = value;
    node.operands.clear();
    return;
  }
  if ((op == "/"sv || op == "%"sv) && b == 0) return;  // left for the evaluator to report
  double value = op == "+"sv ? a + b : op == "-"sv ? a - b : op == "*"sv ? a * b : op == "/"sv ? a / b
               : op == "%"sv ? std::fmod(a, b) : std::pow(a, b);
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
      if ((node.text == "-"sv || node.text == "+"sv) && IsNumber(*node.operands[0])) {
        bool negate = node.text == "-"sv;
        Become(node, std::move(node.operands[0]));
        if (negate) node.number = -node.number;
      } else if (node.text == "not"sv && IsBool(*node.operands[0])) {
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
