// The types of the rules language: quantities with a unit, booleans, text, table rows
// (enums), records the engine passes in, and lists of typed modifiers.
#pragma once

#include <string>

namespace rulecraft::ast {

// The dimension of a quantity: a plain number or a length (held in feet).
enum class Unit { kNone, kLength };

// What kind of value an expression has.
enum class TypeKind {
  kUnknown,    // not checked yet, or after an error (silences follow-on errors)
  kQuantity,   // a number; `unit` says whether it is a length
  kBool,
  kText,
  kRow,        // a row of a ruleset table (an enum); `name` is the table
  kRecord,     // a record the engine passes in; `name` is the record kind
  kModifiers,  // a list of typed modifiers (value, bonus type, source)
};

// A type, compared by value.
struct Type {
  TypeKind kind = TypeKind::kUnknown;
  Unit unit = Unit::kNone;  // kQuantity and kModifiers: the unit of the values
  std::string name;         // kRow: table name; kRecord: record kind

  bool operator==(const Type&) const = default;
  bool Known() const { return kind != TypeKind::kUnknown; }

  static Type Number() { return {TypeKind::kQuantity, Unit::kNone, {}}; }
  static Type Distance() { return {TypeKind::kQuantity, Unit::kLength, {}}; }
  static Type Bool() { return {TypeKind::kBool, Unit::kNone, {}}; }
  static Type Text() { return {TypeKind::kText, Unit::kNone, {}}; }
  static Type Row(std::string table) { return {TypeKind::kRow, Unit::kNone, std::move(table)}; }
  static Type Record(std::string kind) { return {TypeKind::kRecord, Unit::kNone, std::move(kind)}; }
  static Type Modifiers(Unit unit) { return {TypeKind::kModifiers, unit, {}}; }
};

// How a type is written in the language and in messages: "number", "distance", "bool",
// "text", "sizes" (a row), "creature", "modifiers", "distance modifiers".
std::string TypeName(const Type& type);

}  // namespace rulecraft::ast
