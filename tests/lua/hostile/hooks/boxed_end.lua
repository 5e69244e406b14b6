-- An end that is a table, not true or false.
function may_end(mover, square, mode, allowed) return {} end
