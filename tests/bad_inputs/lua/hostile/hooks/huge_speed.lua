-- A speed no creature has.
function speed(mover, land_ft) return 1e300 end
