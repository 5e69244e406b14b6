-- House rule 6 (README.md): a creature on skates glides over slippery terrain. The terrain
-- table's `slippery` column is the homebrew's own (tables/terrain.yaml), read here as any other
-- column: each step onto slippery ground costs 1 square, straight or diagonal.
function step_cost(mover, step, mode, cost)
  if step.to.terrain.slippery then return 1 end
  return nil
end
