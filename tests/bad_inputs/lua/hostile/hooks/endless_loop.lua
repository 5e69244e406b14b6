-- An endless loop.
function step_cost(mover, step, mode, cost)
  while true do end
end
