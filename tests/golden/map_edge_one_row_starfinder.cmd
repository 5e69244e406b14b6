run tests/golden/map_edge_one_row_starfinder.yaml --format text
