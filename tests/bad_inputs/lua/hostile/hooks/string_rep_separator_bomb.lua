-- string.rep with a separator, asked for a gigabyte in one call.
function may_end(mover, square, mode, allowed)
  return #("ab"):rep(500000000, "cd") > 0
end
