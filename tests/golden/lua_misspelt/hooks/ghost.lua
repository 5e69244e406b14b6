-- A ghost ignores difficult terrain; the square's field is misspelt (top level of a view).
function step_cost(mover, step, mode, cost)
  if step.to.terain.difficult then
    local allowed, plain = step:on_terrain("open")
    return plain
  end
end
