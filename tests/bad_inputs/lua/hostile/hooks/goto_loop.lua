-- An endless loop made of goto.
function speed(mover, land_ft)
  ::again::
  goto again
end
