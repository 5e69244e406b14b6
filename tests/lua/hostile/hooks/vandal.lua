-- Tries to change what it was given: the views are read-only.
function step_cost(mover, step, mode, cost)
  step.to.terrain.difficult = false
end
