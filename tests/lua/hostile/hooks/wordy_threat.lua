-- A threat that is a word, not true or false.
function threatens(self, dx, dy, reach_weapon, threatens) return "yes" end
