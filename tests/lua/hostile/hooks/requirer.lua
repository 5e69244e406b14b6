-- Nor require.
function speed(mover, land)
  local os = require("os")
  return land
end
