diff dnd35 tests/golden/broken_rules
