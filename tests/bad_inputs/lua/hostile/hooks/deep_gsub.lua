-- Recursion through string.gsub's replacement function, C call inside Lua call inside C call.
local function deeper(s) return (s:gsub(".", deeper)) end
function speed(mover, land_ft)
  deeper("a")
  return land_ft
end
