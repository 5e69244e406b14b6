-- Incorporeal creatures are not hampered by difficult terrain and avoid most obstacles.
--
--   000 (dnd35): "비행하거나 무형인 생물은 까다로운 지역의 방해를 받지 않습니다." (flying or
--       incorporeal creatures are not hampered by difficult terrain); "비행하거나 무형인 생물은
--       대부분의 장애물을 회피합니다." (they avoid most obstacles)
--   004 (age_of_heroes): "Flying and spiritual creatures are not hampered by difficult terrain";
--       "Flying and spiritual creatures can avoid most obstacles"
--   001 (starfinder): "На движение летающих и бестелесных существ участки пересечённой
--       местности в большинстве случаев не влияют, хотя густые кроны деревьев или переплетения
--       цепей могут считаться для них пересечённой местностью." (mostly not affected by difficult
--       terrain, though canopy or tangled chains may count as difficult for them)
--
-- A square that is difficult, or holds an obstacle that hampers (not blocks) movement, costs
-- and allows what the same step would on open ground: the ruleset's own rules still decide the
-- rest (diagonals, occupants, the movement mode). "Most" obstacles: blocking ones (walls, pits)
-- still block. Terrain marked `hampers_flyers` (canopy, chains) still hampers.

-- Written for the rulesets whose texts carry this exception (dnd5e's 003 does not); a ruleset
-- extending one of them gets it too. Elsewhere the trait stays a plain trait.
rulesets = { "dnd35", "starfinder", "age_of_heroes" }

local function hampers(terrain)
  if terrain.hampers_flyers then return false end
  return terrain.difficult or terrain.obstacle == "hampering"
end

function may_enter(mover, step, mode, allowed)
  if not allowed and hampers(step.to.terrain) then
    return (step:on_terrain("open"))
  end
end

function step_cost(mover, step, mode, cost)
  if hampers(step.to.terrain) then
    local allowed, plain = step:on_terrain("open")
    if allowed then return plain end
  end
end

function may_end(mover, square, mode, allowed)
  if not allowed and hampers(square.terrain) then
    return square:on_terrain("open")
  end
end
