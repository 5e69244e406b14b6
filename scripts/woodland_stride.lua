-- A creature that ignores one kind of terrain: it moves through undergrowth as if it were open
-- ground (the d20 SRD's woodland stride, "may move through any sort of undergrowth (such as
-- natural thorns, briars, overgrown areas, and similar terrain) at its normal speed").
--
-- The undergrowth the bundled rulesets name: starfinder's `undergrowth` (001: "Движение могут
-- замедлять самые разные вещи, такие как густой подлесок" — dense undergrowth is one of the
-- things that slow movement) and dnd5e's `vegetation` (003: "矮家具、瓦砾、植披 … 都是困难地形的
-- 范例"). Copy this file under another trait name and change IGNORED to ignore another kind.

local IGNORED = { undergrowth = true, vegetation = true }

function may_enter(mover, step, mode, allowed)
  if not allowed and IGNORED[step.to.terrain.name] then
    return (step:on_terrain("open"))
  end
end

function step_cost(mover, step, mode, cost)
  if IGNORED[step.to.terrain.name] then
    local allowed, plain = step:on_terrain("open")
    if allowed then return plain end
  end
end

function may_end(mover, square, mode, allowed)
  if not allowed and IGNORED[square.terrain.name] then
    return square:on_terrain("open")
  end
end
