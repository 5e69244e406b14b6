-- A modder's exception: a creature that glides through stone (a xorn's earth glide) may be
-- placed inside a wall, which the ruleset's `may_occupy` rule refuses everyone else
-- (docs/lua.md, hook point may_occupy; docs/scenarios.md, "Where creatures may stand").

function may_occupy(mover, square, allowed)
  if not allowed and square.terrain.name == "wall" then return true end
end
