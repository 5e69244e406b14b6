run tests/golden/map_edge_one_row_age_of_heroes.yaml --format text
