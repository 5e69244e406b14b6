-- A creature, usually a very large one, that stays an obstacle even when helpless.
--
--   000 (dnd35): "무력화된 적이 점유한 구역은 페널티 없이 통과해 이동할 수 있습니다. (일부 생물,
--       특히 아주 큰 생물은 무력화 상태더라도 장애물로 취급될 수 있습니다. 그러한 경우, 통과하는
--       각 구역은 2칸으로 계산됩니다.)" (a helpless enemy's square may be moved through without
--       penalty; some creatures, especially very large ones, may count as an obstacle even when
--       helpless: then each square moved through counts as 2 squares)
--   004 (age_of_heroes): "Some creatures, particularly very large ones, may present an obstacle
--       even when helpless. In such cases, each square you move through counts as 2 squares."
--   001 (starfinder): "Некоторые существа, в том числе особо крупные, могут быть препятствием
--       даже в беспомощном состоянии. В таких случаях при проходе каждая клетка, занимаемая
--       этими существами, считается за две."
--
-- An occupant's exception: when the creature with this trait is helpless and another creature
-- moves through its squares, each of those steps costs double, as an obstacle's square does
-- (000 두 배의 이동 비용: "이동 비용이 두 배가 됩니다 … 그러한 지역을 통과하는 대각선은 3칸으로
-- 취급됩니다"): 2 squares, 3 for a diagonal, and doubling again on top of other hindrances
-- (4, 6 …). Minimum movement (a full round for one square) is not made dearer. While the
-- creature is not helpless, the rules' own answer (no passing an enemy) stands.

-- Written for the rulesets whose texts carry this exception: 003 (dnd5e) has none.
rulesets = { "dnd35", "starfinder", "age_of_heroes" }

local function doubled(step, cost)
  if step.diagonal and cost < 3 then return 3 end  -- "a diagonal … counts as 3 squares"
  return cost * 2
end

function occupant_step_cost(mover, step, mode, cost)
  if not step.to:has("helpless") or mode.name == "minimum_move" then return nil end
  return doubled(step, cost)
end
