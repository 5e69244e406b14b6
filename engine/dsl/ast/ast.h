// The AST of a rules file: plain nodes; source ranges live beside them in each node's span.
// Passes (dsl/check) fill in `binding` and `type`; dsl/compile lowers the result.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "dsl/ast/expr_list.h"
#include "dsl/ast/manifest.h"
#include "dsl/ast/node_blocks.h"
#include "dsl/ast/types.h"
#include "rulecraft/diagnostic.h"

namespace rulecraft::ast {

// What kind of expression a node is.
enum class ExprKind {
  kNumber,  // `5`, `5 ft`, `2 squares`
  kBool,    // `true`
  kText,    // `"barbarian"`
  kName,    // `mover`, `n`, a table name
  kCall,    // `floor(x)`, `bonus(2, morale)`, `base_cost(step)`
  kMember,  // `mover.size`, `sizes.large`, `mover.has(prone)`
  kIndex,   // `mover.race.speed[mover.armor]`
  kUnary,   // `-x`, `not b`
  kBinary,  // `a + b`, `a and b`, `a == b`
  kIf,      // `if c then a else b`
  kLet,     // `let x = a in b`
  kList,    // `[bonus(1, morale) if blessed, …]`
};

// What a name or member refers to, once ResolveNames has run.
enum class BindingKind {
  kNone,
  kParam,       // a rule parameter; `index` is its position
  kLocal,       // a `let`; `index` is its slot after the parameters
  kRule,        // a call of a rule of the ruleset; `index` is the rule
  kBuiltin,     // a built-in function; the node's text says which
  kTable,       // a table name (only before `.row`)
  kRowLiteral,  // `table.row`; `name` is the table, `index` the row
  kColumn,      // `row.column` read from the row's table; `name` is the table
  kField,       // `record.field`; `name` is the field
  kMethod,      // `record.has(x)`, `creature.bonuses(target)`
  kBonusType,   // the second argument of bonus(): a row of `bonus_types`
  kFlag,        // the argument of has(): a condition or trait name
};

struct Binding {
  BindingKind kind = BindingKind::kNone;
  std::string name;  // as the kind says; empty for the kinds that do not say
  int index = -1;
};

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;
using ExprList = NodeList<Expr>;

// One expression node.
struct Expr {
  ExprKind kind = ExprKind::kNumber;
  SourceSpan span;
  double number = 0;         // kNumber, in the unit written
  std::string unit;          // kNumber: "", "ft", "squares", "miles" …
  bool boolean = false;      // kBool
  std::string text;          // kText value; kName/kCall name; kMember field; operator
  bool member_call = false;  // kMember written with parentheses
  ExprList operands;    // sub-expressions, in source order
  ExprList conditions;  // kList: one per entry, null when unconditional

  Binding binding;  // ResolveNames
  Type type;        // CheckTypes, CheckUnits

  // Nodes are cut from blocks of many (node_blocks.h).
  static void* operator new(std::size_t size) { return AllocateNode(size); }
  static void operator delete(void* node) noexcept { FreeNode(node); }
};

// One rule parameter, with its declared type name (empty when the hook point gives it).
struct Param {
  std::string name;
  std::string type_name;
  SourceSpan span;
  Type type;
};

// `override? rule name(params): result = body`.
struct Rule {
  std::string name;  // unique in a module; a replaced parent rule is renamed `LAYER.name`
  std::vector<Param> params;
  std::string result_name;  // declared result type, or empty
  ExprPtr body;
  SourceSpan span;       // the whole rule
  SourceSpan name_span;  // its name
  Type result;           // checked result type
  int locals = 0;        // number of `let` slots (ResolveNames)
  bool is_override = false;  // written `override rule …`
  std::string replaces;      // the module name of the rule it replaces (super() calls it), or empty
  std::string written_name;  // the name as written, when `name` was changed (a replaced rule)

  // The name its file gives it, which a hook point is matched by.
  const std::string& WrittenName() const { return written_name.empty() ? name : written_name; }
};

// One parsed rules file.
struct RulesFile {
  std::string path;
  bool has_manifest = false;
  Manifest manifest;
  std::vector<Rule> rules;
};

}  // namespace rulecraft::ast
