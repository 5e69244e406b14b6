run tests/golden/rules_runtime/zero.yaml --format text
