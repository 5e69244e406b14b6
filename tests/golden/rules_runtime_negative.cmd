run tests/golden/rules_runtime/negative.yaml --format text
