-- Catches running out of memory with pcall and answers anyway: running out cannot be caught.
function step_cost(mover, step, mode, cost)
  local ok = pcall(function()
    local bomb = "boom"
    while true do bomb = bomb .. bomb end
  end)
  return cost
end
