-- Raises an error whose value is a table.
function speed(mover, land_ft)
  error({ code = 42, why = "a table, not a message" })
end
