-- Replaces a function of a library every script shares.
function speed(mover, land_ft)
  math.floor = function() return 1000 end
  return land_ft
end
