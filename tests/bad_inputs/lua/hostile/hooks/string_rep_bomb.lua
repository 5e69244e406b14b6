-- string.rep asked for ten gigabytes at once.
function speed(mover, land_ft)
  return #string.rep("x", 10000000000)
end
