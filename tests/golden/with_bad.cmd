test tests/golden/with_bad.yaml
