run tests/golden/mode_other_system.yaml --format text
