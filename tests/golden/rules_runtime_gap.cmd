run tests/golden/rules_runtime/gap.yaml
