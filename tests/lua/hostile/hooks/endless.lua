-- An endless loop: the instruction budget stops it.
function step_cost(mover, step, mode, cost)
  while true do end
end
