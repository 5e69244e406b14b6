-- Neither is load.
function speed(mover, land)
  return load("return 1000")()
end
