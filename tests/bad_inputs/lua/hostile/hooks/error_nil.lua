-- Raises nil.
function speed(mover, land_ft)
  error(nil)
end
