run tests/golden/input_yaml
