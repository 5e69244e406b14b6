-- Recursion without end.
local function deeper(n) return deeper(n + 1) + 1 end
function speed(mover, land_ft)
  return deeper(0)
end
