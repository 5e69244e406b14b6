-- An AC modifier that is no number.
function ac_bonus(attack, bonus) return 0/0 end
