-- An endless loop at the top level, run when the script is loaded.
while true do end
function speed(mover, land_ft) return land_ft end
