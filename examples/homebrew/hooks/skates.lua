-- House rule 6 (README.md): a creature on skates glides over slippery terrain. The terrain
-- table's `slippery` column is the homebrew's own (tables/terrain.yaml), read here as any other
-- column: each step onto slippery ground costs 1 square, straight or diagonal. Every row has
-- the column, dnd35's rows its default (false), never nil.
function step_cost(mover, step, mode, cost)
  local slippery = step.to.terrain.slippery
  assert(slippery ~= nil, "terrain row '" .. step.to.terrain.name .. "' has no slippery column")
  if slippery then return 1 end
  return nil
end
