-- A byte that is not UTF-8 in a script.
function speed(mover, land_ft) return "ÿ" end
