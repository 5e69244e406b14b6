-- A toll on creatures moving through its square that is below zero.
function occupant_step_cost(mover, step, mode, cost) return -2 end
