-- A spider walks webs as open ground; the terrain row's field is misspelt (nested: a row).
function step_cost(mover, step, mode, cost)
  if step.to.terrain.nmae == "web" then
    return 1
  end
end
