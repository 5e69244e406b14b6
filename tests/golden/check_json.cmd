check tests/golden/empty_table dnd35 --format json
