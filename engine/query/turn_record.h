// What a turn query walks with: one row of table `actions` as the walk reads it, and the `turn`
// record the rules may_take, turn_mode and turn_used_ft read.
#pragma once

#include <string>
#include <vector>

#include "dsl/compile/program.h"
#include "dsl/eval/machine.h"
#include "tables/table.h"

namespace rulecraft::query {

// One row of table `actions`.
struct ActionRow {
  const tables::Row* row = nullptr;
  int index = -1;
  std::string name;
  std::string spends;
  double times = 1;
  bool moves = false;
  bool attack = false;
  bool provokes = false;
  bool stand_up = false;
  bool auto_critical = false;  // its attack hits automatically as a critical hit (a coup de grace)
  std::string mode;
  std::string gives;  // a condition the action gives the creature, or empty
  std::string ends;   // a condition the action ends, or empty
  std::string failed_save_gives;  // the condition a defender that fails the action's save gains, or empty
};

// Reads a row of table `actions` (docs/tables.md).
ActionRow ReadActionRow(const tables::Table& table, const tables::Row& row);

// The `turn` record (dsl/check/environment.cc): the header (has() flags: the rows taken and the
// types spent), then one slot per field, in the record kind's order.
struct TurnRecord {
  TurnRecord();
  std::vector<eval::Slot> slots;
  // Adds an action taken: its `spends` to the field of that name (a count, or true), its row
  // name and type to the has() flags, and `moved_ft` when it moves.
  void Apply(const compile::Program& program, const ActionRow& action, double moved_ft);
  // Adds movement spent outside a moving action's path (standing up).
  void AddMovedFt(double feet);
  double moved_ft() const;
  const eval::Slot* data() const { return slots.data(); }
};

}  // namespace rulecraft::query
