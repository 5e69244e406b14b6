-- dofile is not there.
function speed(mover, land_ft)
  return dofile("/etc/passwd")
end
