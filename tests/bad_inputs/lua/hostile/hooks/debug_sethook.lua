-- debug is not there: a script cannot take the count hook away.
function speed(mover, land_ft)
  debug.sethook()
  while true do end
end
