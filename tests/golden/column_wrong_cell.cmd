check tests/golden/column_wrong_cell
