-- A speed that is words.
function speed(mover, land_ft) return "fast" end
