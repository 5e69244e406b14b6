-- pcall and xpcall still catch a script's own errors, and xpcall's handler sees the error.
function step_cost(mover, step, mode, cost)
  local ok = pcall(error, "oops")
  local caught, message = xpcall(function() error("bad", 0) end, function(e) return "handled " .. e end)
  if ok or caught or message ~= "handled bad" then return 100 end
  return cost
end
