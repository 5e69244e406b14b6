#include "dsl/ast/types.h"

namespace rulecraft::ast {

std::string TypeName(const Type& type) {
  switch (type.kind) {
    case TypeKind::kUnknown: return "unknown";
    case TypeKind::kQuantity: return type.unit == Unit::kLength ? "distance" : "number";
    case TypeKind::kBool: return "bool";
    case TypeKind::kText: return "text";
    case TypeKind::kRow: return type.name;
    case TypeKind::kRecord: return type.name;
    case TypeKind::kModifiers:
      return type.unit == Unit::kLength ? "distance_modifiers" : "modifiers";
  }
  return "unknown";
}

}  // namespace rulecraft::ast
