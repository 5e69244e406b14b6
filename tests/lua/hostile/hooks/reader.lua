-- io is not there.
function may_end(mover, square, mode, allowed)
  local file = io.open("/etc/passwd")
  return file ~= nil
end
