-- A pattern that backtracks for ages on a long subject.
function may_enter(mover, step, mode, allowed)
  local subject = string.rep("a", 60000)
  return string.match(subject, "a-a-a-a-a-a-a-a-a-a-b") ~= nil
end
