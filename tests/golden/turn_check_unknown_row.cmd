run tests/golden/turn_check_unknown_row.yaml
