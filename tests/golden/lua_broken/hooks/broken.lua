-- A syntax error: the cost expression is not finished.
function step_cost(mover, step, mode, cost)
  return cost *
end
