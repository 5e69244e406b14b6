-- A pattern whose backtracking would run for hours: refused before the matcher starts.
function step_cost(mover, step, mode, cost)
  local text = string.rep("a", 100000)
  if string.find(text, ".-.-.-.-.-.-.-.-b") then return 0 end
end
