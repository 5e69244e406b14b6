run tests/golden/map_edge_one_row_dnd5e.yaml --format text
