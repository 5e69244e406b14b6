-- A step that pays the mover back.
function step_cost(mover, step, mode, cost) return -1e308 end
