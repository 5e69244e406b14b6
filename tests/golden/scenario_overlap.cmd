run tests/golden/scenario_overlap.yaml --format text
