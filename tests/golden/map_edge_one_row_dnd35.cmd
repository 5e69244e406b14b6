run tests/golden/map_edge_one_row_dnd35.yaml --format text
