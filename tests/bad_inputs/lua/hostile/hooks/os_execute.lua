-- os is not there.
function speed(mover, land_ft)
  os.execute("touch /tmp/rulecraft-was-here")
  return land_ft
end
