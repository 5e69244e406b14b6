-- An endless loop inside a coroutine, where a count hook set on the main thread does not reach.
function speed(mover, land_ft)
  local co = coroutine.create(function() while true do end end)
  coroutine.resume(co)
  return land_ft
end
