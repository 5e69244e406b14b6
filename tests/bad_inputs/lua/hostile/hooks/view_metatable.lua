-- Puts a metatable on a view it was lent.
function may_enter(mover, step, mode, allowed)
  setmetatable(step, { __index = function() return true end })
  return allowed
end
