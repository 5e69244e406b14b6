-- A hook this ruleset ships itself (hooks/ of a ruleset come before the shared scripts/).
-- 004 (age_of_heroes): "Flying and spiritual creatures are not hampered by difficult terrain."
-- The same exception as scripts/incorporeal.lua, under Age of Heroes' word, for difficult
-- terrain only.

function may_enter(mover, step, mode, allowed)
  if not allowed and step.to.terrain.difficult then
    return (step:on_terrain("open"))
  end
end

function step_cost(mover, step, mode, cost)
  if step.to.terrain.difficult then
    local allowed, plain = step:on_terrain("open")
    if allowed then return plain end
  end
end
