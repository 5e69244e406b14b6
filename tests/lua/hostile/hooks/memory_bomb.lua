-- A memory bomb: the memory cap stops it.
function step_cost(mover, step, mode, cost)
  local bomb = "boom"
  while true do bomb = bomb .. bomb end
end
