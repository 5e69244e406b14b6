diff dnd35 dnd35
