-- load is not there.
function speed(mover, land_ft)
  return load("return 5")()
end
