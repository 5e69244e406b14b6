check tests/golden/broken_dnd35
