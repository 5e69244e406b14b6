-- table.concat of a table that repeats one long string.
function speed(mover, land_ft)
  local parts = {}
  local piece = string.rep("y", 100000)
  for i = 1, 100 do parts[i] = piece end
  return #table.concat(parts, piece)
end
