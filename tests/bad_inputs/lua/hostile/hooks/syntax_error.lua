-- Not Lua.
function speed(mover, land_ft)
  return land_ft +
end
