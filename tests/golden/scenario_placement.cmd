run tests/golden/scenario_placement.yaml
