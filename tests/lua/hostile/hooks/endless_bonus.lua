-- An attack modifier that is no number.
function attack_bonus(attack, bonus) return math.huge end
