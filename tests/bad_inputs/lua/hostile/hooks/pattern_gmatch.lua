-- The same through gmatch.
function speed(mover, land_ft)
  for word in string.gmatch(string.rep("a", 60000), "(.-)(.-)(.-)(.-)(.-)b") do return 0 end
  return land_ft
end
