#include "query/sight.h"

#include <array>

#include "query/attack_record.h"
#include "query/records.h"

namespace rulecraft::query {
namespace {

// Whether the terrain at `square` is a wall to lines (its `cover` is `full`).
bool WallAt(const AnswerContext& context, model::Square square) {
  const tables::Table& terrain = context.rules.Table("terrain");
  int row = terrain.IndexOf(context.scenario.map->TerrainAt(square));
  const tables::Value* cover = row >= 0 ? terrain.rows[static_cast<size_t>(row)].Get("cover") : nullptr;
  return cover != nullptr && cover->text == "full";
}

}  // namespace

SquareSight::SquareSight(const AnswerContext& context, eval::Machine& machine, const eval::Slot* attack)
    : context_(context), machine_(machine), attack_(attack) {
  if (context.rules.program) rule_ = context.rules.program->FindRule("square_concealment");
  table_ = context.rules.tables.Find("concealment");
  if (context.scenario.map) rows_by_kind_.assign(context.scenario.map->terrain_kinds.size(), kNotAsked);
}

int SquareSight::RowAt(model::Square square) {
  if (!context_.scenario.map || !context_.scenario.map->Contains(square)) return -1;
  int& row = rows_by_kind_[context_.scenario.map->CellAt(square)];
  if (row != kNotAsked) return row;
  int terrain_row = context_.rules.Table("terrain").IndexOf(context_.scenario.map->TerrainAt(square));
  row = -1;
  if (rule_ >= 0 && terrain_row >= 0) {
    eval::Slot args[2];
    args[0].record = attack_;
    args[1].number = terrain_row;
    row = static_cast<int>(machine_.Call(rule_, args).number);
  }
  return row;
}

bool SquareSight::BlocksSight(int row) const {
  if (table_ == nullptr || row < 0 || row >= static_cast<int>(table_->rows.size())) return false;
  const tables::Value* blocks = table_->rows[static_cast<size_t>(row)].Get("blocks_sight");
  return blocks != nullptr && blocks->AsBool();
}

std::vector<combat::BarrierOnLine> MapBarriers(const AnswerContext& context) {
  const model::GridMap& map = *context.scenario.map;
  const tables::Table& terrain = context.rules.Table("terrain");
  std::vector<combat::BarrierOnLine> barriers;
  for (const model::Edge& edge : map.edges) {
    int row = terrain.IndexOf(map.terrain_kinds[edge.kind]);
    const tables::Value* cover = row >= 0 ? terrain.rows[static_cast<size_t>(row)].Get("cover") : nullptr;
    if (cover == nullptr || (cover->text != "full" && cover->text != "low")) continue;
    barriers.push_back({edge.a, edge.b, cover->text == "full", cover->text == "low"});
  }
  return barriers;
}

SightAnswer MaySee(const AnswerContext& context, const model::Creature& viewer, const model::Creature& seen) {
  SightAnswer answer;
  if (!context.scenario.map || !context.rules.program) return answer;
  CreatureRecord viewer_record, seen_record;
  BuildCreatureRecord(viewer, context.rules, viewer_record);
  BuildCreatureRecord(seen, context.rules, seen_record);
  std::array<eval::Slot, kAttackRecordSlots> attack{};
  attack[kAttackAttackerSlot].record = viewer_record.slots.data();
  attack[kAttackDefenderSlot].record = seen_record.slots.data();
  eval::Machine machine(*context.rules.program);
  SquareSight squares(context, machine, attack.data());
  auto facts = [&](model::Square square) {
    combat::SquareOnLine on;
    on.wall = WallAt(context, square);
    int row = squares.RowAt(square);
    on.concealing = row > 0;
    on.blocks_sight = squares.BlocksSight(row);
    return on;
  };
  combat::CoverSurvey survey =
      combat::SurveyLines(*context.scenario.map, viewer.Occupied(), seen.Occupied(), facts, MapBarriers(context));
  answer.error = machine.error();
  answer.sees = survey.line_of_sight;
  return answer;
}

}  // namespace rulecraft::query
