run tests/golden/bad_chase.yaml
