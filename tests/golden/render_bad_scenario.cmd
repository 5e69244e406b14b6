render tests/golden/bad_scenario.yaml
