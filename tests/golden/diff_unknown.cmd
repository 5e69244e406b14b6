diff dnd35 dnd53
