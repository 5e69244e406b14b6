-- Returns a cost that is no cost.
function step_cost(mover, step, mode, cost)
  return -1
end
