-- A speed that is not a number of feet.
function speed(mover, land_ft) return 0/0 end
