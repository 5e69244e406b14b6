chekc dnd35
