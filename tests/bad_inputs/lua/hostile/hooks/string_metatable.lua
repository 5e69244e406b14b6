-- Changes the metatable all strings share, so that other scripts' string methods would break.
function speed(mover, land_ft)
  getmetatable("").__index = function() return nil end
  return land_ft
end
