check tests/golden/empty_table
