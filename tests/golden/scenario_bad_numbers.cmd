run tests/golden/scenario_bad_numbers.yaml
