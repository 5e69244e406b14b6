run tests/golden/bad_scenario.yaml
