#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "base/suggest.h"
#include "dsl/check/environment.h"
#include "dsl/check/is_word.h"
#include "dsl/check/passes.h"
#include "dsl/check/table_index.h"

namespace rulecraft::check {
namespace {

using ast::BindingKind;
using ast::Expr;
using ast::ExprKind;

// One name visible in a rule body: a parameter or a `let`, named by the rule's AST.
struct ScopeName {
  const std::string* name;  // the parameter's or the let node's, which outlive the scope
  BindingKind kind = BindingKind::kParam;
  int index = 0;
};

// The names visible at one point of a rule body: parameters, then `let`s, innermost last.
struct Scope {
  std::vector<ScopeName> names;

  const ScopeName* Find(std::string_view name) const {
    for (auto it = names.rbegin(); it != names.rend(); ++it) {
      if (*it->name == name) return &*it;
    }
    return nullptr;
  }
};

// Binds `node` in place. Only a table's binding keeps a name (BindingKind): the others are read
// by their index, and copying every rule's name cost more than the rest of the pass.
void Bind(Expr& node, BindingKind kind, const std::string& name, int index) {
  node.binding.kind = kind;
  if (kind == BindingKind::kTable || kind == BindingKind::kRowLiteral) {
    node.binding.name = name;  // keeps its storage; copied from a string, cheaper than from a view
  } else {
    node.binding.name.clear();
  }
  node.binding.index = index;
}

class Resolver {
 public:
  // Appends to `calls` the rules the body calls, in the order of the body's text (each call
  // before its arguments); `scope` is storage to reuse, empty; `tables` indexes context.tables.
  Resolver(PassContext& context, const TableIndex& tables, ast::Rule& rule, std::vector<int>& calls, Scope& scope)
      : context_(context), tables_(tables), rule_(rule), calls_(calls), scope_(scope) {}

  void Run() {
    for (size_t i = 0; i < rule_.params.size(); ++i) {
      const ast::Param& param = rule_.params[i];
      if (scope_.Find(param.name) != nullptr) {
        context_.diagnostics.Error("duplicate-name", param.span,
                                   fmt::format("parameter '{}' is named twice", param.name));
      }
      scope_.names.push_back({&param.name, BindingKind::kParam, static_cast<int>(i)});
    }
    Resolve(*rule_.body);
    rule_.locals = locals_;
    scope_.names.clear();
  }

 private:
  std::vector<std::string> VisibleNames() const {
    std::vector<std::string> names;
    for (const ScopeName& name : scope_.names) names.push_back(*name.name);
    for (const auto& [name, table] : context_.tables.all()) names.push_back(name);
    return names;
  }

  void ResolveName(Expr& node) {
    if (const ScopeName* name = scope_.Find(node.text)) {
      Bind(node, name->kind, *name->name, name->index);
      return;
    }
    if (tables_.Find(node.text) != nullptr) {
      Bind(node, BindingKind::kTable, node.text, -1);
      return;
    }
    if (context_.module.Find(node.text) >= 0) {
      context_.diagnostics.Error("unknown-name", node.span,
                                 fmt::format("'{}' is a rule: call it as {}(…)", node.text, node.text));
      return;
    }
    Diagnostic& error = context_.diagnostics.Error("unknown-name", node.span,
                                                   fmt::format("unknown name '{}'", node.text));
    SuggestName(error, node.text, VisibleNames());
  }

  // `super(…)` in an override calls the rule it replaces.
  bool ResolveSuper(Expr& node) {
    if (!IsWord(node.text, "super")) return false;
    if (!rule_.replaces.empty()) {
      Bind(node, BindingKind::kRule, rule_.replaces, context_.module.Find(rule_.replaces));
      calls_.push_back(node.binding.index);
    } else if (!rule_.is_override) {  // an override of nothing is reported already
      context_.diagnostics.Error(
          "unknown-name", node.span,
          fmt::format("super(…) calls the rule an override replaces, and '{}' is not an 'override rule'",
                      rule_.WrittenName()));
    }
    for (auto& arg : node.operands) Resolve(*arg);
    return true;
  }

  void ResolveCall(Expr& node) {
    if (ResolveSuper(node)) return;
    int rule = context_.module.Find(node.text);
    const auto& builtins = BuiltinNames();
    if (rule >= 0) {
      Bind(node, BindingKind::kRule, node.text, rule);
      calls_.push_back(rule);
    } else if (std::find(builtins.begin(), builtins.end(), node.text) != builtins.end()) {
      Bind(node, BindingKind::kBuiltin, node.text, -1);
    } else {
      std::vector<std::string> callable = builtins;
      for (const ast::Rule& other : context_.module.rules) {
        if (other.written_name.empty()) callable.push_back(other.name);  // not a replaced rule
      }
      Diagnostic& error = context_.diagnostics.Error(
          "unknown-name", node.span, fmt::format("unknown rule or function '{}'", node.text));
      SuggestName(error, node.text, callable);
    }
    for (size_t i = 0; i < node.operands.size(); ++i) {
      Expr& arg = *node.operands[i];
      if (IsWord(node.text, "bonus") && i == 1 && arg.kind == ExprKind::kName) {
        ResolveBonusType(arg);
      } else {
        Resolve(arg);
      }
    }
  }

  void ResolveBonusType(Expr& arg) {
    const tables::Table* types = tables_.Find("bonus_types");
    if (types == nullptr) {
      context_.diagnostics.Error("missing-table", arg.span,
                                 "bonus() needs a 'bonus_types' table in the ruleset (docs/tables.md)");
      return;
    }
    int row = types->IndexOf(arg.text);
    if (row < 0) {
      Diagnostic& error = context_.diagnostics.Error(
          "unknown-name", arg.span, fmt::format("unknown bonus type '{}'", arg.text));
      SuggestName(error, arg.text, types->RowNames());
      return;
    }
    Bind(arg, BindingKind::kBonusType, arg.text, row);
  }

  void ResolveMember(Expr& node) {
    Expr& target = *node.operands[0];
    const tables::Table* table = target.kind == ExprKind::kName && scope_.Find(target.text) == nullptr
                                     ? tables_.Find(target.text) : nullptr;
    if (table != nullptr && !node.member_call) {  // a table literal: `sizes.large`
      Bind(target, BindingKind::kTable, target.text, -1);
      int row = table->IndexOf(node.text);
      Bind(node, BindingKind::kRowLiteral, target.text, row);  // typed even when unknown
      if (row < 0) {
        Diagnostic& error = context_.diagnostics.Error(
            "unknown-name", node.span,
            fmt::format("table '{}' has no row '{}'", target.text, node.text));
        SuggestName(error, node.text, table->RowNames());
      }
      return;
    }
    Resolve(target);
    for (size_t i = 1; i < node.operands.size(); ++i) {
      Expr& arg = *node.operands[i];
      // has(prone), bonuses(speed), level(monk): the argument is a name of its own kind, not a
      // variable; condition_bonuses(column, type): a column of `conditions`, then a bonus type.
      bool named = IsWord(node.text, "has") || IsWord(node.text, "bonuses") || IsWord(node.text, "any_condition") ||
                   IsWord(node.text, "level") || (IsWord(node.text, "condition_bonuses") && i == 1);
      if (named && arg.kind == ExprKind::kName) {
        Bind(arg, BindingKind::kFlag, arg.text, -1);
      } else if (IsWord(node.text, "condition_bonuses") && i == 2 && arg.kind == ExprKind::kName) {
        ResolveBonusType(arg);
      } else {
        Resolve(arg);
      }
    }
  }

  void Resolve(Expr& node) {
    switch (node.kind) {
      case ExprKind::kName:
        ResolveName(node);
        return;
      case ExprKind::kCall:
        ResolveCall(node);
        return;
      case ExprKind::kMember:
        ResolveMember(node);
        return;
      case ExprKind::kLet: {
        Resolve(*node.operands[0]);
        int slot = static_cast<int>(rule_.params.size()) + locals_++;
        scope_.names.push_back({&node.text, BindingKind::kLocal, slot});
        Bind(node, BindingKind::kLocal, node.text, slot);
        Resolve(*node.operands[1]);
        scope_.names.pop_back();
        return;
      }
      default:
        for (auto& operand : node.operands) Resolve(*operand);
        for (auto& condition : node.conditions) {
          if (condition) Resolve(*condition);
        }
        return;
    }
  }

  PassContext& context_;
  const TableIndex& tables_;
  ast::Rule& rule_;
  std::vector<int>& calls_;
  Scope& scope_;
  int locals_ = 0;
};

// Reports each cycle of rule calls once, at the rule where it closes; rule i calls the rules
// calls[starts[i]] to calls[starts[i + 1]] (exclusive).
void RejectRecursion(PassContext& context, const std::vector<int>& calls, const std::vector<size_t>& starts) {
  const auto& rules = context.module.rules;
  std::vector<int> state(rules.size(), 0);  // 0 new, 1 on the path, 2 done
  std::vector<int> path;
  auto visit = [&](auto& self, int rule) -> void {
    state[static_cast<size_t>(rule)] = 1;
    path.push_back(rule);
    for (size_t at = starts[static_cast<size_t>(rule)]; at < starts[static_cast<size_t>(rule) + 1]; ++at) {
      int callee = calls[at];
      if (state[static_cast<size_t>(callee)] == 1) {
        std::string cycle;
        auto start = std::find(path.begin(), path.end(), callee);
        for (auto it = start; it != path.end(); ++it) cycle += rules[static_cast<size_t>(*it)].name + " → ";
        cycle += rules[static_cast<size_t>(callee)].name;
        context.diagnostics.Error("recursion", rules[static_cast<size_t>(rule)].name_span,
                                  fmt::format("rules may not call themselves: {}", cycle));
      } else if (state[static_cast<size_t>(callee)] == 0) {
        self(self, callee);
      }
    }
    path.pop_back();
    state[static_cast<size_t>(rule)] = 2;
  };
  for (size_t i = 0; i < rules.size(); ++i) {
    if (state[i] == 0) visit(visit, static_cast<int>(i));
  }
}

}  // namespace

void ResolveNames(PassContext& context) {
  std::vector<int> calls;  // every rule's calls, one rule after another
  std::vector<size_t> starts;
  starts.reserve(context.module.rules.size() + 1);
  Scope scope;
  TableIndex tables(context.tables);
  for (ast::Rule& rule : context.module.rules) {
    starts.push_back(calls.size());
    Resolver(context, tables, rule, calls, scope).Run();
  }
  starts.push_back(calls.size());
  RejectRecursion(context, calls, starts);
}

}  // namespace rulecraft::check
