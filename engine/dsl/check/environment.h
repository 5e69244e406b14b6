// What the engine gives the rules language: records, hook points, built-in functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/ast/types.h"
#include "tables/table.h"

namespace rulecraft::check {

// One field of a record; fields are stored in this order (dsl/eval reads them by index).
struct RecordField {
  std::string name;
  ast::Type type;
  std::string_view doc;  // a literal: the tables below are built once per process, not copied
};

// A record kind the engine passes to rules (`creature`, `attack`, `step`, `square`).
struct RecordKind {
  std::string name;
  std::vector<RecordField> fields;
  bool has_flags = false;    // supports `.has(name)` (conditions and traits)
  bool has_bonuses = false;  // supports `.bonuses(target)` (modifiers given in the scenario)
  std::string_view doc;

  // The index of a field, or -1.
  int FieldIndex(std::string_view field) const;
};

// A rule the engine calls by name, with the types it passes and expects back.
struct HookPoint {
  std::string name;
  std::vector<std::pair<std::string, ast::Type>> params;
  ast::Type result;
  std::string_view doc;
};

// Every record kind, in a fixed order.
const std::vector<RecordKind>& RecordKinds();
// The record kind with this name, or nullptr.
const RecordKind* FindRecordKind(std::string_view name);
// Every hook point.
const std::vector<HookPoint>& HookPoints();
// The hook point with this name, or nullptr.
const HookPoint* FindHookPoint(std::string_view name);
// Names of the built-in functions (floor, ceil, round, min, max, abs, count, bonus, total).
const std::vector<std::string>& BuiltinNames();

// The type a type name denotes in a declaration (`number`, `distance`, `creature`, a table
// name …), or nullopt.
std::optional<ast::Type> ParseTypeName(std::string_view name, const tables::TableSet& tables);

}  // namespace rulecraft::check
