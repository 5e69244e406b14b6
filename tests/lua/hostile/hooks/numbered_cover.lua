-- A cover that is a number, not a row of table cover.
function cover(attack, cover) return 3 end
