#include "dsl/ast/printer.h"

#include <fmt/format.h>

namespace rulecraft::ast {
namespace {

std::string WithType(std::string text, const Expr& expr) {
  if (!expr.type.Known()) return text;
  return text + ":" + TypeName(expr.type);
}

std::string Number(const Expr& expr) {
  std::string text = fmt::format("{}", expr.number);
  return expr.unit.empty() ? text : text + " " + expr.unit;
}

std::string Form(const std::string& head, const Expr& expr) {
  std::string text = "(" + head;
  for (size_t i = 0; i < expr.operands.size(); ++i) {
    text += " ";
    if (i < expr.conditions.size() && expr.conditions[i]) {
      text += "(if " + PrintExpr(*expr.conditions[i]) + " " + PrintExpr(*expr.operands[i]) + ")";
    } else {
      text += PrintExpr(*expr.operands[i]);
    }
  }
  return text + ")";
}

}  // namespace

std::string PrintExpr(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::kNumber: return WithType(Number(expr), expr);
    case ExprKind::kBool: return WithType(expr.boolean ? "true" : "false", expr);
    case ExprKind::kText: return WithType("\"" + expr.text + "\"", expr);
    case ExprKind::kName: return WithType(expr.text, expr);
    case ExprKind::kCall: return WithType(Form(expr.text, expr), expr);
    case ExprKind::kMember: return WithType(Form("." + expr.text + (expr.member_call ? "()" : ""), expr), expr);
    case ExprKind::kIndex: return WithType(Form("[]", expr), expr);
    case ExprKind::kUnary:
    case ExprKind::kBinary: return WithType(Form(expr.text, expr), expr);
    case ExprKind::kIf: return WithType(Form("if", expr), expr);
    case ExprKind::kLet: return WithType(Form("let " + expr.text, expr), expr);
    case ExprKind::kList: return WithType(Form("list", expr), expr);
  }
  return "?";
}

std::string PrintRules(const std::vector<Rule>& rules) {
  std::string out;
  for (const Rule& rule : rules) {
    std::string params;
    for (const Param& param : rule.params) {
      std::string type = param.type.Known() ? TypeName(param.type) : param.type_name;
      params += (params.empty() ? "" : ", ") + param.name + (type.empty() ? "" : ": " + type);
    }
    std::string result = rule.result.Known() ? TypeName(rule.result) : rule.result_name;
    out += fmt::format("{}rule {}({}){} = {}\n", rule.is_override ? "override " : "", rule.name, params, result.empty() ? "" : " : " + result,
                       PrintExpr(*rule.body));
  }
  return out;
}

}  // namespace rulecraft::ast
