-- The same through xpcall's handler, which answers a value.
function step_cost(mover, step, mode, cost)
  local ok, value = xpcall(function()
    local bomb = "boom"
    while true do bomb = bomb .. bomb end
  end, function(e) return 1 end)
  return value
end
